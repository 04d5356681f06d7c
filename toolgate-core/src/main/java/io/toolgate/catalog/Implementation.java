package io.toolgate.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * How a tool runs, as far as the catalog declares it.
 *
 * <p>{@link Provided} tools bring their executor in code (Java methods, domain modules, upstream
 * MCP servers). {@link Http} and {@link Command} tools are declared in catalog files or registered
 * through the API; their executors are built from these specs. Templates use {@code {param}} for
 * argument values and {@code ${SECRET}} for declared secrets.
 */
public sealed interface Implementation {

  /** The executor is supplied in code; nothing to declare. */
  record Provided() implements Implementation {}

  /**
   * An HTTP request built from templates.
   *
   * @param method HTTP method, upper case
   * @param url absolute {@code http(s)} URL template; placeholders may appear in path and query
   *     only, never in scheme, host or port
   * @param headers header templates
   * @param query extra query parameters (templates), appended URL-encoded
   * @param body optional JSON body template; string values {@code "{param}"} are replaced by the
   *     argument's JSON value
   */
  record Http(
      String method,
      String url,
      Map<String, String> headers,
      Map<String, String> query,
      Optional<JsonNode> body)
      implements Implementation {
    private static final Set<String> METHODS =
        Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

    public Http {
      method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
      if (!METHODS.contains(method)) {
        throw new IllegalArgumentException(
            "http.method '" + method + "' is not one of " + METHODS.stream().sorted().toList());
      }
      if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
        throw new IllegalArgumentException(
            "http.url must be an absolute http:// or https:// URL, got '" + url + "'");
      }
      headers = Map.copyOf(headers == null ? Map.of() : headers);
      query = Map.copyOf(query == null ? Map.of() : query);
      body = body == null ? Optional.empty() : body.map(JsonNode::deepCopy);
    }
  }

  /**
   * A child process. Arguments arrive as a JSON object on stdin; {@code argv} entries may also hold
   * {@code {param}} placeholders, each replaced by one whole argv element.
   *
   * @param argv the program and its arguments
   */
  record Command(List<String> argv) implements Implementation {
    public Command {
      argv = List.copyOf(argv == null ? List.of() : argv);
      if (argv.isEmpty() || argv.getFirst().isBlank()) {
        throw new IllegalArgumentException("command must name a program, e.g. [python3, tool.py]");
      }
    }
  }
}
