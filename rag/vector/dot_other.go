//go:build !amd64

package vector

// useAVX2 is false off amd64.
const useAVX2 = false

// dotAVX2 is never called off amd64.
func dotAVX2(a, b []float32) float32 { return dotGeneric(a, b) }
