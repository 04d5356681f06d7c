// An MCP server (official TypeScript SDK) whose one tool never answers, while the server itself
// stays healthy (it answers initialize, tools/list and ping): a hung upstream call.
//   node hung-server.mjs            (stdio)
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "hung", version: "1.0.0" });
server.registerTool(
  "never_answers",
  { description: "Accepts the call and never answers it.", inputSchema: {} },
  () => new Promise(() => {}),
);
await server.connect(new StdioServerTransport());
