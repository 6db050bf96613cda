package vector_test

import (
	"context"
	"fmt"

	"github.com/archon-memory/archon/rag/vector"
)

func Example() {
	ctx := context.Background()
	ix, err := vector.New(3, vector.Options{})
	if err != nil {
		panic(err)
	}
	// Upsert vectors under ids (archon uses content hashes); they are
	// copied and normalized.
	_ = ix.Add(ctx, []string{"a", "b", "c"}, [][]float32{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}})
	hits, _ := ix.Search(ctx, []float32{1, 0.1, 0}, 2, nil)
	for _, h := range hits {
		fmt.Printf("%s %.2f\n", h.ID, h.Score)
	}
	// A filter restricts the candidates.
	hits, _ = ix.Search(ctx, []float32{1, 0.1, 0}, 1, func(id string) bool { return id != "a" })
	fmt.Println(hits[0].ID)
	_ = ix.Delete(ctx, "c")
	fmt.Println(ix.Len())
	// Output:
	// a 1.00
	// c 0.77
	// c
	// 2
}
