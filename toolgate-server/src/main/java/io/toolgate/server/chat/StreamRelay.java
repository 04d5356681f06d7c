package io.toolgate.server.chat;

import io.toolgate.json.Json;
import io.toolgate.server.chat.RegistryCalls.Outcome;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes one streamed completion to the client: the upstream's chunks as they come (under one id
 * and the client's model name, without tool-call fragments or finish reasons, which only the proxy
 * can decide), SSE comments for tool rounds, and the closing frames. Not thread-safe: one per
 * request.
 */
final class StreamRelay {
  private final Turn turn;
  private final SseSink sink;
  private final boolean includeUsage;
  private String id;
  private long created;
  private String fingerprint;
  private boolean roleSent;
  private boolean started;
  private boolean textSent;
  private boolean textThisRound;
  private int upstreamCalls;

  StreamRelay(Turn turn, SseSink sink, boolean includeUsage) {
    this.turn = turn;
    this.sink = sink;
    this.includeUsage = includeUsage;
  }

  /** A new upstream call begins; text it streams is set apart from earlier rounds' text. */
  void beginRound() {
    textThisRound = false;
    upstreamCalls++;
  }

  /** Accumulates an upstream chunk and forwards what the client may see of it now. */
  void forward(MessageAccumulator acc, ObjectNode chunk) {
    acc.add(chunk);
    if (id == null && chunk.path("id").isString()) {
      id = chunk.get("id").asString();
      created = chunk.path("created").asLong(0);
    }
    if (chunk.path("system_fingerprint").isString()) {
      fingerprint = chunk.get("system_fingerprint").asString();
    }
    JsonNode choice = chunk.path("choices").path(0);
    if (!(choice.get("delta") instanceof ObjectNode upstreamDelta)
        || choice.path("index").asInt(0) != 0) {
      return;
    }
    ObjectNode delta = Json.object();
    for (Map.Entry<String, JsonNode> field : upstreamDelta.properties()) {
      String key = field.getKey();
      JsonNode value = field.getValue();
      boolean skip =
          key.equals("tool_calls")
              || value.isNull()
              || (key.equals("role") && roleSent)
              || (value.isString() && value.asString().isEmpty() && !key.equals("role"));
      if (!skip) {
        delta.set(key, value);
      }
    }
    if (delta.isEmpty()) {
      return;
    }
    if (delta.path("content").isString() && !delta.get("content").asString().isEmpty()) {
      if (textSent && !textThisRound) {
        delta.put("content", "\n\n" + delta.get("content").asString());
      }
      textSent = true;
      textThisRound = true;
    }
    roleSent |= delta.has("role");
    ObjectNode out = frame();
    ObjectNode c = out.putArray("choices").addObject();
    c.put("index", 0);
    c.set("delta", delta);
    if (choice.has("logprobs")) {
      c.set("logprobs", choice.get("logprobs"));
    }
    c.putNull("finish_reason");
    send("data: " + Json.write(out) + "\n\n");
  }

  /** An SSE comment per registry call, so a client (or a person with curl) sees progress. */
  void toolRan(Outcome o) {
    String line =
        "toolgate round "
            + upstreamCalls
            + " "
            + o.call().name()
            + (o.tool().equals(o.call().name()) ? "" : " (" + o.tool() + ")")
            + (o.ok() ? " ok" : " failed: " + o.errorCode().orElse("error"))
            + (o.retrieved().isEmpty() ? "" : " [" + String.join(", ", o.retrieved()) + "]")
            + " "
            + Math.round(o.latencyMs() * 10) / 10.0
            + " ms";
    send(": " + line.replace('\n', ' ').replace('\r', ' ') + "\n\n");
  }

  /** The closing frames: client tool calls if any, the finish reason with the report, [DONE]. */
  void finish(
      ObjectNode message, String finishReason, ObjectNode report, Optional<ObjectNode> usage) {
    if (message.path("tool_calls").isArray() && !message.get("tool_calls").isEmpty()) {
      ObjectNode out = frame();
      ObjectNode c = out.putArray("choices").addObject();
      c.put("index", 0);
      ObjectNode delta = c.putObject("delta");
      if (!roleSent) {
        delta.put("role", "assistant");
        roleSent = true;
      }
      ArrayNode calls = delta.putArray("tool_calls");
      int i = 0;
      for (JsonNode call : message.get("tool_calls")) {
        ObjectNode d = ((ObjectNode) call).deepCopy();
        d.put("index", i++);
        calls.add(d);
      }
      c.putNull("finish_reason");
      send("data: " + Json.write(out) + "\n\n");
    }
    ObjectNode last = frame();
    ObjectNode c = last.putArray("choices").addObject();
    c.put("index", 0);
    ObjectNode delta = c.putObject("delta");
    if (!roleSent) {
      delta.put("role", "assistant");
    }
    c.put("finish_reason", finishReason);
    last.set("toolgate", report);
    send("data: " + Json.write(last) + "\n\n");
    if (includeUsage) {
      ObjectNode u = frame();
      u.putArray("choices");
      u.set("usage", usage.orElseGet(Json::object));
      send("data: " + Json.write(u) + "\n\n");
    }
    send("data: [DONE]\n\n");
  }

  /** Reports a failure: as a JSON error when nothing was sent yet, else as an error frame. */
  void failed(ChatReply reply) throws IOException {
    if (!started) {
      sink.fail(reply);
      return;
    }
    ObjectNode out = reply.body().deepCopy();
    try {
      sink.send("data: " + Json.write(out) + "\n\n");
    } catch (IOException e) {
      // the client has gone as well
    }
  }

  private ObjectNode frame() {
    if (id == null) {
      id = "chatcmpl-toolgate-" + UUID.randomUUID().toString().replace("-", "");
    }
    if (created == 0) {
      created = Instant.now().getEpochSecond();
    }
    ObjectNode out = Json.object();
    out.put("id", id);
    out.put("object", "chat.completion.chunk");
    out.put("created", created);
    out.put("model", turn.clientModel);
    if (fingerprint != null) {
      out.put("system_fingerprint", fingerprint);
    }
    return out;
  }

  private void send(String frame) {
    try {
      sink.send(frame);
      started = true;
    } catch (IOException e) {
      throw new Upstream.SinkClosed(e);
    }
  }
}
