package io.toolgate.server.auth;

import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Which tools an API key may see and call, as globs over names, tags and sources.
 *
 * <pre>{@code
 * tools: {names: ["weather_*", "time_now"], tags: [public], sources: ["file:*", "mcp:crm"]}
 * }</pre>
 *
 * <p>A tool passes when it matches every non-empty list: its name matches one name glob, one of its
 * tags matches one tag glob, and its source matches one source glob. {@code *} matches any run of
 * characters, {@code ?} one character; everything else is literal. An empty filter allows all.
 * Immutable and thread-safe.
 *
 * @param names name globs
 * @param tags tag globs
 * @param sources source globs
 */
public record ToolFilter(List<String> names, List<String> tags, List<String> sources)
    implements Predicate<ToolDefinition> {
  /** Every tool. */
  public static final ToolFilter ALL = new ToolFilter(List.of(), List.of(), List.of());

  public ToolFilter {
    names = List.copyOf(names);
    tags = List.copyOf(tags);
    sources = List.copyOf(sources);
  }

  @Override
  public boolean test(ToolDefinition tool) {
    return matchesAny(names, tool.name())
        && (tags.isEmpty() || tool.tags().stream().anyMatch(t -> matchesAny(tags, t)))
        && matchesAny(sources, tool.source());
  }

  /** Whether this filter allows everything. */
  public boolean isAll() {
    return names.isEmpty() && tags.isEmpty() && sources.isEmpty();
  }

  private static boolean matchesAny(List<String> globs, String value) {
    if (globs.isEmpty()) {
      return true;
    }
    for (String glob : globs) {
      if (glob(glob).matcher(value).matches()) {
        return true;
      }
    }
    return false;
  }

  private static final java.util.Map<String, Pattern> PATTERNS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The regex of a glob; cached, since the same few globs run on every request. */
  static Pattern glob(String glob) {
    return PATTERNS.computeIfAbsent(
        glob,
        g -> {
          StringBuilder regex = new StringBuilder();
          StringBuilder literal = new StringBuilder();
          for (char c : g.toCharArray()) {
            if (c == '*' || c == '?') {
              if (!literal.isEmpty()) {
                regex.append(Pattern.quote(literal.toString()));
                literal.setLength(0);
              }
              regex.append(c == '*' ? ".*" : ".");
            } else {
              literal.append(c);
            }
          }
          if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
          }
          return Pattern.compile(regex.toString(), Pattern.DOTALL);
        });
  }
}
