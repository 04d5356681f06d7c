package io.toolgate.format;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A reversible table between Toolgate tool names and the names one provider accepts.
 *
 * <pre>{@code
 * ProviderNames names = ProviderNames.of(NameRule.OPENAI, registry.names());
 * names.providerName("github.search_issues");   // "github_search_issues"
 * names.toolName("github_search_issues");        // Optional["github.search_issues"]
 * }</pre>
 *
 * <p>How a name is mapped, in this order:
 *
 * <ol>
 *   <li>a name the rule accepts is kept as it is, and such names are claimed first, so a valid name
 *       never changes because of another tool;
 *   <li>otherwise every rejected character becomes {@code _} (e.g. {@code .} → {@code _}); the
 *       result is used when it fits the length limit and no other tool has claimed it;
 *   <li>otherwise (too long, or a collision) the sanitized name is cut to {@code maxLength - 9}
 *       characters and suffixed with {@code _} and the first 8 hex characters of the SHA-256 of the
 *       original name, e.g. {@code very_long…_3fa91c0e}.
 * </ol>
 *
 * <p>Invalid names are visited in sorted order, so the table depends only on the set of names.
 * Build it over the whole catalog (not only the tools shown this turn) so that a name maps the same
 * way on every turn; a mapping changes only when a new tool claims the sanitized form first.
 *
 * <p>Immutable and thread-safe.
 */
public final class ProviderNames {
  private static final int HASH_CHARS = 8;

  private final NameRule rule;
  private final Map<String, String> toProvider;
  private final Map<String, String> toTool;

  private ProviderNames(NameRule rule, Map<String, String> toProvider) {
    this.rule = rule;
    this.toProvider = Collections.unmodifiableMap(new TreeMap<>(toProvider));
    Map<String, String> reverse = new HashMap<>();
    toProvider.forEach((tool, provider) -> reverse.put(provider, tool));
    this.toTool = Collections.unmodifiableMap(reverse);
  }

  /**
   * Builds the table for {@code toolNames} under {@code rule}.
   *
   * @throws IllegalArgumentException for an empty or null name
   */
  public static ProviderNames of(NameRule rule, Collection<String> toolNames) {
    Objects.requireNonNull(rule, "rule");
    Set<String> names = new TreeSet<>();
    for (String name : toolNames) {
      if (name == null || name.isEmpty()) {
        throw new IllegalArgumentException("tool names must not be empty");
      }
      names.add(name);
    }
    Map<String, String> table = new HashMap<>();
    Set<String> taken = new HashSet<>();
    for (String name : names) {
      if (rule.accepts(name)) {
        table.put(name, name);
        taken.add(name);
      }
    }
    for (String name : names) {
      if (!table.containsKey(name)) {
        String mapped = mapInvalid(rule, name, taken);
        table.put(name, mapped);
        taken.add(mapped);
      }
    }
    return new ProviderNames(rule, table);
  }

  private static String mapInvalid(NameRule rule, String name, Set<String> taken) {
    String sanitized = rule.sanitize(name);
    if (sanitized.length() <= rule.maxLength() && !taken.contains(sanitized)) {
      return sanitized;
    }
    String hash = sha256Hex(name);
    // More hash characters only if two different names share the first 8 (about 1 in 4 billion).
    int most = Math.min(hash.length(), rule.maxLength() - 2);
    for (int chars = HASH_CHARS; chars <= most; chars += 4) {
      int keep = Math.min(sanitized.length(), rule.maxLength() - 1 - chars);
      String candidate = sanitized.substring(0, keep) + "_" + hash.substring(0, chars);
      if (!taken.contains(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no collision-free provider name for tool '" + name + "'");
  }

  private static String sha256Hex(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** The rule this table maps to. */
  public NameRule rule() {
    return rule;
  }

  /**
   * The name to send to the provider for a tool.
   *
   * @throws IllegalArgumentException when the tool is not in this table
   */
  public String providerName(String toolName) {
    String mapped = toProvider.get(toolName);
    if (mapped == null) {
      throw new IllegalArgumentException(
          "tool '"
              + toolName
              + "' is not in the "
              + rule.id()
              + " name table; build the table over every tool that may be shown");
    }
    return mapped;
  }

  /**
   * The tool a provider name stands for: resolves a model's call back to the tool. An unmapped
   * original name (a model that repeats the name it saw elsewhere) resolves to itself.
   */
  public Optional<String> toolName(String providerName) {
    String tool = toTool.get(providerName);
    if (tool != null) {
      return Optional.of(tool);
    }
    return toProvider.containsKey(providerName) ? Optional.of(providerName) : Optional.empty();
  }

  /** Whether any name of the table differs from its tool's name. */
  public boolean renamesAny() {
    return toProvider.entrySet().stream().anyMatch(e -> !e.getKey().equals(e.getValue()));
  }

  /** The table, tool name → provider name, sorted by tool name. */
  public Map<String, String> table() {
    return toProvider;
  }

  /** How many names the table holds. */
  public int size() {
    return toProvider.size();
  }

  @Override
  public String toString() {
    return "ProviderNames[" + rule.id() + ", " + toProvider.size() + " names]";
  }
}
