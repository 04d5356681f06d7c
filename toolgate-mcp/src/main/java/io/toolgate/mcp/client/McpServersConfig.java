package io.toolgate.mcp.client;

import io.toolgate.ToolgateException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Reads the {@code mcp_servers:} section of {@code toolgate.yaml} into {@link McpServerSpec}s.
 *
 * <pre>{@code
 * mcp_servers:
 *   - name: fs                                   # required; tools become fs__<tool>
 *     command: [npx, -y, "@modelcontextprotocol/server-filesystem", /data]   # string or list
 *     args: [--verbose]                          # optional, appended to command
 *     env: {LOG_LEVEL: warn}                     # optional, added to the inherited environment
 *     cwd: /srv/fs                               # optional working directory
 *     timeout_ms: 30000                          # optional per-call timeout (default 60000)
 *   - name: crm
 *     url: "http://127.0.0.1:9000/mcp"           # streamable HTTP
 *     headers: {Authorization: "Bearer ${CRM_TOKEN}"}
 * }</pre>
 *
 * <p>Each server has exactly one of {@code command} and {@code url}. {@code ${VAR}} in command,
 * args, env, cwd, url and headers is replaced by the environment variable; an unset variable is an
 * error that names it ({@code $${VAR}} keeps the text {@code ${VAR}}). Unknown keys, duplicate
 * names and wrong types are errors that name the server and the key. Stateless and thread-safe.
 */
public final class McpServersConfig {
  private static final Set<String> KEYS =
      Set.of("name", "command", "args", "env", "cwd", "url", "headers", "timeout_ms");
  private static final Pattern VAR = Pattern.compile("\\$(\\$?)\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private McpServersConfig() {}

  /**
   * The names of the servers {@code section} configures, read leniently (no variable is resolved,
   * nothing else is checked): the namespaces no other source may use, whatever the servers' state.
   */
  public static Set<String> namespaces(JsonNode section) {
    Set<String> out = new java.util.TreeSet<>();
    if (section != null && section.isArray()) {
      for (JsonNode server : section) {
        JsonNode name = server.path("name");
        if (name.isString()) {
          out.add(name.asString());
        }
      }
    }
    return out;
  }

  /** Parses {@code section} with the process environment for {@code ${VAR}}. */
  public static List<McpServerSpec> parse(JsonNode section) {
    return parse(section, System::getenv);
  }

  /**
   * Parses {@code section} (the value of {@code mcp_servers}: a list, or null/missing for none).
   *
   * @param env looks up variables for {@code ${VAR}}; returns null when unset
   * @throws ToolgateException naming the server, the key and the fix
   */
  public static List<McpServerSpec> parse(JsonNode section, Function<String, String> env) {
    if (section == null || section.isNull() || section.isMissingNode()) {
      return List.of();
    }
    if (!section.isArray()) {
      throw new ToolgateException(
          "mcp_servers must be a list of servers, e.g. [{name: fs, command: [...]}]");
    }
    List<McpServerSpec> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    int index = 0;
    for (JsonNode node : section) {
      McpServerSpec spec = parseOne(node, index++, env);
      if (!names.add(spec.name())) {
        throw new ToolgateException(
            "mcp_servers: two servers are named '" + spec.name() + "'; names must be unique");
      }
      out.add(spec);
    }
    return List.copyOf(out);
  }

  private static McpServerSpec parseOne(JsonNode node, int index, Function<String, String> env) {
    if (!node.isObject()) {
      throw new ToolgateException("mcp_servers[" + index + "] must be an object with a name");
    }
    String name = node.path("name").asString("");
    String where = "mcp_servers[" + index + "]" + (name.isEmpty() ? "" : " ('" + name + "')");
    for (String key : node.propertyNames()) {
      if (!KEYS.contains(key)) {
        throw new ToolgateException(
            where + ": unknown key '" + key + "'; known keys: " + String.join(", ", sorted(KEYS)));
      }
    }
    if (name.isEmpty()) {
      throw new ToolgateException(where + ": name is required (it prefixes the server's tools)");
    }
    boolean hasCommand = node.has("command");
    boolean hasUrl = node.has("url");
    if (hasCommand == hasUrl) {
      throw new ToolgateException(
          where + ": give exactly one of command (a stdio server) and url (streamable HTTP)");
    }
    Duration timeout = McpServerSpec.DEFAULT_TIMEOUT;
    if (node.has("timeout_ms")) {
      JsonNode t = node.get("timeout_ms");
      if (!t.canConvertToLong() || t.asLong() <= 0) {
        throw new ToolgateException(where + ": timeout_ms must be a positive number, got " + t);
      }
      timeout = Duration.ofMillis(t.asLong());
    }
    try {
      if (hasCommand) {
        List<String> command =
            new ArrayList<>(strings(node.get("command"), where + ".command", env));
        if (node.has("args")) {
          command.addAll(strings(node.get("args"), where + ".args", env));
        }
        Optional<Path> cwd =
            node.has("cwd")
                ? Optional.of(
                    Path.of(expand(text(node.get("cwd"), where + ".cwd"), where + ".cwd", env)))
                : Optional.empty();
        return new McpServerSpec.Stdio(
            name, command, map(node.get("env"), where + ".env", env), cwd, timeout);
      }
      for (String key : List.of("args", "env", "cwd")) {
        if (node.has(key)) {
          throw new ToolgateException(where + ": " + key + " applies to command servers, not url");
        }
      }
      String url = expand(text(node.get("url"), where + ".url"), where + ".url", env);
      return new McpServerSpec.Http(
          name, uri(url, where), map(node.get("headers"), where + ".headers", env), timeout);
    } catch (IllegalArgumentException e) {
      throw new ToolgateException(where + ": " + e.getMessage(), e);
    }
  }

  private static URI uri(String url, String where) {
    try {
      return new URI(url);
    } catch (URISyntaxException e) {
      throw new ToolgateException(where + ": url '" + url + "' is not a URL: " + e.getMessage());
    }
  }

  private static List<String> strings(JsonNode node, String where, Function<String, String> env) {
    List<String> out = new ArrayList<>();
    if (node.isString()) {
      out.add(expand(node.asString(), where, env));
    } else if (node.isArray()) {
      for (JsonNode item : node) {
        if (!item.isValueNode() || item.isNull()) {
          throw new ToolgateException(where + ": every item must be a string, got " + item);
        }
        out.add(expand(item.asString(), where, env));
      }
    } else {
      throw new ToolgateException(where + " must be a string or a list of strings, got " + node);
    }
    return out;
  }

  private static Map<String, String> map(
      JsonNode node, String where, Function<String, String> env) {
    Map<String, String> out = new LinkedHashMap<>();
    if (node == null || node.isNull()) {
      return out;
    }
    if (!node.isObject()) {
      throw new ToolgateException(where + " must be a map of names to strings, got " + node);
    }
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        throw new ToolgateException(where + "." + e.getKey() + " must be a string");
      }
      out.put(e.getKey(), expand(e.getValue().asString(), where + "." + e.getKey(), env));
    }
    return out;
  }

  private static String text(JsonNode node, String where) {
    if (!node.isString()) {
      throw new ToolgateException(where + " must be a string, got " + node);
    }
    return node.asString();
  }

  /** Replaces {@code ${VAR}} with its value; {@code $${VAR}} stays literal as {@code ${VAR}}. */
  static String expand(String text, String where, Function<String, String> env) {
    Matcher m = VAR.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement;
      if (!m.group(1).isEmpty()) {
        replacement = "${" + m.group(2) + "}";
      } else {
        replacement = env.apply(m.group(2));
        if (replacement == null) {
          throw new ToolgateException(
              where
                  + " uses ${"
                  + m.group(2)
                  + "}, which is not set; export "
                  + m.group(2)
                  + " before starting Toolgate");
        }
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static List<String> sorted(Set<String> keys) {
    return keys.stream().sorted().toList();
  }
}
