package vector

import "golang.org/x/sys/cpu"

// useAVX2 is fixed at start-up from the processor's features.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// dotAVX2 is dot with AVX2 and FMA; b is at least as long as a.
//
//go:noescape
func dotAVX2(a, b []float32) float32
