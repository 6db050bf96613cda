// An MCP client with the official TypeScript SDK, for archon's tests.
// Usage: node client.cjs stdio CMD [ARGS...] | node client.cjs http URL TOKEN
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");

async function main() {
  const [mode, ...rest] = process.argv.slice(2);
  let transport;
  if (mode === "stdio") {
    transport = new StdioClientTransport({ command: rest[0], args: rest.slice(1), env: process.env, stderr: "inherit" });
  } else {
    const headers = rest[1] ? { Authorization: "Bearer " + rest[1] } : {};
    transport = new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers } });
  }
  const client = new Client({ name: "archon-test", version: "1.0.0" });
  await client.connect(transport);
  const out = {};
  const tools = await client.listTools();
  out.tools = tools.tools.map((t) => t.name).sort();
  const text = (r) => r.content.map((c) => c.text).join("");
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args });
    return { error: !!r.isError, text: text(r) };
  };
  out.log = await call("memory_log", { text: "Chose NATS for events: lighter than Kafka.", agent: "planner", tags: ["events"] });
  // The entry is indexed in the background; search until it shows up.
  let hits = [];
  for (let i = 0; i < 50 && !hits.some((h) => h.snippet.includes("NATS")); i++) {
    const r = await call("memory_search", { query: "NATS events Kafka", top_k: 3 });
    hits = r.error ? [] : JSON.parse(r.text);
    if (!hits.some((h) => h.snippet.includes("NATS"))) await new Promise((res) => setTimeout(res, 100));
  }
  out.search = hits;
  out.get = hits.length ? await call("memory_get", { id: hits[0].id }) : null;
  out.badget = await call("memory_get", { id: "nope" });
  out.context = await call("memory_context", { budget: 300 });
  out.check = await call("context_check", { conversation: JSON.stringify([{ role: "user", content: "hello there" }]), model: "gpt-4o" });
  out.task = await call("task_add", { title: "Wire NATS", priority: "high" });
  out.tasks = await call("task_list", { ready: true });
  out.item = await call("knowledge_add", { kind: "gotcha", title: "NATS drops messages without JetStream" });
  out.items = await call("knowledge_list", { query: "jetstream" });
  const res = await client.listResources();
  out.resources = res.resources.map((r) => r.name).sort();
  const summary = await client.readResource({ uri: res.resources.find((r) => r.name === "MEMORY_SUMMARY.md").uri });
  out.summary = summary.contents[0].text;
  process.stdout.write(JSON.stringify(out));
  await client.close();
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack ? e.stack : e) + "\n");
  process.exit(1);
});
