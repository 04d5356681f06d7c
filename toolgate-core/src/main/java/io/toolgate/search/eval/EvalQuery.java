package io.toolgate.search.eval;

import java.util.List;
import java.util.Objects;

/**
 * One line of a {@code <set>.queries.jsonl} file.
 *
 * @param query the request
 * @param relevant the names of the tools that satisfy it (at least one)
 */
public record EvalQuery(String query, List<String> relevant) {
  public EvalQuery {
    Objects.requireNonNull(query, "query");
    relevant = List.copyOf(relevant);
    if (relevant.isEmpty()) {
      throw new IllegalArgumentException("query '" + query + "' names no relevant tool");
    }
  }
}
