package summarize

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"text/template"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/httpjson"
	"github.com/archon-memory/archon/tokens"
)

// Providers an LLM summarizer can talk to.
const (
	ProviderOpenAI    = "openai"    // any OpenAI-compatible chat completions endpoint
	ProviderAnthropic = "anthropic" // the Anthropic Messages API
)

// Defaults of LLMConfig.
const (
	DefaultOpenAIBaseURL    = "https://api.openai.com/v1"
	DefaultAnthropicBaseURL = "https://api.anthropic.com"
	DefaultOpenAIModel      = "gpt-4o-mini"
	DefaultAnthropicModel   = "claude-haiku-4-5"
	DefaultLLMTimeout       = 30 * time.Second
	DefaultLLMInputTokens   = 100_000
	anthropicVersion        = "2023-06-01"
	maxToolResultChars      = 2000
)

// LLMConfig configures an LLM summarizer.
type LLMConfig struct {
	// Provider is ProviderOpenAI or ProviderAnthropic.
	Provider string
	// Model is the model name (DefaultOpenAIModel / DefaultAnthropicModel).
	Model string
	// BaseURL is the API root: for OpenAI-compatible servers the part
	// before /chat/completions (Ollama: http://localhost:11434/v1), for
	// Anthropic the part before /v1/messages.
	BaseURL string
	// APIKeyEnv names the environment variable holding the key
	// (OPENAI_API_KEY / ANTHROPIC_API_KEY). A missing key is an error,
	// except for OpenAI-compatible servers at a non-default BaseURL, which
	// often need none.
	APIKeyEnv string
	// Timeout bounds one request (DefaultLLMTimeout).
	Timeout time.Duration
	// MaxInputTokens bounds the transcript sent (DefaultLLMInputTokens);
	// the oldest messages are left out first, and tool results are cut to
	// 2,000 characters each.
	MaxInputTokens int
	// Getenv reads the environment (os.Getenv when nil).
	Getenv func(string) string
}

// LLM summarizes with a language model and falls back to the extractive
// summarizer on any error: no key, unreachable server, timeout, an HTTP
// error (429 and 5xx are tried twice more first), or an empty or
// unreadable answer. The reason is in Summary.Fallback and logged.
type LLM struct {
	cfg LLMConfig
	log *slog.Logger
}

// NewLLM returns an LLM summarizer. It fails only on an unknown provider.
func NewLLM(cfg LLMConfig, logger *slog.Logger) (*LLM, error) {
	switch cfg.Provider {
	case ProviderOpenAI:
		cfg.Model = cmp.Or(cfg.Model, DefaultOpenAIModel)
		cfg.APIKeyEnv = cmp.Or(cfg.APIKeyEnv, "OPENAI_API_KEY")
	case ProviderAnthropic:
		cfg.Model = cmp.Or(cfg.Model, DefaultAnthropicModel)
		cfg.APIKeyEnv = cmp.Or(cfg.APIKeyEnv, "ANTHROPIC_API_KEY")
		cfg.BaseURL = cmp.Or(cfg.BaseURL, DefaultAnthropicBaseURL)
	default:
		return nil, fmt.Errorf("summarizer: unknown LLM provider %q (want openai or anthropic)", cfg.Provider)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultLLMTimeout
	}
	if cfg.MaxInputTokens <= 0 {
		cfg.MaxInputTokens = DefaultLLMInputTokens
	}
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	return &LLM{cfg: cfg, log: cmp.Or(logger, slog.New(slog.DiscardHandler))}, nil
}

// Summarize implements Summarizer.
func (l *LLM) Summarize(ctx context.Context, msgs []conv.Message, opt Options) (*Summary, error) {
	opt = opt.withDefaults()
	text, err := l.ask(ctx, msgs, opt)
	if err == nil {
		return l.finish(text, msgs, opt), nil
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("llm summary: %w", ctx.Err())
	}
	l.log.Warn("LLM summarizer failed; using the extractive summary", "provider", l.cfg.Provider, "model", l.cfg.Model, "err", err)
	s, ferr := NewExtractive().Summarize(ctx, msgs, opt)
	if ferr != nil {
		return nil, errors.Join(err, ferr)
	}
	s.Fallback = err.Error()
	return s, nil
}

func (l *LLM) ask(ctx context.Context, msgs []conv.Message, opt Options) (string, error) {
	key := l.cfg.Getenv(l.cfg.APIKeyEnv)
	base := cmp.Or(l.cfg.BaseURL, DefaultOpenAIBaseURL)
	if key == "" && (l.cfg.Provider == ProviderAnthropic || base == DefaultOpenAIBaseURL) {
		return "", fmt.Errorf("%s is not set", l.cfg.APIKeyEnv)
	}
	ctx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	base = strings.TrimRight(base, "/")
	system := render("system", struct{ Target int }{opt.TargetTokens})
	user := l.prompt(msgs, opt)
	maxOut := opt.TargetTokens*2 + 200
	if l.cfg.Provider == ProviderAnthropic {
		return l.anthropic(ctx, base+"/v1/messages", key, system, user, maxOut)
	}
	return l.openai(ctx, base+"/chat/completions", key, system, user, maxOut)
}

// llmPrompt holds the LLM summarizer's prompt texts (llm_prompt.tmpl):
// the system prompt, the previous-summary preface and the conversation
// preface.
//
//go:embed llm_prompt.tmpl
var llmPrompt string

var promptTemplates = template.Must(template.New("prompt").Parse(llmPrompt))

// render executes one of the prompt templates.
func render(name string, data any) string {
	var b strings.Builder
	if err := promptTemplates.ExecuteTemplate(&b, name, data); err != nil {
		panic(fmt.Sprintf("summarize: llm_prompt.tmpl %s: %v", name, err)) // the embedded file is tested
	}
	return b.String()
}

// prompt renders the transcript newest-last within MaxInputTokens, with the
// previous summary first.
func (l *LLM) prompt(msgs []conv.Message, opt Options) string {
	budget := l.cfg.MaxInputTokens
	var parts []string
	for i := len(msgs) - 1; i >= 0 && budget > 0; i-- {
		m := msgs[i]
		if !m.Live() {
			continue
		}
		m.Parts = append([]conv.Part(nil), m.Parts...)
		for j := range m.Parts {
			if p := &m.Parts[j]; p.Kind == conv.PartToolResult && len(p.Text) > maxToolResultChars {
				p.Text = p.Text[:maxToolResultChars] + fmt.Sprintf("\n[... %d more characters]", len(p.Text)-maxToolResultChars)
			}
		}
		t := conv.Transcript([]conv.Message{m})
		budget -= tokens.CountEstimate(t)
		if budget < 0 && len(parts) > 0 {
			break
		}
		parts = append(parts, t)
	}
	var b strings.Builder
	if strings.TrimSpace(opt.Previous) != "" {
		b.WriteString(render("previous", opt.Previous))
	}
	b.WriteString(render("conversation", struct{ Shown, Total int }{len(parts), len(msgs)}))
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i] + "\n")
	}
	return b.String()
}

// finish normalizes the model's answer into the summary format.
func (l *LLM) finish(text string, msgs []conv.Message, opt Options) *Summary {
	header := fmt.Sprintf("_Updated %s · %d messages summarized · %s_", opt.Now.Format("2006-01-02 15:04"), len(msgs), l.cfg.Model)
	secs := ParseSections(text)
	md := Title + "\n" + header + "\n\n" + strings.TrimSpace(text) + "\n"
	if len(secs) > 0 {
		md = Render(header, secs)
	}
	// A model may overshoot; drop the last items of the longest section
	// until the summary is within the target.
	for len(secs) > 0 && opt.Counter.Count(md) > opt.TargetTokens {
		longest := bestIndex(secs, func(a, b Section) bool { return len(a.Items) > len(b.Items) })
		if len(secs[longest].Items) == 0 {
			break
		}
		secs[longest].Items = secs[longest].Items[:len(secs[longest].Items)-1]
		md = Render(header, secs)
	}
	return &Summary{Markdown: md, Tokens: opt.Counter.Count(md), Sections: secs, Method: "llm:" + l.cfg.Provider + "/" + l.cfg.Model,
		Dates: itemDates(secs, opt)}
}

// post sends body to url as JSON and decodes the 2xx answer into out.
// key, when set, is sent as a bearer token. A request answered with HTTP
// 429 or 5xx is sent again twice, within LLMConfig.Timeout.
func (l *LLM) post(ctx context.Context, url string, body any, header http.Header, key string, out any) error {
	data, err := httpjson.New(httpjson.Options{
		MaxRetries: 2, Header: header, Key: key, KeyEnv: l.cfg.APIKeyEnv,
		ReportAttempts: true, FailFastOnDeadline: true,
	}).Post(ctx, url, body)
	if err != nil {
		return fmt.Errorf("%s: %w", l.cfg.Provider, err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s: unreadable response: %w", l.cfg.Provider, err)
	}
	return nil
}

func (l *LLM) openai(ctx context.Context, url, key, system, user string, maxOut int) (string, error) {
	body := map[string]any{
		"model":       l.cfg.Model,
		"messages":    []map[string]string{{"role": "system", "content": system}, {"role": "user", "content": user}},
		"max_tokens":  maxOut,
		"temperature": 0,
	}
	// JSON field names match case-insensitively: no tags needed.
	var resp struct {
		Choices []struct{ Message struct{ Content string } }
	}
	if err := l.post(ctx, url, body, nil, key, &resp); err != nil {
		return "", err
	}
	if len(resp.Choices) == 0 || strings.TrimSpace(resp.Choices[0].Message.Content) == "" {
		return "", errors.New("openai: empty answer")
	}
	return resp.Choices[0].Message.Content, nil
}

func (l *LLM) anthropic(ctx context.Context, url, key, system, user string, maxOut int) (string, error) {
	body := map[string]any{
		"model":      l.cfg.Model,
		"max_tokens": maxOut,
		"system":     system,
		"messages":   []map[string]string{{"role": "user", "content": user}},
	}
	h := http.Header{"X-Api-Key": {key}, "Anthropic-Version": {anthropicVersion}}
	var resp struct{ Content []struct{ Type, Text string } }
	if err := l.post(ctx, url, body, h, "", &resp); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range resp.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", errors.New("anthropic: empty answer")
	}
	return b.String(), nil
}
