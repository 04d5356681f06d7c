// An independent MCP client written with the official TypeScript SDK. It runs a plan of steps
// against a server and prints one JSON object per line: {"step": i, "op": ..., "result": ...}
// or {"step": i, "op": ..., "error": "..."}; {"event": "waiting"} before it waits for a
// notifications/tools/list_changed; {"done": true} at the end.
//
//   node client.mjs '<plan json>' --http http://127.0.0.1:PORT/mcp
//   node client.mjs '<plan json>' --stdio java -cp ... Main
//
// Steps: {"op":"list"} (every page), {"op":"call","name":..,"args":{..}},
// {"op":"find_and_call","search":"find_tools","query":..,"args":{..}} (searches in words, then
// calls the first tool found directly by its name), {"op":"read","uri":..},
// {"op":"await_list_changed","timeout_ms":..}, {"op":"info"}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [planText, mode, ...target] = process.argv.slice(2);
const plan = JSON.parse(planText);
const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");

const transport =
  mode === "--http"
    ? new StreamableHTTPClientTransport(new URL(target[0]))
    : new StdioClientTransport({ command: target[0], args: target.slice(1), stderr: "inherit" });

const client = new Client({ name: "toolgate-ts-test-client", version: "1.0.0" });
let changes = 0;
let wake = null;
client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
  changes++;
  if (wake) wake();
});
// Generous timeouts: a busy CI machine may take a while to start the gateway and its servers.
const opts = { timeout: 300000 };
await client.connect(transport, opts);

async function listAll() {
  const tools = [];
  let cursor;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, opts);
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { pages, tools };
}

for (let i = 0; i < plan.length; i++) {
  const step = plan[i];
  try {
    let result;
    switch (step.op) {
      case "info":
        result = {
          protocolVersion: transport.protocolVersion ?? null,
          server: client.getServerVersion(),
          capabilities: client.getServerCapabilities(),
        };
        break;
      case "list":
        result = await listAll();
        break;
      case "call":
        result = await client.callTool({ name: step.name, arguments: step.args ?? {} }, undefined, opts);
        break;
      case "find_and_call": {
        const search = step.search ?? "find_tools";
        const found = await client.callTool(
          { name: search, arguments: { query: step.query } },
          undefined,
          opts,
        );
        const tools = found.structuredContent?.tools ?? [];
        if (tools.length === 0) throw new Error("search found nothing: " + JSON.stringify(found));
        const chosen = tools[0].name ?? tools[0].tool_id;
        const called = await client.callTool(
          { name: chosen, arguments: step.args ?? {} },
          undefined,
          opts,
        );
        result = { found: tools.map((t) => t.name ?? t.tool_id), chosen, called };
        break;
      }
      case "read":
        result = await client.readResource({ uri: step.uri }, opts);
        break;
      case "await_list_changed": {
        const before = changes;
        out({ event: "waiting", step: i });
        await new Promise((resolve, reject) => {
          if (changes > before) return resolve();
          const timer = setTimeout(() => reject(new Error("no list_changed")), step.timeout_ms ?? 20000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
        result = { changes: changes - before };
        break;
      }
      default:
        throw new Error("unknown op " + step.op);
    }
    out({ step: i, op: step.op, result });
  } catch (e) {
    out({ step: i, op: step.op, error: String(e?.message ?? e) });
  }
}
out({ done: true });
await client.close();
process.exit(0);
