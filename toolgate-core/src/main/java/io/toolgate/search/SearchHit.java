package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import java.util.Objects;

/**
 * One tool a search returned, with why.
 *
 * @param tool the tool
 * @param score fused score normalized to 0..1, comparable across queries
 * @param matchedTerms query terms found in the tool's text
 * @param matchSources each channel that ranked the tool, best channel first
 */
public record SearchHit(
    ToolDefinition tool, double score, List<String> matchedTerms, List<MatchSource> matchSources) {
  public SearchHit {
    Objects.requireNonNull(tool, "tool");
    matchedTerms = List.copyOf(matchedTerms);
    matchSources = List.copyOf(matchSources);
  }
}
