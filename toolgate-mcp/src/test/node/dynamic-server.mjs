// A small MCP server (official TypeScript SDK) whose tool list changes at run time:
// calling add_tool registers a new tool, and the SDK sends notifications/tools/list_changed.
//   node dynamic-server.mjs            (stdio)
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "dynamic", version: "1.0.0" });
server.registerTool(
  "add_tool",
  {
    description: "Registers a new tool that returns a fixed greeting.",
    inputSchema: { name: z.string(), description: z.string() },
  },
  async ({ name, description }) => {
    server.registerTool(name, { description }, async () => ({
      content: [{ type: "text", text: "hello from " + name }],
    }));
    return { content: [{ type: "text", text: "added " + name }] };
  },
);
server.registerTool(
  "fail_always",
  { description: "Always fails with an error result.", inputSchema: {} },
  async () => ({ isError: true, content: [{ type: "text", text: "this tool always fails" }] }),
);
server.registerTool(
  "sleep_ms",
  { description: "Sleeps the given number of milliseconds.", inputSchema: { ms: z.number() } },
  async ({ ms }) => {
    await new Promise((r) => setTimeout(r, ms));
    return { content: [{ type: "text", text: "slept " + ms }] };
  },
);
await server.connect(new StdioServerTransport());
