package convgen

var projects = []string{"billing-service", "checkout", "atlas", "ledger", "notifier", "search-api", "gateway"}

var files = []string{"internal/auth/session.go", "cmd/server/main.go", "pkg/store/postgres.go", "internal/api/handlers.go",
	"pkg/queue/worker.go", "internal/billing/invoice.go", "web/src/App.tsx", "scripts/migrate.sh", "pkg/cache/lru.go",
	"internal/config/config.go", "pkg/metrics/prom.go", "internal/api/routes.go", "pkg/store/migrations/0007_users.sql",
	"internal/search/index.go", "pkg/httpx/retry.go", "internal/notify/email.go", "deploy/helm/values.yaml",
	"internal/auth/token_test.go", "pkg/store/postgres_test.go", "Makefile", "docker-compose.yml", "README.md"}

var features = []string{"pagination", "rate limiting", "session refresh", "invoice export", "retry backoff",
	"email templates", "search ranking", "cache eviction", "audit logging", "webhook delivery", "password reset",
	"CSV import", "health check", "metrics endpoint", "feature flags", "tenant isolation"}

var identifiers = []string{"LoadSession", "refreshToken", "ExportInvoices", "backoffDelay", "RenderTemplate",
	"rankResults", "evictOldest", "writeAudit", "deliverWebhook", "ResetPassword", "parseCSVRow", "checkHealth",
	"recordLatency", "flagEnabled", "tenantFromCtx", "openStore", "withRetry", "validateInput", "encodeCursor"}

var packages = []string{"auth", "store", "api", "queue", "billing", "cache", "config", "metrics", "search", "httpx", "notify"}

var verbs = []string{"loads", "validates", "refreshes", "exports", "renders", "ranks", "evicts", "records", "delivers", "parses"}

var types = []string{"Server", "Store", "Worker", "Handler", "Service", "Client", "Index"}

var people = []string{"maria", "kenji", "fatima", "olu", "sven", "priya", "diego"}

var commands = []string{"go test ./...", "go build ./...", "make lint", "npm test", "git log --oneline -20",
	"docker compose ps", "go vet ./...", "ls -la internal/"}

var requests = []string{
	"Thanks, that looks good. Next, check the %s logic in %s.",
	"Hmm, %s still fails in %s, can you take another look?",
	"I think the %s part of %s is fine, leave it.",
	"Please look at the %s code in %s.",
	"Can you fix the %s handling in %s? It misbehaves on empty input.",
	"Add tests for %s; the code is in %s.",
	"The %s path in %s is slow, can you profile it?",
	"Refactor %s in %s so it is easier to read.",
	"Why does %s fail in %s when the request is cancelled?",
	"Let's continue with the %s work in %s.",
}

var narrations = []string{
	"I need to update the callers in %s as well.",
	"This test fails because the mock in %s is not reset between runs.",
	"The Handler in %s calls LoadSession twice, which is why the counter is off.",
	"Since %s is shared between goroutines, I'll add a mutex.",
	"I'm not done with %s yet; one more change is needed after this.",
	"Looking at %s, the Store interface has grown too large.",
	"Let me read %s first.",
	"I'll look at %s to understand the flow.",
	"Checking %s for the relevant code.",
	"I should check how %s handles this.",
	"Next I need to look at %s.",
	"Let me run the tests after reading %s.",
	"I'm going to search for callers of the function in %s.",
}

var replies = []string{
	"The root cause was in %s: the %s cache was never invalidated because the key ignored the tenant.",
	"I kept the old behaviour in %s since %s depends on it.",
	"We should probably add a test for %s later; %s is covered by the integration suite for now.",
	"Note that %s now returns ErrNotFound for %s instead of nil.",
	"I updated %s; the %s tests pass now.",
	"Done: %s now handles %s for empty input.",
	"The change in %s keeps %s backwards compatible.",
	"I left %s unchanged; %s was already correct there.",
	"Tests for %s cover %s including the error paths.",
	"%s was returning early, which broke %s; fixed.",
}

// plantDocs are notes files whose contents carry SpeakerTool facts.
var plantDocs = []string{"docs/decisions.md", "NOTES.md", "docs/meeting-notes.md", "ops/tracker-export.txt", "CHANGELOG.md"}
