package monitor

// builtinModels are the context windows archon knows (as published by the
// providers; prices are USD per million input tokens at standard rates).
var builtinModels = []Model{
	// OpenAI
	{Name: "gpt-5", Window: 400_000, MaxOutput: 128_000, Provider: "openai", InputPrice: 1.25, Aliases: []string{"gpt-5-chat-latest"}},
	{Name: "gpt-5.1", Window: 400_000, MaxOutput: 128_000, Provider: "openai", InputPrice: 1.25},
	{Name: "gpt-5-mini", Window: 400_000, MaxOutput: 128_000, Provider: "openai", InputPrice: 0.25},
	{Name: "gpt-5-nano", Window: 400_000, MaxOutput: 128_000, Provider: "openai", InputPrice: 0.05},
	{Name: "gpt-5-codex", Window: 400_000, MaxOutput: 128_000, Provider: "openai", InputPrice: 1.25},
	{Name: "gpt-4.1", Window: 1_047_576, MaxOutput: 32_768, Provider: "openai", InputPrice: 2.00},
	{Name: "gpt-4.1-mini", Window: 1_047_576, MaxOutput: 32_768, Provider: "openai", InputPrice: 0.40},
	{Name: "gpt-4.1-nano", Window: 1_047_576, MaxOutput: 32_768, Provider: "openai", InputPrice: 0.10},
	{Name: "gpt-4o", Window: 128_000, MaxOutput: 16_384, Provider: "openai", InputPrice: 2.50, Aliases: []string{"chatgpt-4o-latest"}},
	{Name: "gpt-4o-mini", Window: 128_000, MaxOutput: 16_384, Provider: "openai", InputPrice: 0.15},
	{Name: "gpt-4-turbo", Window: 128_000, MaxOutput: 4_096, Provider: "openai", InputPrice: 10.00, Aliases: []string{"gpt-4-1106-preview", "gpt-4-0125-preview", "gpt-4-turbo-preview"}},
	{Name: "gpt-4", Window: 8_192, MaxOutput: 8_192, Provider: "openai", InputPrice: 30.00, Aliases: []string{"gpt-4-0613"}},
	{Name: "gpt-4-32k", Window: 32_768, Provider: "openai", InputPrice: 60.00},
	{Name: "gpt-3.5-turbo", Window: 16_385, MaxOutput: 4_096, Provider: "openai", InputPrice: 0.50},
	{Name: "o1", Window: 200_000, MaxOutput: 100_000, Provider: "openai", InputPrice: 15.00},
	{Name: "o1-mini", Window: 128_000, MaxOutput: 65_536, Provider: "openai", InputPrice: 1.10},
	{Name: "o3", Window: 200_000, MaxOutput: 100_000, Provider: "openai", InputPrice: 2.00},
	{Name: "o3-mini", Window: 200_000, MaxOutput: 100_000, Provider: "openai", InputPrice: 1.10},
	{Name: "o3-pro", Window: 200_000, MaxOutput: 100_000, Provider: "openai", InputPrice: 20.00},
	{Name: "o4-mini", Window: 200_000, MaxOutput: 100_000, Provider: "openai", InputPrice: 1.10},
	{Name: "gpt-oss-120b", Window: 131_072, Provider: "openai", Encoding: "o200k_base"},
	{Name: "gpt-oss-20b", Window: 131_072, Provider: "openai", Encoding: "o200k_base"},
	// Anthropic
	{Name: "claude-opus-4-5", Window: 200_000, MaxOutput: 64_000, Provider: "anthropic", InputPrice: 5.00},
	{Name: "claude-opus-4-1", Window: 200_000, MaxOutput: 32_000, Provider: "anthropic", InputPrice: 15.00},
	{Name: "claude-opus-4", Window: 200_000, MaxOutput: 32_000, Provider: "anthropic", InputPrice: 15.00, Aliases: []string{"claude-opus-4-0"}},
	{Name: "claude-sonnet-4-5", Window: 200_000, MaxOutput: 64_000, Provider: "anthropic", InputPrice: 3.00},
	{Name: "claude-sonnet-4", Window: 200_000, MaxOutput: 64_000, Provider: "anthropic", InputPrice: 3.00, Aliases: []string{"claude-sonnet-4-0"}},
	{Name: "claude-haiku-4-5", Window: 200_000, MaxOutput: 64_000, Provider: "anthropic", InputPrice: 1.00},
	{Name: "claude-3-7-sonnet", Window: 200_000, MaxOutput: 64_000, Provider: "anthropic", InputPrice: 3.00, Aliases: []string{"claude-3.7-sonnet"}},
	{Name: "claude-3-5-sonnet", Window: 200_000, MaxOutput: 8_192, Provider: "anthropic", InputPrice: 3.00, Aliases: []string{"claude-3.5-sonnet"}},
	{Name: "claude-3-5-haiku", Window: 200_000, MaxOutput: 8_192, Provider: "anthropic", InputPrice: 0.80, Aliases: []string{"claude-3.5-haiku"}},
	{Name: "claude-3-opus", Window: 200_000, MaxOutput: 4_096, Provider: "anthropic", InputPrice: 15.00},
	{Name: "claude-3-haiku", Window: 200_000, MaxOutput: 4_096, Provider: "anthropic", InputPrice: 0.25},
	// Google
	{Name: "gemini-3-pro", Window: 1_048_576, MaxOutput: 65_536, Provider: "google", InputPrice: 2.00, Aliases: []string{"gemini-3-pro-preview"}},
	{Name: "gemini-2.5-pro", Window: 1_048_576, MaxOutput: 65_536, Provider: "google", InputPrice: 1.25},
	{Name: "gemini-2.5-flash", Window: 1_048_576, MaxOutput: 65_536, Provider: "google", InputPrice: 0.30},
	{Name: "gemini-2.5-flash-lite", Window: 1_048_576, MaxOutput: 65_536, Provider: "google", InputPrice: 0.10},
	{Name: "gemini-2.0-flash", Window: 1_048_576, MaxOutput: 8_192, Provider: "google", InputPrice: 0.10},
	{Name: "gemini-1.5-pro", Window: 2_097_152, MaxOutput: 8_192, Provider: "google", InputPrice: 1.25},
	{Name: "gemini-1.5-flash", Window: 1_048_576, MaxOutput: 8_192, Provider: "google", InputPrice: 0.075},
	{Name: "gemma-3", Window: 131_072, Provider: "google"},
	// Meta Llama
	{Name: "llama-4-scout", Window: 10_000_000, Provider: "meta"},
	{Name: "llama-4-maverick", Window: 1_000_000, Provider: "meta"},
	{Name: "llama-3.3-70b", Window: 131_072, Provider: "meta"},
	{Name: "llama-3.2-3b", Window: 131_072, Provider: "meta"},
	{Name: "llama-3.2-1b", Window: 131_072, Provider: "meta"},
	{Name: "llama-3.1-405b", Window: 131_072, Provider: "meta"},
	{Name: "llama-3.1-70b", Window: 131_072, Provider: "meta"},
	{Name: "llama-3.1-8b", Window: 131_072, Provider: "meta"},
	{Name: "llama-3-70b", Window: 8_192, Provider: "meta", Aliases: []string{"llama3-70b"}},
	{Name: "llama-3-8b", Window: 8_192, Provider: "meta", Aliases: []string{"llama3-8b"}},
	{Name: "llama3.1", Window: 131_072, Provider: "meta"},
	{Name: "llama3.2", Window: 131_072, Provider: "meta"},
	{Name: "llama3.3", Window: 131_072, Provider: "meta"},
	// Qwen
	{Name: "qwen3-coder", Window: 262_144, Provider: "qwen"},
	{Name: "qwen3-235b-a22b", Window: 131_072, Provider: "qwen"},
	{Name: "qwen3-32b", Window: 131_072, Provider: "qwen"},
	{Name: "qwen3", Window: 131_072, Provider: "qwen"},
	{Name: "qwen2.5-coder", Window: 131_072, Provider: "qwen"},
	{Name: "qwen2.5", Window: 131_072, Provider: "qwen"},
	{Name: "qwen-max", Window: 32_768, Provider: "qwen"},
	{Name: "qwen-plus", Window: 131_072, Provider: "qwen"},
	{Name: "qwen-turbo", Window: 1_000_000, Provider: "qwen"},
	{Name: "qwq-32b", Window: 131_072, Provider: "qwen"},
	// Mistral
	{Name: "mistral-large", Window: 131_072, Provider: "mistral", InputPrice: 2.00},
	{Name: "mistral-medium", Window: 131_072, Provider: "mistral", InputPrice: 0.40},
	{Name: "mistral-small", Window: 131_072, Provider: "mistral", InputPrice: 0.10},
	{Name: "codestral", Window: 256_000, Provider: "mistral", InputPrice: 0.30},
	{Name: "devstral", Window: 131_072, Provider: "mistral"},
	{Name: "ministral-8b", Window: 131_072, Provider: "mistral"},
	{Name: "mistral-nemo", Window: 131_072, Provider: "mistral"},
	{Name: "mixtral-8x22b", Window: 65_536, Provider: "mistral"},
	{Name: "mixtral-8x7b", Window: 32_768, Provider: "mistral"},
	{Name: "mistral-7b", Window: 32_768, Provider: "mistral"},
	// DeepSeek
	{Name: "deepseek-chat", Window: 128_000, Provider: "deepseek", InputPrice: 0.28},
	{Name: "deepseek-reasoner", Window: 128_000, Provider: "deepseek", InputPrice: 0.28},
	{Name: "deepseek-v3", Window: 128_000, Provider: "deepseek", Aliases: []string{"deepseek-v3.1", "deepseek-v3.2"}},
	{Name: "deepseek-r1", Window: 128_000, Provider: "deepseek"},
	{Name: "deepseek-coder-v2", Window: 128_000, Provider: "deepseek"},
}

// tier is a family's default when only the family is recognized.
type tier struct {
	family string
	model  Model
}

// tiers are tried in order; the family name must occur as a word, or
// start the model name.
var tiers = []tier{
	{"claude", Model{Window: 200_000, Provider: "anthropic"}},
	{"gemini", Model{Window: 1_048_576, Provider: "google"}},
	{"gemma", Model{Window: 131_072, Provider: "google"}},
	{"gpt-5", Model{Window: 400_000, Provider: "openai"}},
	{"gpt-4.1", Model{Window: 1_047_576, Provider: "openai"}},
	{"gpt-4o", Model{Window: 128_000, Provider: "openai"}},
	{"gpt", Model{Window: 128_000, Provider: "openai"}},
	{"o1", Model{Window: 200_000, Provider: "openai"}},
	{"o3", Model{Window: 200_000, Provider: "openai"}},
	{"o4", Model{Window: 200_000, Provider: "openai"}},
	{"llama", Model{Window: 131_072, Provider: "meta"}},
	{"qwen", Model{Window: 131_072, Provider: "qwen"}},
	{"mistral", Model{Window: 131_072, Provider: "mistral"}},
	{"mixtral", Model{Window: 32_768, Provider: "mistral"}},
	{"deepseek", Model{Window: 128_000, Provider: "deepseek"}},
}
