package io.toolgate.cli;

import io.toolgate.json.Json;
import io.toolgate.search.MatchSource;
import io.toolgate.search.SearchFilter;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchMode;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code toolgate search "QUERY"}: runs tool_search and explains each hit per channel. */
@Command(
    name = "search",
    mixinStandardHelpOptions = true,
    description = "Find the tools that fit a request, with the rank and score from each channel.",
    footer = {
      "",
      "Examples:",
      "  toolgate search \"is it going to rain in Lisbon tomorrow\"",
      "  toolgate search \"refund a customer\" --limit 3 --mode lexical",
      "  toolgate search \"count rows\" --keywords distinct --json"
    })
final class SearchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Parameters(paramLabel = "QUERY", arity = "1..*", description = "What you need, in words.")
  List<String> query = new ArrayList<>();

  @Option(names = "--keywords", paramLabel = "K", arity = "1..*", description = "Exact phrases.")
  List<String> keywords = new ArrayList<>();

  @Option(
      names = {"-n", "--limit"},
      paramLabel = "N",
      defaultValue = "5",
      description = "How many tools (1-20, default ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--min-score",
      paramLabel = "S",
      description = "Drop hits below this score (0-1).")
  Double minScore;

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      defaultValue = "hybrid",
      description = "hybrid, lexical or vector (default ${DEFAULT-VALUE}).")
  String mode;

  @Option(names = "--tag", paramLabel = "TAG", description = "Only tools with this tag.")
  List<String> tags = new ArrayList<>();

  @Option(names = "--json", description = "Print the tool_search response as JSON.")
  boolean json;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    SearchMode searchMode = SearchJson.parseMode(mode);
    try (Gateway gateway = Gateway.open(global, searchMode != SearchMode.LEXICAL)) {
      if (!gateway.embedders().isEmpty()) {
        gateway.search().awaitVectors(Duration.ofMinutes(10));
      }
      SearchRequest request =
          new SearchRequest(
              String.join(" ", query),
              keywords,
              limit,
              Optional.ofNullable(minScore),
              new SearchFilter(tags, List.of(), null),
              searchMode);
      SearchResponse response = gateway.toolgate().search(request);
      if (json) {
        out.println(Json.pretty(SearchJson.toJson(response)));
        out.flush();
        return 0;
      }
      print(response, out);
      return response.tools().isEmpty() ? 1 : 0;
    }
  }

  private static void print(SearchResponse response, PrintWriter out) {
    if (response.tools().isEmpty()) {
      out.println("No tools matched. " + response.hint().orElse(""));
      out.flush();
      return;
    }
    Table table =
        new Table("#", "TOOL", "SCORE", "CHANNELS (rank/score)", "DESCRIPTION").clipLast(60);
    int rank = 1;
    for (SearchHit hit : response.tools()) {
      table.row(
          rank++,
          hit.tool().name(),
          String.format(Locale.ROOT, "%.3f", hit.score()),
          hit.matchSources().stream().map(SearchCommand::channel).collect(Collectors.joining(" ")),
          hit.tool().description());
    }
    table.print(out);
    out.printf(
        "%nsearch_mode %s%s%n",
        response.searchMode(), response.fallback() ? " (fallback: min_score cut every hit)" : "");
    out.flush();
  }

  private static String channel(MatchSource m) {
    return String.format(Locale.ROOT, "%s#%d/%.2f", m.source(), m.rank(), m.score());
  }
}
