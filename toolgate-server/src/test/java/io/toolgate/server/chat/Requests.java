package io.toolgate.server.chat;

import io.toolgate.Toolgate;
import io.toolgate.json.Json;
import io.toolgate.testing.ScriptedUpstream;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Builders for chat requests and proxies in tests. */
final class Requests {
  static final String MODEL = "assistant";

  private Requests() {}

  /** {@code {"model": "assistant", "messages": [{"role": "user", "content": text}]}}. */
  static ObjectNode ask(String text) {
    ObjectNode request = Json.object();
    request.put("model", MODEL);
    request.putArray("messages").addObject().put("role", "user").put("content", text);
    return request;
  }

  static ObjectNode streaming(ObjectNode request) {
    request.put("stream", true);
    return request;
  }

  /** Adds a client-side function tool to the request. */
  static ObjectNode withClientTool(ObjectNode request, String name) {
    ArrayNode tools =
        request.has("tools") ? (ArrayNode) request.get("tools") : request.putArray("tools");
    ObjectNode tool = tools.addObject();
    tool.put("type", "function");
    ObjectNode f = tool.putObject("function");
    f.put("name", name);
    f.put("description", "A tool the client runs itself.");
    f.set("parameters", TestGateway.schema("order_id", "Order number"));
    return request;
  }

  /** A model named {@value #MODEL} in front of {@code upstream}. */
  static ModelConfig model(ScriptedUpstream upstream) {
    return ModelConfig.of(MODEL, upstream.baseUrl());
  }

  static ChatProxy proxy(Toolgate gate, ModelConfig... models) {
    return ChatProxy.builder(gate)
        .models(List.of(models))
        .env(Map.of("UPSTREAM_KEY", "sk-test")::get)
        .build();
  }
}
