package io.toolgate.search;

import io.toolgate.search.fusion.ChannelInput;
import io.toolgate.search.fusion.Fused;
import io.toolgate.search.fusion.Ranking;
import io.toolgate.search.lexical.LexicalIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Turns a search's fused scores into its response: the best tools with their 0..1 score, matched
 * words and per-channel standings, the {@code min_score} cut with its fallback, and the answer to a
 * query that matched nothing. Stateless.
 */
final class SearchResults {
  private SearchResults() {}

  static SearchResponse noMatch(
      SearchRequest request, String mode, Catalog cat, boolean[] allowed) {
    SearchFilter filter = request.filter();
    boolean filtered = allowed != null && !(filter.tags().isEmpty() && filter.sources().isEmpty());
    String hint =
        filtered && cat.liveNames(allowed).isEmpty()
            ? EmptyFilterHint.of(filter, cat.tools)
            : noMatchHint(request.query(), cat, allowed);
    return new SearchResponse(
        request.query(), request.keywords(), mode, false, List.of(), Optional.of(hint));
  }

  /** Why {@code query} found nothing among the tools {@code allowed}, and what to try. */
  private static String noMatchHint(String query, Catalog cat, boolean[] allowed) {
    StringBuilder hint =
        new StringBuilder("no tool matched \"")
            .append(query)
            .append(
                "\": describe the capability in other words (what the tool does or what it"
                    + " acts on), or use fewer words");
    // Only a query that looks like one name is worth comparing with every name (edit distance
    // over a long request and thousands of names would cost more than the search).
    String asName = query.strip();
    List<String> close =
        asName.length() <= 64 && asName.chars().noneMatch(Character::isWhitespace)
            ? io.toolgate.catalog.Strings.closest(asName, cat.liveNames(allowed), 3)
            : List.of();
    if (!close.isEmpty()) {
      hint.append("; similar tool names: ").append(String.join(", ", close));
    }
    return hint.toString();
  }

  static SearchResponse respond(
      LexicalIndex lexical,
      SearchRequest request,
      String mode,
      Catalog cat,
      List<ChannelInput> channels,
      Fused fused,
      QueryTerms terms) {
    int[] top = topCandidates(fused, request.limit(), cat.names);
    int[] topSlots = new int[top.length];
    for (int i = 0; i < top.length; i++) {
      topSlots[i] = fused.slots()[top[i]];
    }
    List<List<MatchSource>> sources = sources(channels, topSlots, cat.names);
    List<SearchHit> hits = new ArrayList<>(top.length);
    for (int i = 0; i < top.length; i++) {
      int slot = topSlots[i];
      double score = Math.clamp(fused.scores()[top[i]] / fused.best(), 0.0, 1.0);
      hits.add(
          new SearchHit(
              cat.tools[slot], round(score), terms.matchedIn(lexical, slot), sources.get(i)));
    }
    boolean fallback = false;
    if (request.minScore().isPresent() && !hits.isEmpty()) {
      double min = request.minScore().get();
      List<SearchHit> kept = hits.stream().filter(h -> h.score() >= min).toList();
      if (kept.isEmpty()) {
        kept = List.of(hits.get(0));
        fallback = true;
      }
      hits = kept;
    }
    return new SearchResponse(
        request.query(), request.keywords(), mode, fallback, hits, Optional.empty());
  }

  /** Indexes into {@code fused} of the best {@code limit} candidates, best first. */
  static int[] topCandidates(Fused fused, int limit, String[] names) {
    // Insertion into a sorted array of at most `limit` (≤ 20): one comparison per candidate that
    // does not make the cut, no boxing. Doubles, not floats, so near-ties stay apart.
    double[] scores = fused.scores();
    int[] slots = fused.slots();
    int[] best = new int[Math.min(limit, scores.length)];
    if (best.length == 0) {
      return best;
    }
    int size = 0;
    for (int i = 0; i < scores.length; i++) {
      if (size == best.length && scores[i] < scores[best[size - 1]]) {
        continue; // most candidates: below the cut, no name needed
      }
      if (size == best.length
          && !Ranking.before(
              scores[i], names[slots[i]], scores[best[size - 1]], names[slots[best[size - 1]]])) {
        continue;
      }
      int at = size == best.length ? size - 1 : size++;
      while (at > 0
          && Ranking.before(
              scores[i], names[slots[i]], scores[best[at - 1]], names[slots[best[at - 1]]])) {
        best[at] = best[at - 1];
        at--;
      }
      best[at] = i;
    }
    return best;
  }

  /** Each hit's rank and score in every channel that scored it, best rank first. */
  private static List<List<MatchSource>> sources(
      List<ChannelInput> channels, int[] slots, String[] names) {
    List<List<MatchSource>> out = new ArrayList<>(slots.length);
    for (int i = 0; i < slots.length; i++) {
      out.add(new ArrayList<>());
    }
    // One pass over each channel's scores; on a large catalog a lexical channel's are long.
    List<Ranking.Standing> standings =
        ParallelChannels.compute(
            channels.stream()
                .<Supplier<Ranking.Standing>>map(
                    c -> () -> Ranking.standing(c.scores(), slots, names))
                .toList(),
            names.length);
    for (int ci = 0; ci < channels.size(); ci++) {
      ChannelInput c = channels.get(ci);
      Ranking.Standing standing = standings.get(ci);
      for (int i = 0; i < slots.length; i++) {
        if (standing.ranks()[i] > 0) {
          out.get(i)
              .add(new MatchSource(c.source(), standing.ranks()[i], round(standing.scores()[i])));
        }
      }
    }
    for (List<MatchSource> hit : out) {
      hit.sort(
          java.util.Comparator.comparingInt(MatchSource::rank).thenComparing(MatchSource::source));
    }
    return out;
  }

  private static double round(double value) {
    return Math.round(value * 10_000) / 10_000.0;
  }
}
