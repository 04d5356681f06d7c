package io.toolgate.server.chat;

import io.toolgate.ToolgateException;
import java.util.Objects;

/**
 * A chat request failed and the proxy answers with an error: the request was invalid, or the
 * upstream model was unreachable, too slow, or answered with an error. Carries the reply.
 */
final class ChatFailure extends ToolgateException {
  private static final long serialVersionUID = 1L;

  private final transient ChatReply reply;

  ChatFailure(ChatReply reply, String message, Throwable cause) {
    super(message, cause);
    this.reply = Objects.requireNonNull(reply, "reply");
  }

  /** A 400 {@code invalid_request_error} about {@code param}. */
  static ChatFailure badRequest(String message, String param) {
    return new ChatFailure(
        ChatReply.error(400, "invalid_request_error", message, param, null), message, null);
  }

  /** The OpenAI-style error for the proxy's client. */
  ChatReply reply() {
    return reply;
  }
}
