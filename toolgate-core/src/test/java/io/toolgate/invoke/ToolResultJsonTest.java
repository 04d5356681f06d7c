package io.toolgate.invoke;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.json.Json;
import io.toolgate.schema.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolResultJsonTest {

  @Test
  void successHasOkToolIdResultAndMetrics() {
    ToolResult r = ToolResult.success("time_now", Json.parse("{\"t\":1}"), 3.21234);

    assertThat(ToolResultJson.write(r))
        .isEqualTo(
            "{\"ok\":true,\"tool_id\":\"time_now\",\"result\":{\"t\":1},\"metrics\":{\"latency_ms\":3.212}}");
  }

  @Test
  void failureHasCodeMessageDetailsAndNoSuggestionsWhenThereAreNone() {
    ToolError e =
        new ToolError(
            ErrorCode.INVALID_ARGUMENTS,
            "time_now: /tz: integer found, string expected",
            List.of(new Violation("/tz", "integer found, string expected")),
            List.of());

    assertThat(ToolResultJson.write(ToolResult.failure("time_now", e, 0.4)))
        .isEqualTo(
            "{\"ok\":false,\"tool_id\":\"time_now\",\"error\":{\"code\":\"invalid_arguments\",\"message\":\"time_now:"
                + " /tz: integer found, string"
                + " expected\",\"details\":[{\"pointer\":\"/tz\",\"message\":\"integer found,"
                + " string expected\"}]},\"metrics\":{\"latency_ms\":0.4}}");
  }

  @Test
  void suggestionsAppearForUnknownTools() {
    ToolError e =
        new ToolError(ErrorCode.UNKNOWN_TOOL, "unknown tool 'x'", List.of(), List.of("a", "b"));

    assertThat(ToolResultJson.toJson(ToolResult.failure("x", e, 0)).at("/error/suggestions"))
        .isEqualTo(Json.parse("[\"a\",\"b\"]"));
  }

  @Test
  void readsBackWhatItWrites() {
    ToolError e =
        new ToolError(
            ErrorCode.TIMEOUT, "slow: timed out", List.of(new Violation("", "m")), List.of("s"));
    ToolResult failure = ToolResult.failure("slow", e, 1.5);
    ToolResult success = ToolResult.success("ok", Json.parse("[1,2]"), 2.0);

    assertThat(ToolResultJson.fromJson(ToolResultJson.toJson(failure))).isEqualTo(failure);
    assertThat(ToolResultJson.fromJson(ToolResultJson.toJson(success))).isEqualTo(success);
  }
}
