package server

import (
	"fmt"
	"io"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
)

// runtimeSamples are the Go runtime's figures /metrics shows, read with
// runtime/metrics (no stop of the world, unlike runtime.ReadMemStats),
// under the names Prometheus's Go client gives them, so that the usual
// dashboards and alerts read them.
var runtimeSamples = []struct {
	runtime, name, typ, help string
}{
	{"/sched/goroutines:goroutines", "go_goroutines", "gauge", "Goroutines that currently exist."},
	{"/memory/classes/heap/objects:bytes", "go_memstats_heap_alloc_bytes", "gauge", "Bytes of allocated heap objects."},
	{"/memory/classes/total:bytes", "go_memstats_sys_bytes", "gauge", "Bytes of memory obtained from the OS."},
	{"/gc/heap/goal:bytes", "go_gc_heap_goal_bytes", "gauge", "Heap size the next collection aims at."},
	{"/gc/cycles/total:gc-cycles", "go_gc_cycles_total", "counter", "Completed garbage-collection cycles."},
}

// writeRuntime writes the Go runtime's figures and, where /proc tells
// them (Linux), the process's resident memory, open files and CPU time.
func writeRuntime(w io.Writer, head func(name, typ, help string)) {
	ss := make([]metrics.Sample, len(runtimeSamples))
	for i, r := range runtimeSamples {
		ss[i].Name = r.runtime
	}
	metrics.Read(ss)
	for i, r := range runtimeSamples {
		var v uint64
		switch ss[i].Value.Kind() {
		case metrics.KindUint64:
			v = ss[i].Value.Uint64()
		default:
			continue // not known to this Go
		}
		head(r.name, r.typ, r.help)
		fmt.Fprintf(w, "%s %d\n", r.name, v)
	}
	if rss, ok := residentBytes(); ok {
		head("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.")
		fmt.Fprintf(w, "process_resident_memory_bytes %d\n", rss)
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		head("process_open_fds", "gauge", "Open file descriptors.")
		fmt.Fprintf(w, "process_open_fds %d\n", len(fds))
	}
}

// residentBytes reads the resident set size from /proc/self/statm
// (pages, the second field).
func residentBytes() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}
