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
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One model's OpenAI-compatible {@code /chat/completions} endpoint, spoken over {@link HttpClient}.
 *
 * <p>Failures become an {@link ChatFailure} whose reply follows these rules: an upstream 4xx keeps
 * its status and error object (the request was at fault), except 401/403, which mean the proxy's
 * own key is wrong and become 502; an upstream 5xx becomes 502 (504 stays 504); a refused
 * connection or a network error is 502 and a timeout 504, with a message naming the URL. Every
 * message names the upstream URL. Thread-safe.
 */
final class Upstream {
  private static final int SNIPPET = 500;

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
    ObjectNode upstreamError = errorObject(text);
    String message =
        upstreamError.path("message").asString("").isBlank()
            ? snippet(text)
            : upstreamError.path("message").asString();
    if (code / 100 == 4 && code != 401 && code != 403) {
      ObjectNode body = Json.object();
      ObjectNode error = upstreamError.deepCopy();
      if (!error.has("message")) {
        error.put("message", "upstream " + url + " answered " + code + ": " + message);
      }
      if (!error.has("type")) {
        error.put("type", "invalid_request_error");
      }
      body.set("error", error);
      return new ChatFailure(
          new ChatReply(code, body, Map.of("X-Toolgate-Upstream-Status", String.valueOf(code))),
          "upstream " + url + " answered " + code + ": " + message,
          null);
    }
    String fix =
        code == 401 || code == 403
            ? " (check the API key in "
                + model.apiKeyEnv().map(e -> "environment variable " + e).orElse("api_key_env")
                + ")"
            : "";
    String full = "upstream " + url + " answered " + code + ": " + message + fix;
    ChatReply reply =
        new ChatReply(
            code == 504 ? 504 : 502,
            ChatReply.errorBody("upstream_error", full, null, "upstream_" + code),
            Map.of("X-Toolgate-Upstream-Status", String.valueOf(code)));
    return new ChatFailure(reply, full, null);
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

  /** The upstream's {@code error} object, or one holding the body text. */
  private static ObjectNode errorObject(String text) {
    try {
      JsonNode json = Json.parse(text);
      if (json.get("error") instanceof ObjectNode error) {
        return error;
      }
      if (json.get("error") != null && json.get("error").isString()) {
        ObjectNode out = Json.object();
        out.put("message", json.get("error").asString());
        return out;
      }
    } catch (JacksonException e) {
      // not JSON: use the text
    }
    ObjectNode out = Json.object();
    if (!text.isBlank()) {
      out.put("message", snippet(text));
    }
    return out;
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
