package io.toolgate.invoke.http;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The checked form of an {@link Implementation.Http}: the fixed origin (scheme, host, port), the
 * path, query and header templates, and the body template. Built once when the tool loads.
 */
final class RequestTemplate {
  /**
   * Headers the client sets itself; letting a template set them could redirect or split requests.
   */
  private static final Set<String> RESTRICTED =
      Set.of("host", "connection", "content-length", "expect", "upgrade", "transfer-encoding");

  private final String tool;
  final String method;
  private final String origin;
  private final String scheme;
  private final String host;
  private final int port;
  private final Template path;
  private final List<Map.Entry<String, Template>> query = new ArrayList<>();
  private final Map<String, Template> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
  private final Optional<JsonNode> body;
  private final Set<String> parameters;

  RequestTemplate(ToolDefinition def, Implementation.Http http) {
    this.tool = def.name();
    this.method = http.method();
    this.parameters = new HashSet<>(def.parameters().path("properties").propertyNames());
    Set<String> secrets = Set.copyOf(def.secrets());
    String url = http.url();
    int schemeEnd = url.indexOf("://");
    int authorityEnd = indexOfAny(url, schemeEnd + 3, "/?#");
    this.origin = url.substring(0, authorityEnd);
    if (origin.contains("{") || origin.contains("}") || origin.contains("$")) {
      throw new InvalidToolException(
          "tool '"
              + tool
              + "': http.url '"
              + url
              + "' has a placeholder in its scheme, host or port; those are fixed, only the path"
              + " and query may hold {param}",
          "/http/url");
    }
    URI originUri = parseOrigin(url);
    this.scheme = originUri.getScheme().toLowerCase(Locale.ROOT);
    this.host = originUri.getHost().toLowerCase(Locale.ROOT);
    this.port = effectivePort(originUri);
    String rest = url.substring(authorityEnd);
    int hash = rest.indexOf('#');
    if (hash >= 0) {
      rest = rest.substring(0, hash);
    }
    int q = rest.indexOf('?');
    String pathText = q >= 0 ? rest.substring(0, q) : rest;
    this.path =
        Template.parse(
            tool,
            pathText.isEmpty() ? "/" : pathText,
            "http.url",
            "/http/url",
            parameters,
            secrets,
            true,
            false);
    if (q >= 0) {
      for (String pair : rest.substring(q + 1).split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String name = eq >= 0 ? pair.substring(0, eq) : pair;
        String value = eq >= 0 ? pair.substring(eq + 1) : "";
        if (Template.TOKEN.matcher(name).find()) {
          throw new InvalidToolException(
              "tool '"
                  + tool
                  + "': query parameter names in http.url are fixed, got '"
                  + name
                  + "'",
              "/http/url");
        }
        query.add(
            Map.entry(
                name,
                Template.parse(
                    tool, value, "http.url", "/http/url", parameters, secrets, true, false)));
      }
    }
    new TreeMap<>(http.query())
        .forEach(
            (name, value) ->
                query.add(
                    Map.entry(
                        Encoding.component(name),
                        Template.parse(
                            tool,
                            value,
                            "http.query." + name,
                            "/http/query/" + name,
                            parameters,
                            secrets,
                            true,
                            false))));
    http.headers()
        .forEach(
            (name, value) -> {
              if (RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
                throw new InvalidToolException(
                    "tool '"
                        + tool
                        + "': header '"
                        + name
                        + "' is set by the gateway and cannot be templated",
                    "/http/headers/" + name);
              }
              headers.put(
                  name,
                  Template.parse(
                      tool,
                      value,
                      "http.headers." + name,
                      "/http/headers/" + name,
                      parameters,
                      secrets,
                      true,
                      true));
            });
    this.body = http.body();
  }

  private URI parseOrigin(String url) {
    try {
      URI uri = new URI(origin + "/");
      if (uri.getHost() == null) {
        throw new URISyntaxException(url, "no host");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new InvalidToolException(
          "tool '" + tool + "': http.url '" + url + "' has no valid host: " + e.getMessage(),
          "/http/url");
    }
  }

  private static int indexOfAny(String s, int from, String chars) {
    for (int i = from; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return s.length();
  }

  private static int effectivePort(URI uri) {
    if (uri.getPort() >= 0) {
      return uri.getPort();
    }
    return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }

  /** The request URI for {@code args}; its origin is always the template's. */
  URI uri(JsonNode args, UnaryOperator<String> environment) {
    String filledPath = path.fill(args, environment, Encoding::component);
    String[] templateSegments = path.text().split("/", -1);
    String[] segments = filledPath.split("/", -1);
    for (int i = 0; i < segments.length && i < templateSegments.length; i++) {
      String seg = segments[i];
      boolean fromArgument = !seg.equals(templateSegments[i]);
      if (fromArgument && (seg.isEmpty() || seg.equals(".") || seg.equals(".."))) {
        throw new ToolExecutionException(
            ErrorCode.INVALID_ARGUMENTS,
            "a path segment may not be '" + seg + "' (from the arguments of " + path.text() + ")");
      }
    }
    StringBuilder url = new StringBuilder(origin).append(filledPath);
    String sep = "?";
    for (Map.Entry<String, Template> q : query) {
      Template t = q.getValue();
      if (!t.complete(args)) {
        continue; // an optional argument left out: its query parameter is omitted
      }
      url.append(sep).append(q.getKey());
      if (!t.text().isEmpty()) {
        url.append('=').append(t.fill(args, environment, Encoding::component));
      }
      sep = "&";
    }
    URI uri;
    try {
      uri = new URI(url.toString());
    } catch (URISyntaxException e) {
      throw new ToolExecutionException(
          ErrorCode.INVALID_ARGUMENTS, "the request URL is not valid: " + e.getMessage());
    }
    if (uri.getHost() == null
        || !scheme.equalsIgnoreCase(uri.getScheme())
        || !host.equalsIgnoreCase(uri.getHost())
        || port != effectivePort(uri)) {
      throw new ToolExecutionException(
          ErrorCode.INVALID_ARGUMENTS, "the arguments would send the request away from " + origin);
    }
    return uri;
  }

  /**
   * Header name to value for {@code args} and the caller's {@code context}; a header whose optional
   * argument or context field is absent is left out.
   */
  Map<String, String> headers(
      JsonNode args, Map<String, Object> context, UnaryOperator<String> environment) {
    ObjectNode values = withContext(args, context);
    Map<String, String> out = new LinkedHashMap<>();
    headers.forEach(
        (name, template) -> {
          if (!template.complete(values)) {
            return;
          }
          String value = template.fill(values, environment, v -> v);
          if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0) {
            throw new ToolExecutionException(
                ErrorCode.INVALID_ARGUMENTS, "header " + name + " may not contain line breaks");
          }
          out.put(name, value);
        });
    return out;
  }

  /**
   * The arguments plus each context field as {@code context.<field>}. Argument keys that start with
   * {@code context.} are dropped first: only the caller's context, never the model's arguments, can
   * fill a {@code {context.…}} header.
   */
  private static ObjectNode withContext(JsonNode args, Map<String, Object> context) {
    ObjectNode values = Json.object();
    for (Map.Entry<String, JsonNode> e : args.properties()) {
      if (!e.getKey().startsWith(Template.CONTEXT_PREFIX)) {
        values.set(e.getKey(), e.getValue());
      }
    }
    context.forEach((key, value) -> values.set(Template.CONTEXT_PREFIX + key, Json.tree(value)));
    return values;
  }

  /** Whether a header template sets {@code name}. */
  boolean hasHeader(String name) {
    return headers.containsKey(name);
  }

  /**
   * The JSON body: the body template with each {@code "{param}"} string replaced by the argument's
   * JSON value (left out when absent), or the arguments themselves when there is no template.
   */
  JsonNode body(JsonNode args) {
    return body.map(template -> fillBody(template, args)).orElse(args);
  }

  private JsonNode fillBody(JsonNode node, JsonNode args) {
    if (node.isString()) {
      Matcher m = Template.TOKEN.matcher(node.asString());
      if (m.matches() && m.group(2) != null && parameters.contains(m.group(2))) {
        JsonNode v = args.get(m.group(2));
        return v == null ? null : v.deepCopy();
      }
      return node;
    }
    if (node instanceof ObjectNode object) {
      ObjectNode out = Json.object();
      for (Map.Entry<String, JsonNode> e : object.properties()) {
        JsonNode filled = fillBody(e.getValue(), args);
        if (filled != null) {
          out.set(e.getKey(), filled);
        }
      }
      return out;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode out = Json.array();
      for (JsonNode item : array) {
        JsonNode filled = fillBody(item, args);
        out.add(filled == null ? Json.mapper().nullNode() : filled);
      }
      return out;
    }
    return node;
  }

  /** {@code scheme://host:port} of the template, for messages. */
  String origin() {
    return origin;
  }
}
