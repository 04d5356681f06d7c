package io.toolgate.client;

import io.toolgate.json.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * HTTP to the gateway: the API key, timeouts, retries of idempotent requests, and errors that say
 * what went wrong and what to do.
 *
 * <p>A request is retried only when sending it again cannot do anything twice: every request when
 * the connection was refused (nothing reached the server), and an idempotent one ({@code GET},
 * {@code PUT}, {@code DELETE}, a search) also after a timeout, an I/O error, {@code 429} (after its
 * {@code Retry-After}, capped) or {@code 502}/{@code 503}/{@code 504}. Waits double from the
 * configured backoff. Thread-safe.
 */
final class Transport implements AutoCloseable {
  private static final Set<Integer> RETRIED_STATUSES = Set.of(429, 502, 503, 504);
  private static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(10);

  /** A response the caller reads: status and parsed body (an empty object when none). */
  record Answer(int status, JsonNode body) {}

  private final URI base;
  private final Optional<String> apiKey;
  private final Duration requestTimeout;
  private final int maxRetries;
  private final Duration backoff;
  private final ExecutorService executor =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("toolgate-client-", 0).factory());
  private final HttpClient http;

  Transport(
      URI base,
      Optional<String> apiKey,
      Duration connectTimeout,
      Duration requestTimeout,
      int maxRetries,
      Duration backoff) {
    this.base = base;
    this.apiKey = apiKey;
    this.requestTimeout = requestTimeout;
    this.maxRetries = maxRetries;
    this.backoff = backoff;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(connectTimeout)
            .executor(executor)
            .build();
  }

  URI base() {
    return base;
  }

  /**
   * Sends one request and returns the answer when its status is in {@code accepted}; any other
   * status is a {@link ToolgateClientException} carrying the server's error code and message.
   *
   * @param idempotent whether sending it twice does nothing more than sending it once
   * @param timeout how long to wait for the answer, or null for the client's request timeout
   */
  Answer send(
      String method,
      String path,
      JsonNode body,
      boolean idempotent,
      Duration timeout,
      Set<Integer> accepted) {
    HttpRequest request = request(method, path, body, timeout);
    String what = method + " " + request.uri();
    for (int attempt = 0; ; attempt++) {
      boolean last = attempt >= maxRetries;
      HttpResponse<String> response;
      try {
        response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      } catch (IOException e) {
        boolean refused =
            e instanceof ConnectException && !(e instanceof HttpConnectTimeoutException);
        if (!last && (refused || idempotent)) {
          pause(backoff.multipliedBy(1L << attempt));
          continue;
        }
        throw unanswered(what, e, attempt + 1, timeout == null ? requestTimeout : timeout);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ToolgateClientException(what + ": interrupted", 0, "interrupted", e);
      }
      int status = response.statusCode();
      if (accepted.contains(status)) {
        return new Answer(status, parse(what, response));
      }
      if (!last && idempotent && RETRIED_STATUSES.contains(status)) {
        pause(retryAfter(response).orElse(backoff.multipliedBy(1L << attempt)));
        continue;
      }
      throw refused(what, response);
    }
  }

  private HttpRequest request(String method, String path, JsonNode body, Duration timeout) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(timeout == null ? requestTimeout : timeout)
            .header("Accept", "application/json");
    apiKey.ifPresent(k -> b.header("Authorization", "Bearer " + k));
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.header("Content-Type", "application/json");
      b.method(method, HttpRequest.BodyPublishers.ofString(Json.write(body)));
    }
    return b.build();
  }

  private static JsonNode parse(String what, HttpResponse<String> response) {
    String text = response.body();
    if (text == null || text.isBlank()) {
      return Json.object();
    }
    try {
      return Json.parse(text);
    } catch (JacksonException e) {
      throw new ToolgateClientException(
          what
              + ": the answer ("
              + response.statusCode()
              + ") is not JSON: "
              + abbreviate(text)
              + " (is this URL a Toolgate server?)",
          response.statusCode(),
          "invalid_response",
          e);
    }
  }

  private ToolgateClientException refused(String what, HttpResponse<String> response) {
    int status = response.statusCode();
    String code = "http_" + status;
    String message = abbreviate(response.body());
    try {
      JsonNode error = Json.parse(response.body()).path("error");
      if (error.isObject()) {
        code = error.path("code").asString(code);
        message = error.path("message").asString(message);
      }
    } catch (JacksonException e) {
      // not JSON: keep the body's start as the message
    }
    String fix =
        switch (status) {
          case 401 ->
              apiKey.isEmpty()
                  ? " (the server needs an API key: ToolgateClient.builder(url).apiKey(key))"
                  : " (the server does not know this API key)";
          case 403 -> " (the API key lacks the scope or tool this needs)";
          case 404 -> code.equals("not_found") ? " (is " + base + " a Toolgate server?)" : "";
          default -> "";
        };
    return new ToolgateClientException(
        what + ": " + status + " " + code + ": " + message + fix, status, code, null);
  }

  private ToolgateClientException unanswered(
      String what, IOException e, int attempts, Duration timeout) {
    String tries = attempts == 1 ? "" : " (tried " + attempts + " times)";
    if (e instanceof HttpTimeoutException && !(e instanceof HttpConnectTimeoutException)) {
      return new ToolgateClientException(
          what
              + ": no answer within "
              + timeout.toMillis()
              + " ms"
              + tries
              + "; raise requestTimeout/invokeTimeout or check the server",
          0,
          "timeout",
          e);
    }
    return new ToolgateClientException(
        what
            + ": cannot reach the Toolgate server at "
            + base
            + " ("
            + e
            + ")"
            + tries
            + "; is `toolgate serve` running there?",
        0,
        "unreachable",
        e);
  }

  private static Optional<Duration> retryAfter(HttpResponse<String> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .flatMap(
            v -> {
              try {
                Duration d = Duration.ofSeconds(Long.parseLong(v.strip()));
                return Optional.of(d.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : d);
              } catch (NumberFormatException e) {
                return Optional.empty();
              }
            });
  }

  private static void pause(Duration d) {
    try {
      Thread.sleep(d);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ToolgateClientException("interrupted while waiting to retry", 0, "interrupted", e);
    }
  }

  private static String abbreviate(String text) {
    if (text == null) {
      return "";
    }
    String t = text.strip();
    return t.length() <= 300 ? t : t.substring(0, 300) + "…";
  }

  @Override
  public void close() {
    http.close();
    executor.close();
  }
}
