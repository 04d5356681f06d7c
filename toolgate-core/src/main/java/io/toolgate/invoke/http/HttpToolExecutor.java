package io.toolgate.invoke.http;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.SecretRedactor;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs an HTTP tool: one request built from the tool's templates and its validated arguments.
 *
 * <pre>{@code
 * http:
 *   method: GET
 *   url: "https://api.example.com/v1/users/{user}/repos?sort={sort}"
 *   headers: {Authorization: "Bearer ${GITHUB_TOKEN}"}
 *   query: {per_page: "{limit}"}
 * }</pre>
 *
 * <p><b>Security rules</b>, checked when the tool loads: the URL's scheme, host and port are fixed
 * (no placeholder there); every {@code {param}} names a declared parameter and every {@code
 * ${SECRET}} a declared secret (secrets only in the URL, query and headers); headers the client
 * owns ({@code Host}, {@code Content-Length}, …) cannot be templated. At call time, values are
 * percent-encoded (a {@code /}, {@code ?}, {@code #}, {@code @} or {@code %} in a value stays
 * data), a path segment that would become {@code .}, {@code ..} or empty is refused, the final
 * URI's origin is compared with the template's, and redirects are not followed.
 *
 * <p><b>Filling</b>: a query parameter or header whose template names an absent optional argument
 * is left out; a body template's {@code "{param}"} strings become the argument's JSON value;
 * without a body template, POST, PUT and PATCH send the arguments object as JSON.
 *
 * <p><b>Outcome</b>: 2xx responses with a JSON content type are parsed and are the result; any
 * other 2xx body becomes {@code {"status": 200, "content_type": "text/plain", "text": "…"}}.
 * 401/403 are {@code forbidden}; 408, 429, 503, 504 {@code unavailable} (with Retry-After); other
 * statuses (400, 404, 422, 5xx, unfollowed 3xx) {@code execution_failed} with the status and the
 * start of the body. A body over the result cap stops being read: {@code too_large}. The call's
 * deadline bounds the whole exchange: {@code timeout}. The values of the tool's secrets are
 * replaced by {@code [redacted NAME]} in the result and in every failure message ({@link
 * SecretRedactor}). Thread-safe.
 */
public final class HttpToolExecutor implements ToolExecutor {
  private static final Set<String> BODY_METHODS = Set.of("POST", "PUT", "PATCH");
  private static final int EXCERPT = 500;

  private final ToolDefinition tool;
  private final RequestTemplate template;
  private final HttpClient client;
  private final UnaryOperator<String> environment;
  private final Duration timeout;
  private final long maxResponseBytes;

  /**
   * @param tool a tool whose implementation is {@link Implementation.Http}
   * @param client the shared client; it must not follow redirects
   * @param environment reads secrets at call time ({@code System::getenv}); null when unset
   * @param timeout used when a call carries no deadline
   * @param maxResponseBytes the largest body read
   * @throws io.toolgate.catalog.InvalidToolException when a template breaks a security rule
   */
  public HttpToolExecutor(
      ToolDefinition tool,
      HttpClient client,
      UnaryOperator<String> environment,
      Duration timeout,
      long maxResponseBytes) {
    this.tool = Objects.requireNonNull(tool, "tool");
    if (!(tool.implementation() instanceof Implementation.Http http)) {
      throw new IllegalArgumentException(
          "tool '" + tool.name() + "' is not an HTTP tool: " + tool.implementation());
    }
    this.template = new RequestTemplate(tool, http);
    this.client = Objects.requireNonNull(client, "client");
    if (client.followRedirects() != HttpClient.Redirect.NEVER) {
      throw new IllegalArgumentException("the HTTP client of tools must not follow redirects");
    }
    this.environment = Objects.requireNonNull(environment, "environment");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.maxResponseBytes = maxResponseBytes;
  }

  /** A client fit for tools: no redirects, HTTP/1.1 and 2, named virtual threads. */
  public static HttpClient newClient() {
    return HttpClient.newBuilder()
        .followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofSeconds(10))
        .executor(
            java.util.concurrent.Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("toolgate-http-", 0).factory()))
        .build();
  }

  @Override
  public JsonNode execute(ToolCall call) throws Exception {
    SecretRedactor redactor = SecretRedactor.of(tool.secrets(), environment);
    try {
      return redactor.redact(send(call));
    } catch (Exception e) {
      throw redactor.redact(e);
    }
  }

  private JsonNode send(ToolCall call) throws Exception {
    JsonNode args = call.arguments();
    Instant deadline = call.deadline().orElseGet(() -> Instant.now().plus(timeout));
    URI uri = template.uri(args, environment);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri);
    template.headers(args, call.context(), environment).forEach(request::header);
    if (BODY_METHODS.contains(template.method)) {
      byte[] body = Json.write(template.body(args)).getBytes(StandardCharsets.UTF_8);
      if (!template.hasHeader("Content-Type")) {
        request.header("Content-Type", "application/json");
      }
      request.method(template.method, HttpRequest.BodyPublishers.ofByteArray(body));
    } else {
      request.method(template.method, HttpRequest.BodyPublishers.noBody());
    }
    Duration left = Duration.between(Instant.now(), deadline);
    if (left.isNegative() || left.isZero()) {
      throw new ToolExecutionException(ErrorCode.TIMEOUT, "no time left to send the request");
    }
    request.timeout(left);
    CompletableFuture<HttpResponse<byte[]>> pending =
        client.sendAsync(request.build(), info -> new CappedBody(maxResponseBytes));
    HttpResponse<byte[]> response;
    try {
      response = pending.get(left.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      pending.cancel(true);
      throw timedOut(left);
    } catch (InterruptedException e) {
      pending.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      throw translate(e.getCause(), uri, left);
    }
    return outcome(response);
  }

  private ToolExecutionException timedOut(Duration left) {
    return new ToolExecutionException(
        ErrorCode.TIMEOUT,
        "no complete response from " + template.origin() + " within " + left.toMillis() + " ms");
  }

  private ToolExecutionException translate(Throwable cause, URI uri, Duration left) {
    Throwable c = cause;
    while (c instanceof java.util.concurrent.CompletionException && c.getCause() != null) {
      c = c.getCause();
    }
    if (c instanceof CappedBody.TooLarge) {
      return new ToolExecutionException(ErrorCode.TOO_LARGE, c.getMessage() + " (the result cap)");
    }
    if (c instanceof HttpTimeoutException) {
      return timedOut(left);
    }
    if (c instanceof ConnectException) {
      return new ToolExecutionException(
          ErrorCode.UNAVAILABLE, "cannot connect to " + template.origin() + ": " + describe(c));
    }
    return new ToolExecutionException(
        ErrorCode.EXECUTION_FAILED,
        template.method + " " + uri.getRawPath() + " failed: " + describe(c));
  }

  private static String describe(Throwable t) {
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }

  private JsonNode outcome(HttpResponse<byte[]> response) {
    int status = response.statusCode();
    String contentType = response.headers().firstValue("Content-Type").orElse("");
    String text = new String(response.body(), charset(contentType));
    if (status >= 200 && status < 300) {
      if (isJson(contentType) && !text.isBlank()) {
        try {
          return Json.parse(text);
        } catch (JacksonException e) {
          // Declared JSON but is not: hand the text back rather than lose it.
        }
      }
      ObjectNode out = Json.object();
      out.put("status", status);
      out.put("content_type", contentType);
      out.put("text", text);
      return out;
    }
    String excerpt = text.strip();
    if (excerpt.length() > EXCERPT) {
      excerpt = excerpt.substring(0, EXCERPT) + "…";
    }
    String message = "HTTP " + status + (excerpt.isEmpty() ? "" : ": " + excerpt);
    ErrorCode code =
        switch (status) {
          case 401, 403 -> ErrorCode.FORBIDDEN;
          case 408, 429, 503, 504 -> ErrorCode.UNAVAILABLE;
          default -> ErrorCode.EXECUTION_FAILED;
        };
    if (code == ErrorCode.UNAVAILABLE) {
      message +=
          response
              .headers()
              .firstValue("Retry-After")
              .map(r -> " (retry after " + r + ")")
              .orElse("");
    }
    if (status >= 300 && status < 400) {
      message +=
          response
              .headers()
              .firstValue("Location")
              .map(l -> " (redirect to " + l + " not followed)")
              .orElse("");
    }
    throw new ToolExecutionException(code, message);
  }

  private static boolean isJson(String contentType) {
    String type = contentType.toLowerCase(Locale.ROOT).split(";")[0].strip();
    return type.equals("application/json") || type.endsWith("+json") || type.equals("text/json");
  }

  private static Charset charset(String contentType) {
    for (String part : contentType.split(";")) {
      String p = part.strip();
      if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
        try {
          return Charset.forName(p.substring(8).replace("\"", ""));
        } catch (IllegalArgumentException e) {
          return StandardCharsets.UTF_8;
        }
      }
    }
    return StandardCharsets.UTF_8;
  }
}
