package io.toolgate.server.chat;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.exposure.ExposureException;
import io.toolgate.format.NameRule;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.search.SearchSettings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads an incoming chat request into a {@link Turn}: checks the body, finds the model, decides the
 * exposure for the caller, names the session, and puts deferred registry calls of mixed turns back
 * into the history. Thread-safe.
 */
final class RequestReader {
  private final Toolgate gate;
  private final Map<String, ModelRoute> routes;
  private final ToolTokens tokens;
  private final DeferredCalls deferred;
  private volatile NameTable nameTable;

  private record NameTable(long version, ProviderNames names) {}

  RequestReader(
      Toolgate gate, Map<String, ModelRoute> routes, ToolTokens tokens, DeferredCalls deferred) {
    this.gate = gate;
    this.routes = routes;
    this.tokens = tokens;
    this.deferred = deferred;
  }

  /**
   * The turn for {@code json}.
   *
   * @throws ChatFailure for an invalid request, an unknown model, or an exposure that fails
   */
  Turn read(JsonNode json, ChatContext caller) {
    if (!(json instanceof ObjectNode request)) {
      throw ChatFailure.badRequest("the request body must be a JSON object", null);
    }
    String model = request.path("model").asString("");
    if (model.isBlank()) {
      throw ChatFailure.badRequest(
          "model is required; one of: " + String.join(", ", routes.keySet()), "model");
    }
    ModelRoute route = routes.get(model);
    if (route == null) {
      String known =
          routes.isEmpty()
              ? "none are configured (add models: to the config)"
              : "known models: " + String.join(", ", routes.keySet());
      String message = "model '" + model + "' is not configured; " + known;
      throw new ChatFailure(
          ChatReply.error(404, "invalid_request_error", message, "model", "model_not_found"),
          message,
          null);
    }
    if (request.path("n").asInt(1) != 1) {
      throw ChatFailure.badRequest(
          "n must be 1: the proxy runs tool calls for a single choice", "n");
    }
    // The model is the caller: it sees and calls only tools shown to models, and searches with
    // its tool_embedding_model when it names one.
    ChatContext context =
        caller.withOptions(
            caller.options().forModels().withSearchEmbedder(route.config.embedder()));
    List<ObjectNode> messages = messages(request);
    List<ObjectNode> clientTools = clientTools(request);
    long version = gate.registry().version();
    List<ToolDefinition> catalog = gate.registry().definitions();
    List<ToolDefinition> visible = catalog.stream().filter(context.options().allow()).toList();
    List<String> visibleNames = visible.stream().map(ToolDefinition::name).toList();
    List<String> pinned = route.config.pinned().stream().filter(visibleNames::contains).toList();
    ExposedTools exposed;
    try {
      exposed = route.exposure(embedderAvailable(route), pinned).apply(visible);
    } catch (ExposureException e) {
      String message = "model '" + model + "': " + e.getMessage();
      throw new ChatFailure(
          ChatReply.error(500, "server_error", message, null, "tool_exposure"), message, e);
    }
    String session = session(route, request, context, messages);
    return new Turn(
        route,
        model,
        context,
        request,
        deferred.splice(messages),
        clientTools,
        exposed,
        names(version, catalog),
        session,
        gate.registry(),
        visible,
        tokens);
  }

  private static List<ObjectNode> messages(ObjectNode request) {
    JsonNode messages = request.get("messages");
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      throw ChatFailure.badRequest(
          "messages must be a non-empty array of chat messages", "messages");
    }
    List<ObjectNode> out = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      if (!(messages.get(i) instanceof ObjectNode m) || !m.path("role").isString()) {
        throw ChatFailure.badRequest(
            "messages[" + i + "] must be an object with a role", "messages");
      }
      out.add(m);
    }
    return out;
  }

  private static List<ObjectNode> clientTools(ObjectNode request) {
    JsonNode tools = request.get("tools");
    if (tools == null || tools.isNull()) {
      return List.of();
    }
    if (!tools.isArray()) {
      throw ChatFailure.badRequest("tools must be an array of tool definitions", "tools");
    }
    List<ObjectNode> out = new ArrayList<>();
    for (int i = 0; i < tools.size(); i++) {
      if (!(tools.get(i) instanceof ObjectNode t)) {
        throw ChatFailure.badRequest("tools[" + i + "] must be an object", "tools");
      }
      out.add(t);
    }
    return out;
  }

  /**
   * The model may use the registry's vector channel: search has an embedder (its {@code
   * tool_embedding_model}, checked against {@code embeddings:} at start, or any of them).
   */
  boolean embedderAvailable(ModelRoute route) {
    return gate.capabilities().backends().contains(SearchSettings.VECTOR);
  }

  private static String session(
      ModelRoute route, ObjectNode request, ChatContext context, List<ObjectNode> messages) {
    Optional<String> named =
        context
            .session()
            .or(() -> text(request, "session"))
            .or(() -> text(request, "user").map(u -> "user:" + u));
    if (named.isPresent()) {
      return named.get();
    }
    StringBuilder seed = new StringBuilder(route.config.name());
    for (String role : List.of("system", "user")) {
      messages.stream()
          .filter(m -> role.equals(m.path("role").asString("")))
          .findFirst()
          .ifPresent(m -> seed.append('\n').append(Json.canonical(m.path("content"))));
    }
    return "conv-" + sha256(seed.toString()).substring(0, 16);
  }

  private static Optional<String> text(ObjectNode request, String field) {
    JsonNode v = request.get(field);
    return v != null && v.isString() && !v.asString().isBlank()
        ? Optional.of(v.asString())
        : Optional.empty();
  }

  /**
   * The OpenAI name table over the whole catalog and the meta-tools, rebuilt when the registry
   * changes. {@code catalog} is the snapshot the turn uses: a table that lacks one of its tools
   * (the registry changed in between) is rebuilt, so every shown tool has a name.
   */
  private ProviderNames names(long version, List<ToolDefinition> catalog) {
    NameTable table = nameTable;
    if (table == null
        || table.version != version
        || !catalog.stream().allMatch(t -> table.names.table().containsKey(t.name()))) {
      TreeSet<String> all = new TreeSet<>(ToolNames.RESERVED);
      catalog.forEach(t -> all.add(t.name()));
      NameTable rebuilt = new NameTable(version, ProviderNames.of(NameRule.OPENAI, all));
      nameTable = rebuilt;
      return rebuilt.names;
    }
    return table.names;
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
