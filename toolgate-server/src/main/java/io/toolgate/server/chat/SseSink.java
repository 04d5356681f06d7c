package io.toolgate.server.chat;

import java.io.IOException;

/**
 * Where a streamed chat completion goes; the HTTP adapter implements it over its response.
 *
 * <p>The proxy calls {@link #fail} at most once and only before any {@link #send}, for a request
 * that fails before streaming starts (unknown model, upstream error on the first call): the adapter
 * then answers with that JSON and its status instead of a stream. The first {@link #send} commits
 * {@code 200 text/event-stream}; an error after that arrives as a {@code data: {"error": …}} frame,
 * the way OpenAI streams report late failures.
 *
 * <p>Called from one thread at a time.
 */
public interface SseSink {
  /** Answers with a JSON error instead of a stream. */
  void fail(ChatReply reply) throws IOException;

  /**
   * Writes one complete SSE frame ({@code "data: …\n\n"} or a comment {@code ": …\n\n"}) and
   * flushes it.
   *
   * @throws IOException when the client has gone; the proxy then stops reading the upstream
   */
  void send(String frame) throws IOException;
}
