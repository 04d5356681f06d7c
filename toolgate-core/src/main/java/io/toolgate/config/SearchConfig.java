package io.toolgate.config;

import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code search:} section: what models see and how search ranks.
 *
 * <pre>{@code
 * search: {mode: auto, limit: 5, rrf_k: 60, fusion: rrf, pinned: [time_now], min_score: 0.3,
 *          meta_tools: spice, weights: {vector: 1.5}}
 * }</pre>
 *
 * @param mode {@code auto} (default), {@code all}, {@code search_registry} or a list of names
 * @param limit default number of search results, 1..20 (default 5)
 * @param rrfK the Reciprocal Rank Fusion constant, at least 1 (default 60)
 * @param weights channel weights as written ({@code full_text}, {@code keyword}, {@code schema},
 *     {@code vector}); channels not named keep the search engine's defaults
 * @param pinned tools always shown directly, whatever the mode
 * @param fusion the fusion method as written ({@code rrf}, …), when set; the search engine checks
 *     it
 * @param minScore default {@code min_score} of searches, 0..1, when set
 * @param metaTools which meta-tool names the registry shows: {@code spice} ({@code tool_search} +
 *     {@code tool_invoke}, default) or {@code rfc} ({@code find_tools} + {@code use_tool})
 * @param raw the whole section as plain values, for the search engine's own settings ({@code
 *     SearchSettings.fromConfig(raw)}: boosts, bm25, length_pivot, …)
 */
public record SearchConfig(
    ToolMode mode,
    int limit,
    int rrfK,
    Map<String, Double> weights,
    List<String> pinned,
    Optional<String> fusion,
    Optional<Double> minScore,
    Profile metaTools,
    Map<String, Object> raw) {

  /** The most results a search may ask for. */
  public static final int MAX_LIMIT = 20;

  /** Auto mode, 5 results, k = 60, nothing pinned, the spice meta-tools. */
  public static final SearchConfig DEFAULTS =
      new SearchConfig(
          ToolMode.AUTO,
          5,
          60,
          Map.of(),
          List.of(),
          Optional.empty(),
          Optional.empty(),
          Profile.SPICE,
          Map.of());

  public SearchConfig {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(metaTools, "metaTools");
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT + ", got " + limit);
    }
    if (rrfK < 1) {
      throw new IllegalArgumentException("rrf_k must be at least 1, got " + rrfK);
    }
    weights = Map.copyOf(weights);
    weights.forEach(
        (channel, w) -> {
          if (!(w >= 0) || w.isInfinite()) {
            throw new IllegalArgumentException(
                "weight of " + channel + " must be a number >= 0, got " + w);
          }
        });
    pinned = List.copyOf(pinned);
    fusion = fusion == null ? Optional.empty() : fusion;
    minScore = minScore == null ? Optional.empty() : minScore;
    minScore.ifPresent(
        s -> {
          if (!(s >= 0 && s <= 1)) {
            throw new IllegalArgumentException("min_score must be 0 to 1, got " + s);
          }
        });
    raw = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(raw));
  }
}
