// An MCP server (official TypeScript SDK, low-level API) that misbehaves the ways an upstream can:
//   never_answers  accepts a call and never answers it, while the server stays healthy (it answers
//                  initialize, tools/list and ping): a hung upstream call
//   cyclic_ref     an input schema whose $refs point at each other and never reach a type
//   echo_text      a well-behaved tool, to show the others do not take the server down with them
//   node hostile-server.mjs            (stdio)
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "hostile", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "never_answers", description: "Accepts the call and never answers it.",
      inputSchema: { type: "object", properties: {} } },
    { name: "cyclic_ref", description: "Its arguments can never be checked.",
      inputSchema: { type: "object", properties: {
        a: { $ref: "#/properties/b" }, b: { $ref: "#/properties/a" } } } },
    { name: "echo_text", description: "Echoes its text.",
      inputSchema: { type: "object", properties: { text: { type: "string" } } } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "echo_text") {
    return { content: [{ type: "text", text: String(request.params.arguments?.text ?? "") }] };
  }
  return new Promise(() => {});
});
await server.connect(new StdioServerTransport());
