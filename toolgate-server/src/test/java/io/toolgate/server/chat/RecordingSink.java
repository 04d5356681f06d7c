package io.toolgate.server.chat;

import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** An {@link SseSink} that keeps what it is given, and reads the stream back like a client. */
final class RecordingSink implements SseSink {
  final List<String> frames = new ArrayList<>();
  ChatReply failure;

  @Override
  public void fail(ChatReply reply) {
    if (failure != null || !frames.isEmpty()) {
      throw new AssertionError("fail() after the stream started or twice");
    }
    failure = reply;
  }

  @Override
  public void send(String frame) {
    if (!frame.endsWith("\n\n")) {
      throw new AssertionError("a frame must end with a blank line: " + frame);
    }
    frames.add(frame);
  }

  /** The JSON of every {@code data:} frame but {@code [DONE]}. */
  List<ObjectNode> chunks() {
    List<ObjectNode> out = new ArrayList<>();
    for (String f : frames) {
      if (f.startsWith("data: ") && !f.startsWith("data: [DONE]")) {
        out.add((ObjectNode) Json.parse(f.substring(6).strip()));
      }
    }
    return out;
  }

  /** The SSE comments. */
  List<String> comments() {
    return frames.stream().filter(f -> f.startsWith(":")).map(f -> f.substring(1).strip()).toList();
  }

  /** The text the client assembles from the content deltas. */
  String content() {
    StringBuilder out = new StringBuilder();
    for (ObjectNode c : chunks()) {
      JsonNode content = c.path("choices").path(0).path("delta").path("content");
      if (content.isString()) {
        out.append(content.asString());
      }
    }
    return out.toString();
  }

  /** The chunk carrying the finish reason. */
  ObjectNode last() {
    return chunks().stream()
        .filter(c -> c.path("choices").path(0).path("finish_reason").isString())
        .reduce((a, b) -> b)
        .orElseThrow();
  }

  boolean done() {
    return !frames.isEmpty() && frames.getLast().equals("data: [DONE]\n\n");
  }
}
