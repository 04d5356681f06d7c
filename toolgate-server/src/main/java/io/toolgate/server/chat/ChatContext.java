package io.toolgate.server.chat;

import io.toolgate.invoke.CallOptions;
import java.util.Objects;
import java.util.Optional;

/**
 * Who sends a chat request, beyond its JSON body.
 *
 * @param session the conversation id from the {@value #SESSION_HEADER} header, when sent; it keys
 *     the session cache of retrieved tools (see {@link ChatProxy} for the fallbacks)
 * @param options the caller's identity and tool filter (from its API key); tools it may not call
 *     are neither shown to the model nor run
 */
public record ChatContext(Optional<String> session, CallOptions options) {
  /** The header that names a conversation. */
  public static final String SESSION_HEADER = "X-Toolgate-Session";

  /** No session header, any tool. */
  public static final ChatContext DEFAULT = new ChatContext(Optional.empty(), CallOptions.DEFAULT);

  public ChatContext {
    session =
        session == null ? Optional.empty() : session.filter(s -> !s.isBlank()).map(String::strip);
    Objects.requireNonNull(options, "options");
  }

  public ChatContext withSession(String newSession) {
    return new ChatContext(Optional.ofNullable(newSession), options);
  }

  public ChatContext withOptions(CallOptions newOptions) {
    return new ChatContext(session, newOptions);
  }
}
