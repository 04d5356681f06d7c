package io.toolgate.server.chat;

import io.toolgate.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One model's OpenAI-compatible {@code /chat/completions} endpoint, spoken over {@link HttpClient}.
 *
 * <p>Failures become a {@link ChatFailure} whose reply follows these rules: an upstream 4xx keeps
 * its status and error object (the request was at fault: too long, rate-limited, invalid), except
 * 401/403/404/405/407, which mean the proxy's own key, URL or model name is wrong and become 502;
 * an upstream 5xx becomes 502 (504 stays 504); a refused connection or a network error is 502 and a
 * timeout 504. Every message the proxy writes names the upstream URL.
 *
 * <p>An upstream asked to stream that answers with one JSON completion instead (some servers do
 * when tools are present) is read as if it had streamed that message in one chunk. Thread-safe.
 */
final class Upstream {
  private static final int SNIPPET = 500;

  /** Upstream 4xx statuses that mean the proxy is misconfigured, not that the request was bad. */
  private static final Set<Integer> PROXY_FAULTS = Set.of(401, 403, 404, 405, 407);

  private final ModelConfig model;
  private final URI url;
  private final Optional<String> apiKey;
  private final HttpClient client;

  Upstream(ModelConfig model, Optional<String> apiKey, HttpClient client) {
    this.model = model;
    this.url = model.chatCompletionsUrl();
    this.apiKey = apiKey;
    this.client = client;
  }

  URI url() {
    return url;
  }

  /** Sends a non-streaming request and returns the completion object. */
  ObjectNode complete(ObjectNode body) {
    HttpResponse<InputStream> response = send(body, false);
    String text;
    try (InputStream in = response.body()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw network(e);
    }
    if (response.statusCode() / 100 != 2) {
      throw status(response.statusCode(), text);
    }
    return completion(text);
  }

  private ObjectNode completion(String text) {
    try {
      JsonNode json = Json.parse(text);
      if (json instanceof ObjectNode o
          && o.path("choices").isArray()
          && !o.get("choices").isEmpty()) {
        return o;
      }
    } catch (JacksonException e) {
      // reported below
    }
    throw invalid("a chat completion with choices", text);
  }

  /**
   * Sends a streaming request and hands each {@code data:} chunk to {@code onChunk} until {@code
   * [DONE]} or the end of the stream.
   *
   * @throws ChatFailure for an error status or a broken stream
   * @throws SinkClosed when {@code onChunk} reports that the client has gone
   */
  void stream(ObjectNode body, Consumer<ObjectNode> onChunk) {
    HttpResponse<InputStream> response = send(body, true);
    try (InputStream in = response.body()) {
      if (response.statusCode() / 100 != 2) {
        throw status(response.statusCode(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
      String type = response.headers().firstValue("Content-Type").orElse("");
      if (type.startsWith("application/json")) {
        onChunk.accept(asChunk(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        return;
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      StringBuilder data = new StringBuilder();
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isEmpty()) {
          if (dispatch(data, onChunk)) {
            return;
          }
        } else if (line.startsWith("data:")) {
          if (!data.isEmpty()) {
            data.append('\n');
          }
          data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
        }
        // other SSE fields (event:, id:, retry:) and comments carry nothing we use
      }
      dispatch(data, onChunk);
    } catch (IOException e) {
      throw network(e);
    }
  }

  /** A whole completion as the one chunk that would have streamed it. */
  private ObjectNode asChunk(String text) {
    ObjectNode completion = completion(text);
    ObjectNode chunk = completion.deepCopy();
    chunk.put("object", "chat.completion.chunk");
    ObjectNode choice = chunk.putArray("choices").addObject();
    JsonNode original = completion.path("choices").path(0);
    choice.put("index", 0);
    choice.set(
        "delta", original.get("message") instanceof ObjectNode m ? m.deepCopy() : Json.object());
    choice.put("finish_reason", original.path("finish_reason").asString("stop"));
    return chunk;
  }

  /** Hands over one event's data; true at {@code [DONE]}. */
  private boolean dispatch(StringBuilder data, Consumer<ObjectNode> onChunk) {
    if (data.isEmpty()) {
      return false;
    }
    String text = data.toString().strip();
    data.setLength(0);
    if (text.equals("[DONE]")) {
      return true;
    }
    JsonNode chunk;
    try {
      chunk = Json.parse(text);
    } catch (JacksonException e) {
      throw invalid("JSON in every data: line of the stream", text);
    }
    if (chunk instanceof ObjectNode o && o.has("error")) {
      throw streamedError(o);
    }
    if (!(chunk instanceof ObjectNode o)) {
      throw invalid("a chat.completion.chunk object", text);
    }
    onChunk.accept(o);
    return false;
  }

  private HttpResponse<InputStream> send(ObjectNode body, boolean stream) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url)
            .timeout(model.timeout())
            .header("Content-Type", "application/json")
            .header("Accept", stream ? "text/event-stream" : "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body), StandardCharsets.UTF_8));
    apiKey.ifPresent(k -> request.header("Authorization", "Bearer " + k));
    try {
      return client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpConnectTimeoutException e) {
      throw failure(
          504,
          "upstream "
              + url
              + " did not accept a connection within "
              + seconds(model.connectTimeout())
              + " (connect_timeout of model '"
              + model.name()
              + "')",
          e);
    } catch (HttpTimeoutException e) {
      throw failure(
          504,
          "upstream "
              + url
              + " did not answer within "
              + seconds(model.timeout())
              + " (timeout of model '"
              + model.name()
              + "')",
          e);
    } catch (ConnectException e) {
      throw failure(
          502,
          "cannot reach upstream " + url + " for model '" + model.name() + "': connection refused",
          e);
    } catch (IOException e) {
      throw network(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure(502, "interrupted while calling upstream " + url, e);
    }
  }

  private ChatFailure network(IOException e) {
    if (e instanceof HttpTimeoutException) {
      return failure(504, "upstream " + url + " timed out: " + e.getMessage(), e);
    }
    String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return failure(502, "upstream " + url + " failed: " + reason, e);
  }

  private ChatFailure status(int code, String text) {
    Optional<ObjectNode> upstreamError = errorObject(text);
    String message =
        upstreamError
            .map(e -> e.path("message").asString(""))
            .filter(m -> !m.isBlank())
            .orElseGet(() -> snippet(text));
    String headline = "upstream " + url + " answered " + code + ": " + message;
    Map<String, String> headers = Map.of("X-Toolgate-Upstream-Status", String.valueOf(code));
    if (code / 100 == 4 && !PROXY_FAULTS.contains(code)) {
      // The request itself was refused (too long, rate-limited, invalid): the client can act on
      // the upstream's own error object, so it passes unchanged.
      ObjectNode body = Json.object();
      ObjectNode error = upstreamError.map(ObjectNode::deepCopy).orElseGet(Json::object);
      if (!error.path("message").isString()) {
        error.put("message", headline);
      }
      if (!error.has("type")) {
        error.put("type", code == 429 ? "rate_limit_error" : "invalid_request_error");
      }
      body.set("error", error);
      return new ChatFailure(new ChatReply(code, body, headers), headline, null);
    }
    String fix =
        switch (code) {
          case 401, 403 ->
              " (check the API key in "
                  + model.apiKeyEnv().map(e -> "environment variable " + e).orElse("api_key_env")
                  + ")";
          case 404, 405 ->
              " (check base_url and the upstream model name '"
                  + model.upstreamModel()
                  + "' of model '"
                  + model.name()
                  + "')";
          default -> "";
        };
    ChatReply reply =
        new ChatReply(
            code == 504 ? 504 : 502,
            ChatReply.errorBody("upstream_error", headline + fix, null, "upstream_" + code),
            headers);
    return new ChatFailure(reply, headline + fix, null);
  }

  private ChatFailure streamedError(ObjectNode chunk) {
    JsonNode error = chunk.get("error");
    String message =
        error.isObject() ? error.path("message").asString(Json.write(error)) : error.asString("");
    String full = "upstream " + url + " reported an error in its stream: " + message;
    return new ChatFailure(
        ChatReply.error(502, "upstream_error", full, null, "upstream_stream_error"), full, null);
  }

  private ChatFailure invalid(String expected, String text) {
    String full =
        "upstream " + url + " did not answer with " + expected + "; it sent: " + snippet(text);
    return new ChatFailure(
        ChatReply.error(502, "upstream_error", full, null, "upstream_invalid_response"),
        full,
        null);
  }

  private ChatFailure failure(int status, String message, Throwable cause) {
    String code = status == 504 ? "upstream_timeout" : "upstream_unreachable";
    return new ChatFailure(
        ChatReply.error(status, "upstream_error", message, null, code), message, cause);
  }

  /** The upstream's {@code error} object, when the body is OpenAI-style error JSON. */
  private static Optional<ObjectNode> errorObject(String text) {
    try {
      JsonNode json = Json.parse(text);
      if (json.get("error") instanceof ObjectNode error) {
        return Optional.of(error);
      }
      if (json.path("error").isString()) {
        ObjectNode out = Json.object();
        out.put("message", json.get("error").asString());
        return Optional.of(out);
      }
    } catch (JacksonException e) {
      // not JSON: the caller quotes the text
    }
    return Optional.empty();
  }

  private static String snippet(String text) {
    String t = text.strip();
    return t.length() <= SNIPPET ? t : t.substring(0, SNIPPET) + "…";
  }

  private static String seconds(java.time.Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** Thrown through {@link #stream} when the proxy's own client has gone. */
  static final class SinkClosed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SinkClosed(IOException cause) {
      super(cause);
    }
  }
}
