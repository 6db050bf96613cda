//go:build !amd64

package vector

// useAVX2 and useAVX512 are false off amd64.
const (
	useAVX2   = false
	useAVX512 = false
)

// dotAVX2 is never called off amd64.
func dotAVX2(a, b []float32) float32 { return dotGeneric(a, b) }

// hamming8AVX512 is never called off amd64.
func hamming8AVX512(sigs, q []uint64, dist []uint16, hist []int32) {
	hamming8Generic(sigs, q, dist, hist)
}
