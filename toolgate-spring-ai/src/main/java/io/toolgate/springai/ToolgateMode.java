package io.toolgate.springai;

import io.toolgate.search.SearchRequest;

/**
 * What the model is given ({@code toolgate.mode}): {@code meta-tools} ({@code tool_search} and
 * {@code tool_invoke}), {@code preselect} (the best {@code toolgate.limit} tools for each user
 * message) or {@code all} (every tool).
 */
public enum ToolgateMode {
  META_TOOLS,
  PRESELECT,
  ALL;

  static int checkLimit(int limit) {
    if (limit < 1 || limit > SearchRequest.MAX_LIMIT) {
      throw new IllegalArgumentException(
          "toolgate.limit must be 1 to " + SearchRequest.MAX_LIMIT + " tools, got " + limit);
    }
    return limit;
  }
}
