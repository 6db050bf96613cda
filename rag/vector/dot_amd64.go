package vector

import "golang.org/x/sys/cpu"

// useAVX2 and useAVX512 are fixed at start-up from the processor's
// features.
var (
	useAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasFMA
	useAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasAVX2
)

// dotAVX2 is dot with AVX2 and FMA; b is at least as long as a.
//
//go:noescape
func dotAVX2(a, b []float32) float32

// hamming8AVX512 is hamming8 with AVX-512 (VPOPCNTQ): sigs holds at least
// 8*len(dist) words and hist at least 513 counters.
//
//go:noescape
func hamming8AVX512(sigs, q []uint64, dist []uint16, hist []int32)
