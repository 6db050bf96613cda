package summarize

import (
	"slices"
	"testing"
)

func TestPlannedCommands(t *testing.T) {
	plan := "# Plan\n\n## Steps\n\n```bash\n$ npm run build\nfirebase deploy --only functions\n# a comment\n```\n\n```ts\nconst x = 1\n```\n\n~~~sh\ngo test ./...\n~~~\n"
	tests := []struct {
		name string
		ran  []said
		want []string
	}{
		{"nothing run", nil, []string{"npm run build", "firebase deploy --only functions", "go test ./..."}},
		{"run after the plan", []said{{text: "npm run build", at: 5}, {text: "go test ./auth", at: 6}}, []string{"firebase deploy --only functions"}},
		{"run before the plan only", []said{{text: "npm run build", at: 1}}, []string{"npm run build", "firebase deploy --only functions", "go test ./..."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &session{plan: plan, planAt: 3, ran: tt.ran}
			if got := s.plannedCommands(); !slices.Equal(got, tt.want) {
				t.Errorf("plannedCommands() = %q, want %q", got, tt.want)
			}
		})
	}
}
