package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.spi.ToolExecutionException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Replaces the values of a tool's declared secrets with {@code [redacted NAME]} in what a call
 * returns: error messages (a command's stderr, an HTTP error body or URL) and results.
 *
 * <pre>{@code
 * SecretRedactor r = SecretRedactor.of(List.of("API_KEY"), System::getenv);
 * r.redact("exited with code 3: boom key=supersecret-XYZ");   // "… key=[redacted API_KEY]"
 * }</pre>
 *
 * <p>Each value is also matched percent-encoded, as it appears in a URL. Values shorter than
 * {@value #MIN_LENGTH} characters are not redacted: they cannot be told apart from ordinary text (a
 * secret {@code 1} would blank every digit). Longer values are replaced longest first, so a secret
 * that contains another is replaced whole. Immutable and thread-safe.
 */
public final class SecretRedactor {
  /** The shortest value that is redacted. */
  public static final int MIN_LENGTH = 4;

  private static final SecretRedactor NONE = new SecretRedactor(List.of());

  private record Secret(String value, String replacement) {}

  private final List<Secret> secrets;

  private SecretRedactor(List<Secret> secrets) {
    this.secrets = List.copyOf(secrets);
  }

  /**
   * The redactor of the secrets called {@code names}, with their values as {@code environment}
   * gives them now (an unset one is skipped).
   */
  public static SecretRedactor of(Collection<String> names, UnaryOperator<String> environment) {
    List<Secret> out = new ArrayList<>();
    for (String name : names) {
      String value = environment.apply(name);
      if (value == null || value.length() < MIN_LENGTH) {
        continue;
      }
      String replacement = "[redacted " + name + "]";
      out.add(new Secret(value, replacement));
      String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8);
      if (!encoded.equals(value)) {
        out.add(new Secret(encoded, replacement));
        out.add(new Secret(encoded.replace("+", "%20"), replacement));
      }
    }
    out.sort(Comparator.comparingInt((Secret s) -> s.value().length()).reversed());
    return out.isEmpty() ? NONE : new SecretRedactor(out);
  }

  /** Whether there is nothing to redact. */
  public boolean isEmpty() {
    return secrets.isEmpty();
  }

  /** {@code text} with every secret value replaced. */
  public String redact(String text) {
    if (text == null || secrets.isEmpty()) {
      return text;
    }
    String out = text;
    for (Secret s : secrets) {
      out = out.replace(s.value(), s.replacement());
    }
    return out;
  }

  /**
   * {@code json} with every secret value replaced in its strings and keys; the same node if none.
   */
  public JsonNode redact(JsonNode json) {
    if (secrets.isEmpty() || json == null || !contains(json)) {
      return json;
    }
    return copy(json);
  }

  /**
   * The failure to report instead of {@code e}: the same code, its message redacted. A failure that
   * names no secret is returned as it is; one that does loses its cause, whose message (logged with
   * a stack trace) might name the secret too.
   */
  public Exception redact(Exception e) {
    String message = e.getMessage();
    if (secrets.isEmpty() || message == null || message.equals(redact(message))) {
      return e;
    }
    ErrorCode code = e instanceof ToolExecutionException t ? t.code() : ErrorCode.EXECUTION_FAILED;
    return new ToolExecutionException(code, redact(message));
  }

  private boolean contains(JsonNode json) {
    if (json.isString()) {
      return !json.asString().equals(redact(json.asString()));
    }
    if (json instanceof ObjectNode object) {
      for (Map.Entry<String, JsonNode> e : object.properties()) {
        if (!e.getKey().equals(redact(e.getKey())) || contains(e.getValue())) {
          return true;
        }
      }
      return false;
    }
    for (JsonNode child : json.values()) {
      if (contains(child)) {
        return true;
      }
    }
    return false;
  }

  private JsonNode copy(JsonNode json) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    if (json.isString()) {
      return StringNode.valueOf(redact(json.asString()));
    }
    if (json instanceof ObjectNode object) {
      ObjectNode out = nodes.objectNode();
      for (Map.Entry<String, JsonNode> e : object.properties()) {
        out.set(redact(e.getKey()), copy(e.getValue()));
      }
      return out;
    }
    if (json instanceof ArrayNode array) {
      ArrayNode out = nodes.arrayNode();
      for (JsonNode child : array) {
        out.add(copy(child));
      }
      return out;
    }
    return json;
  }
}
