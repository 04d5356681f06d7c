package io.toolgate.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.toolgate.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scripted OpenAI-compatible model server on loopback, shared by every module that tests a client
 * of an OpenAI-style model (the chat proxy, the framework integrations): answers {@code POST
 * /chat/completions} with the next scripted step, as one completion object or (for {@code "stream":
 * true}) as SSE chunks the way OpenAI streams them: role first, text in pieces, each tool call's id
 * and name first and its arguments in two fragments, the finish reason, then {@code data: [DONE]}.
 * Records every request it receives.
 *
 * <pre>{@code
 * try (ScriptedUpstream upstream = ScriptedUpstream.start()) {
 *   upstream.then(Step.calls(Step.call("tool_search", "{\"query\":\"weather\"}")))
 *           .then(Step.text("Sunny."));
 *   … upstream.requests().get(1).path("messages") …
 * }
 * }</pre>
 */
public final class ScriptedUpstream implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService executor;
  private final Deque<Step> script = new ArrayDeque<>();
  private final List<ObjectNode> requests = new ArrayList<>();
  private final List<Map<String, List<String>>> headers = new ArrayList<>();
  private final CountDownLatch closing = new CountDownLatch(1);
  private Step forever;

  /** One scripted answer. */
  public sealed interface Step {
    /** A final answer. */
    static Step text(String content) {
      return new Message(content, List.of(), "stop");
    }

    /** An assistant message calling tools (optionally with text first). */
    static Step calls(ObjectNode... calls) {
      return new Message(null, List.of(calls), "tool_calls");
    }

    /** A tool call as the model writes it. */
    static ObjectNode call(String id, String name, String arguments) {
      ObjectNode call = Json.object();
      call.put("id", id);
      call.put("type", "function");
      call.putObject("function").put("name", name).put("arguments", arguments);
      return call;
    }

    /** An error answer with this status and body. */
    static Step error(int status, String body) {
      return new Failure(status, body);
    }

    /** {@code message} as one JSON completion even when a stream was asked for. */
    static Step unstreamed(Step message) {
      return new Unstreamed((Message) message);
    }

    /** No answer until the server closes: for timeouts. */
    static Step hang() {
      return new Hang();
    }

    /**
     * The answer computed from the request, e.g. a final text that quotes the last tool result so a
     * test can see that the tool really ran.
     */
    static Step computed(Function<ObjectNode, Step> answer) {
      return new Computed(answer);
    }
  }

  public record Message(String content, List<ObjectNode> toolCalls, String finishReason)
      implements Step {}

  public record Failure(int status, String body) implements Step {}

  public record Hang() implements Step {}

  public record Unstreamed(Message message) implements Step {}

  public record Computed(Function<ObjectNode, Step> answer) implements Step {}

  private ScriptedUpstream(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  public static ScriptedUpstream start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    ExecutorService executor =
        Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("scripted-upstream-", 0).factory());
    ScriptedUpstream upstream = new ScriptedUpstream(server, executor);
    server.createContext("/v1/chat/completions", upstream::handle);
    server.setExecutor(executor);
    server.start();
    return upstream;
  }

  /** The base URL to configure: {@code http://127.0.0.1:<port>/v1}. */
  public URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  /** Queues the next answer. */
  public synchronized ScriptedUpstream then(Step step) {
    script.add(step);
    return this;
  }

  /** Answers every request (after the queued ones) with {@code step}. */
  public synchronized ScriptedUpstream always(Step step) {
    forever = step;
    return this;
  }

  /** The request bodies received, in order. */
  public synchronized List<ObjectNode> requests() {
    return List.copyOf(requests);
  }

  /** The request headers received, in order. */
  public synchronized List<Map<String, List<String>>> headers() {
    return List.copyOf(headers);
  }

  /** The function names of the tools in request {@code i}. */
  public List<String> toolNames(int i) {
    List<String> names = new ArrayList<>();
    requests()
        .get(i)
        .path("tools")
        .forEach(t -> names.add(t.path("function").path("name").asString()));
    return names;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      ObjectNode request =
          (ObjectNode)
              Json.parse(
                  new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      Step step;
      synchronized (this) {
        requests.add(request);
        headers.add(Map.copyOf(exchange.getRequestHeaders()));
        step = script.isEmpty() ? forever : script.poll();
      }
      if (step == null) {
        step = Step.error(500, "{\"error\":{\"message\":\"the script has no more answers\"}}");
      }
      if (step instanceof Computed c) {
        step = c.answer().apply(request);
      }
      switch (step) {
        case Failure f -> send(exchange, f.status(), "application/json", f.body());
        case Hang h -> {
          try {
            closing.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        case Computed c -> send(exchange, 500, "application/json", "{\"error\":\"nested\"}");
        case Unstreamed u ->
            send(exchange, 200, "application/json", Json.write(completion(request, u.message())));
        case Message m -> {
          if (request.path("stream").asBoolean(false)) {
            stream(exchange, request, m);
          } else {
            send(exchange, 200, "application/json", Json.write(completion(request, m)));
          }
        }
      }
    }
  }

  private static ObjectNode completion(ObjectNode request, Message m) {
    ObjectNode out = Json.object();
    out.put("id", "chatcmpl-scripted");
    out.put("object", "chat.completion");
    out.put("created", 1_700_000_000L);
    out.put("model", request.path("model").asString());
    ObjectNode choice = out.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    if (m.content() == null) {
      message.putNull("content");
    } else {
      message.put("content", m.content());
    }
    if (!m.toolCalls().isEmpty()) {
      ArrayNode calls = message.putArray("tool_calls");
      m.toolCalls().forEach(calls::add);
    }
    choice.put("finish_reason", m.finishReason());
    out.putObject("usage")
        .put("prompt_tokens", 100)
        .put("completion_tokens", 10)
        .put("total_tokens", 110);
    return out;
  }

  private static void stream(HttpExchange exchange, ObjectNode request, Message m)
      throws IOException {
    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    String model = request.path("model").asString();
    chunk(out, model, delta().put("role", "assistant").put("content", ""), null);
    if (m.content() != null) {
      String text = m.content();
      int third = Math.max(1, text.length() / 3);
      for (int i = 0; i < text.length(); i += third) {
        chunk(
            out,
            model,
            delta().put("content", text.substring(i, Math.min(text.length(), i + third))),
            null);
      }
    }
    for (int i = 0; i < m.toolCalls().size(); i++) {
      ObjectNode call = m.toolCalls().get(i);
      ObjectNode first = delta();
      ObjectNode head = first.putArray("tool_calls").addObject();
      head.put("index", i).put("id", call.path("id").asString()).put("type", "function");
      head.putObject("function")
          .put("name", call.path("function").path("name").asString())
          .put("arguments", "");
      chunk(out, model, first, null);
      String args = call.path("function").path("arguments").asString();
      int half = args.length() / 2;
      for (String part : List.of(args.substring(0, half), args.substring(half))) {
        ObjectNode d = delta();
        d.putArray("tool_calls")
            .addObject()
            .put("index", i)
            .putObject("function")
            .put("arguments", part);
        chunk(out, model, d, null);
      }
    }
    chunk(out, model, delta(), m.finishReason());
    if (request.path("stream_options").path("include_usage").asBoolean(false)) {
      ObjectNode usage = base(model);
      usage.putArray("choices");
      usage
          .putObject("usage")
          .put("prompt_tokens", 100)
          .put("completion_tokens", 10)
          .put("total_tokens", 110);
      write(out, "data: " + Json.write(usage) + "\n\n");
    }
    write(out, "data: [DONE]\n\n");
  }

  private static ObjectNode delta() {
    return Json.object();
  }

  private static ObjectNode base(String model) {
    ObjectNode c = Json.object();
    c.put("id", "chatcmpl-scripted-stream");
    c.put("object", "chat.completion.chunk");
    c.put("created", 1_700_000_000L);
    c.put("model", model);
    return c;
  }

  private static void chunk(OutputStream out, String model, ObjectNode delta, String finish)
      throws IOException {
    ObjectNode c = base(model);
    ObjectNode choice = c.putArray("choices").addObject();
    choice.put("index", 0);
    choice.set("delta", delta);
    if (finish == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finish);
    }
    write(out, "data: " + Json.write(c) + "\n\n");
  }

  private static void write(OutputStream out, String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  /** The content of the last {@code tool} message of {@code request}, or "" when it has none. */
  public static String lastToolResult(ObjectNode request) {
    String last = "";
    for (JsonNode m : request.path("messages")) {
      if ("tool".equals(m.path("role").asString())) {
        last = m.path("content").asString("");
      }
    }
    return last;
  }

  /** The last request's messages. */
  public JsonNode lastMessages() {
    List<ObjectNode> all = requests();
    return all.get(all.size() - 1).path("messages");
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
