package rerank

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

// LLM scores documents by asking a chat model behind an OpenAI-compatible
// POST {url}/chat/completions endpoint (OpenAI, vLLM, llama.cpp server,
// Ollama's /v1, LM Studio, LiteLLM, OpenRouter) for a JSON object
// {"scores": [...]} of 0-10 relevance ratings, one per numbered document,
// at temperature 0 with response_format json_object. A server that rejects
// response_format (HTTP 400 or 422) is asked once more without it, and
// without it from then on.
//
// Cost and latency: every search makes one chat completion whose prompt
// holds all candidates (up to MaxDocChars each, default 1,000), so expect
// seconds per search and, on a paid API, tokens billed per search. Prefer
// [CrossEncoder] unless only a chat model is available. Reasoning models
// that refuse temperature 0 are not supported. Safe for concurrent use.
type LLM struct {
	s        settings
	c        *client
	url      string
	noFormat atomic.Bool // the server rejected response_format
}

// NewLLM returns an LLM reranker; cfg.Model and cfg.URL are required. See
// [Config] and [New].
func NewLLM(cfg Config) (*LLM, error) {
	s, err := validate(cfg, ProviderLLM, DefaultMaxDocChars)
	if err != nil {
		return nil, err
	}
	if s.model == "" {
		return nil, fmt.Errorf("rerank: %s needs a model name (for example gpt-4o-mini)", ProviderLLM)
	}
	return &LLM{s: s, c: newClient(s), url: s.base + "/chat/completions"}, nil
}

// ID returns "llm/<model>".
func (l *LLM) ID() string { return ProviderLLM + "/" + l.s.model }

const llmSystemPrompt = `You judge search results. Rate how relevant each numbered document is to the query, from 0 (unrelated) to 10 (directly answers it). ` +
	`Reply with only a JSON object of the form {"scores": [s0, s1, ...]} holding exactly one number per document, in document order, and nothing else.`

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type string `json:"type"`
}

type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []chatMessage   `json:"messages"`
	Temperature    float64         `json:"temperature"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// Rerank returns one 0-10 score per document, as the model rated them.
func (l *LLM) Rerank(ctx context.Context, query string, docs []string) ([]float64, error) {
	if len(docs) == 0 {
		return []float64{}, nil
	}
	req := chatRequest{
		Model: l.s.model,
		Messages: []chatMessage{
			{Role: "system", Content: llmSystemPrompt},
			{Role: "user", Content: userPrompt(query, docs, l.s.maxDocChars)},
		},
	}
	var scores []float64
	err := withTimeout(ctx, l.s.timeout, func(ctx context.Context) error {
		data, err := l.post(ctx, req)
		if err != nil {
			return err
		}
		scores, err = parseChat(l.url, data, len(docs))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("rerank: %s: %w", l.ID(), err)
	}
	return scores, nil
}

// post sends req with response_format json_object unless the server has
// rejected it, retrying once without it on HTTP 400 or 422.
func (l *LLM) post(ctx context.Context, req chatRequest) ([]byte, error) {
	if !l.noFormat.Load() {
		req.ResponseFormat = &responseFormat{Type: "json_object"}
		data, err := l.c.post(ctx, l.url, req)
		if _, rejected := statusIs(err, http.StatusBadRequest, http.StatusUnprocessableEntity); !rejected {
			return data, err
		}
		data, err2 := l.c.post(ctx, l.url, chatRequest{Model: req.Model, Messages: req.Messages})
		if err2 != nil {
			return nil, fmt.Errorf("%w (first attempt, with response_format: %v)", err2, err)
		}
		l.noFormat.Store(true)
		return data, nil
	}
	return l.c.post(ctx, l.url, req)
}

// userPrompt numbers the documents from 0, each cut to maxChars and folded
// onto one line.
func userPrompt(query string, docs []string, maxChars int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Query: %s\n\nDocuments (%d):\n", oneLine(query), len(docs))
	for i, d := range docs {
		fmt.Fprintf(&b, "[%d] %s\n", i, oneLine(truncate(d, maxChars)))
	}
	fmt.Fprintf(&b, "\nReply with {\"scores\": [...]} holding exactly %d numbers from 0 to 10.", len(docs))
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// parseChat takes the first choice's content and finds the scores in it.
func parseChat(url string, data []byte, n int) ([]float64, error) {
	var resp chatResponse
	if err := json.Unmarshal(data, &resp); err != nil {
		return nil, badResponse(url, data, "malformed JSON (%v)", err)
	}
	if len(resp.Choices) == 0 {
		return nil, badResponse(url, data, "no choices")
	}
	ch := resp.Choices[0]
	content := ""
	if ch.Message.Content != nil {
		content = *ch.Message.Content
	}
	if strings.TrimSpace(content) == "" {
		if ch.Message.Refusal != nil && *ch.Message.Refusal != "" {
			return nil, badResponse(url, data, "the model refused")
		}
		return nil, badResponse(url, data, "empty message content (finish_reason %q)", ch.FinishReason)
	}
	scores, err := extractScores(content, n)
	if err != nil {
		if ch.FinishReason == "length" {
			err = fmt.Errorf("%w (the answer was cut off: finish_reason length)", err)
		}
		return nil, badResponse(url, []byte(content), "%v", err)
	}
	return scores, nil
}

// extractScores finds {"scores": [...]} (or else a bare array of numbers)
// in text that may wrap it in a code fence or prose, and checks it holds n
// finite numbers. Numbers written as strings are accepted.
func extractScores(text string, n int) ([]float64, error) {
	found, ok := scanJSON(text, '{', func(dec *json.Decoder) ([]any, bool) {
		var obj struct {
			Scores []any `json:"scores"`
		}
		return obj.Scores, dec.Decode(&obj) == nil && obj.Scores != nil
	})
	if !ok {
		// A bare array: prefer one of the right length over, say, a "[0]"
		// quoted from the prompt.
		var first []any
		found, ok = scanJSON(text, '[', func(dec *json.Decoder) ([]any, bool) {
			var arr []any
			if dec.Decode(&arr) != nil || len(arr) == 0 {
				return nil, false
			}
			if first == nil {
				first = arr
			}
			return arr, len(arr) == n
		})
		if !ok && first != nil {
			found, ok = first, true
		}
	}
	if !ok {
		return nil, fmt.Errorf(`no {"scores": [...]} in the answer`)
	}
	if len(found) != n {
		return nil, fmt.Errorf("%d scores for %d documents", len(found), n)
	}
	scores := make([]float64, n)
	for i, v := range found {
		var f float64
		var err error
		switch x := v.(type) {
		case float64:
			f = x
		case string:
			f, err = strconv.ParseFloat(strings.TrimSpace(x), 64)
		default:
			err = fmt.Errorf("not a number")
		}
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("score %d (%v) is not a finite number", i, v)
		}
		scores[i] = f
	}
	return scores, nil
}

// scanJSON tries decode at every occurrence of open in text and returns the
// first value it accepts.
func scanJSON(text string, open byte, decode func(*json.Decoder) ([]any, bool)) ([]any, bool) {
	for i := strings.IndexByte(text, open); i >= 0; {
		if v, ok := decode(json.NewDecoder(strings.NewReader(text[i:]))); ok {
			return v, true
		}
		next := strings.IndexByte(text[i+1:], open)
		if next < 0 {
			break
		}
		i += next + 1
	}
	return nil, false
}
