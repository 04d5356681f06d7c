package io.toolgate.domain.core;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.json.Json;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Calls core tools the way the gateway does: JSON arguments in, JSON out. */
final class CoreTools {
  /** 2025-03-30T00:30:00Z, half an hour before Europe's spring daylight-saving change. */
  static final Instant NOW = Instant.parse("2025-03-30T00:30:00Z");

  static final List<RegisteredTool> TOOLS =
      new CoreDomain(Clock.fixed(NOW, ZoneOffset.UTC)).tools();

  private CoreTools() {}

  static RegisteredTool tool(String name) {
    return TOOLS.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  static JsonNode call(String name, String arguments) throws Exception {
    return tool(name).executor().execute(ToolCall.of(name, Json.parse(arguments)));
  }
}
