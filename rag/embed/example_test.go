package embed_test

import (
	"context"
	"fmt"

	"github.com/archon-memory/archon/rag/embed"
)

func Example() {
	e, err := embed.New(embed.Config{}) // the offline builtin embedder
	if err != nil {
		panic(err)
	}
	vecs, err := e.Embed(context.Background(), []string{
		"migration 0003 failed on the users table",
		"the users migration failed again",
	})
	if err != nil {
		panic(err)
	}
	var cos float32
	for i := range vecs[0] {
		cos += vecs[0][i] * vecs[1][i]
	}
	fmt.Println(e.ID(), len(vecs[0]), cos > 0.3)
	// Output: builtin/hash-v1/256 256 true
}
