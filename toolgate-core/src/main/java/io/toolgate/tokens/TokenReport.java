package io.toolgate.tokens;

import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.MetaTools;
import io.toolgate.exposure.Profile;
import io.toolgate.format.Format;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How many tokens of tool definitions a model receives per turn, in each format and encoding: every
 * tool directly, against the search registry.
 *
 * <pre>{@code
 * TokenReport report = TokenReport.measure(registry.definitions(), TokenReport.Options.DEFAULTS);
 * System.out.print(report.table());
 * report.row(Format.OPENAI, TokenEncoding.O200K_BASE).orElseThrow().savings();   // e.g. 14.2
 * }</pre>
 *
 * <p>Per row:
 *
 * <ul>
 *   <li>{@code allTools}: the tools array of the whole catalog ({@code tools: all});
 *   <li>{@code registry}: the meta-tools plus pinned tools ({@code tools: search_registry}), the
 *       cost of a turn before any search;
 *   <li>{@code registryWithResults}: that plus the result of one search returning {@code results}
 *       tools, the typical turn once the model has searched. The tools in the result are the {@code
 *       results} tools around the <em>median</em> definition size (description plus schema), so the
 *       figure is neither flattered by tiny tools nor inflated by outliers;
 *   <li>{@code registryWithLargest}: the same with the {@code results} largest tools, the worst
 *       case.
 * </ul>
 *
 * <p>What is counted is the serialized text as sent: compact JSON of the tools array (or the XML
 * prompt), and the search result's JSON. Providers wrap tools in framing tokens of their own that
 * they do not publish, and Anthropic and Google use their own tokenizers, so absolute figures are
 * exact for the text but approximate for the bill; the ratios between modes hold. Immutable.
 *
 * @param catalogSize how many tools the catalog holds
 * @param options what was measured
 * @param rows one per format and encoding, in the order of {@link Options#formats()} then {@link
 *     Options#encodings()}
 */
public record TokenReport(int catalogSize, Options options, List<Row> rows) {
  public TokenReport {
    Objects.requireNonNull(options, "options");
    rows = List.copyOf(rows);
  }

  /**
   * What to measure.
   *
   * @param profile the meta-tools shown by the registry
   * @param pinned tools the registry shows besides the meta-tools
   * @param results how many tools one search returns (Toolgate's default is 5)
   * @param formats the formats to render
   * @param encodings the tokenizers to count with
   */
  public record Options(
      Profile profile,
      List<String> pinned,
      int results,
      List<Format> formats,
      List<TokenEncoding> encodings) {
    /** Spice profile, nothing pinned, 5 results, every format, both encodings. */
    public static final Options DEFAULTS =
        new Options(
            Profile.SPICE, List.of(), 5, List.of(Format.values()), List.of(TokenEncoding.values()));

    public Options {
      Objects.requireNonNull(profile, "profile");
      pinned = List.copyOf(pinned);
      if (results < 1) {
        throw new IllegalArgumentException("illegal results " + results + ", must be at least 1");
      }
      formats = List.copyOf(formats);
      encodings = List.copyOf(encodings);
      if (formats.isEmpty() || encodings.isEmpty()) {
        throw new IllegalArgumentException("measure at least one format and one encoding");
      }
    }

    /** A copy measuring {@code newProfile}'s meta-tools. */
    public Options withProfile(Profile newProfile) {
      return new Options(newProfile, pinned, results, formats, encodings);
    }

    /** A copy with these pinned tools shown by the registry. */
    public Options withPinned(List<String> newPinned) {
      return new Options(profile, newPinned, results, formats, encodings);
    }

    /** A copy with another number of search results. */
    public Options withResults(int newResults) {
      return new Options(profile, pinned, newResults, formats, encodings);
    }

    /** A copy measuring only these formats. */
    public Options withFormats(List<Format> newFormats) {
      return new Options(profile, pinned, results, newFormats, encodings);
    }

    /** A copy counting with only these encodings. */
    public Options withEncodings(List<TokenEncoding> newEncodings) {
      return new Options(profile, pinned, results, formats, newEncodings);
    }
  }

  /**
   * The figures of one format counted with one encoding.
   *
   * @param format the format
   * @param encoding the tokenizer
   * @param allTools every tool directly
   * @param registry meta-tools plus pinned tools
   * @param registryWithResults registry plus one search result of median-sized tools
   * @param registryWithLargest registry plus one search result of the largest tools
   */
  public record Row(
      Format format,
      TokenEncoding encoding,
      int allTools,
      int registry,
      int registryWithResults,
      int registryWithLargest) {
    /** How many times fewer tokens the registry turn with results costs than all tools. */
    public double savings() {
      return registryWithResults == 0 ? 0 : (double) allTools / registryWithResults;
    }
  }

  /**
   * Measures {@code catalog}.
   *
   * @throws IllegalArgumentException when a pinned tool is not in the catalog
   */
  public static TokenReport measure(List<ToolDefinition> catalog, Options options) {
    List<ToolDefinition> registryTools = new ArrayList<>(MetaTools.of(options.profile()));
    registryTools.addAll(pinned(catalog, options.pinned()));
    List<ToolDefinition> typical = SearchResultSample.typical(catalog, options.results());
    List<ToolDefinition> largest = SearchResultSample.largest(catalog, options.results());
    List<Row> rows = new ArrayList<>();
    for (Format format : options.formats()) {
      String all = format.render(catalog).text();
      String registry = format.render(registryTools).text();
      String typicalResult = SearchResultSample.text(options.profile(), format, typical);
      String largestResult = SearchResultSample.text(options.profile(), format, largest);
      for (TokenEncoding encoding : options.encodings()) {
        int registryTokens = encoding.count(registry);
        rows.add(
            new Row(
                format,
                encoding,
                encoding.count(all),
                registryTokens,
                registryTokens + encoding.count(typicalResult),
                registryTokens + encoding.count(largestResult)));
      }
    }
    return new TokenReport(catalog.size(), options, rows);
  }

  /** Tokens of {@code tools} rendered in {@code format}: the cost of showing exactly them. */
  public static int count(List<ToolDefinition> tools, Format format, TokenEncoding encoding) {
    return encoding.count(format.render(tools).text());
  }

  private static List<ToolDefinition> pinned(List<ToolDefinition> catalog, List<String> names) {
    Map<String, ToolDefinition> byName = new LinkedHashMap<>();
    catalog.forEach(t -> byName.put(t.name(), t));
    List<ToolDefinition> out = new ArrayList<>();
    for (String name : names) {
      ToolDefinition tool = byName.get(name);
      if (tool == null) {
        List<String> close = Strings.closest(name, byName.keySet(), 5);
        throw new IllegalArgumentException(
            "pinned tool '"
                + name
                + "' is not in the catalog"
                + (close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)"));
      }
      out.add(tool);
    }
    return out;
  }

  /** The row of one format and encoding, when measured. */
  public Optional<Row> row(Format format, TokenEncoding encoding) {
    return rows.stream().filter(r -> r.format == format && r.encoding == encoding).findFirst();
  }

  /** The smallest savings factor over all rows: the figure to quote. */
  public double minSavings() {
    return rows.stream().mapToDouble(Row::savings).min().orElse(0);
  }

  /** A plain-text table for terminals. */
  public String table() {
    StringBuilder out = new StringBuilder();
    Profile profile = options.profile();
    out.append(
        String.format(
            Locale.ROOT,
            "Tool-definition tokens per turn: %d tools; registry = %s + %s%s%n",
            catalogSize,
            profile.searchTool(),
            profile.invokeTool(),
            options.pinned().isEmpty() ? "" : " + pinned " + String.join(", ", options.pinned())));
    out.append(
        String.format(
            Locale.ROOT,
            "+%d results = one %s result with the %d median-sized tools; largest = the %d largest%n%n",
            options.results(),
            profile.searchTool(),
            options.results(),
            options.results()));
    String header = "%-17s %-12s %10s %9s %12s %12s %9s%n";
    out.append(
        String.format(
            Locale.ROOT,
            header,
            "format",
            "encoding",
            "all tools",
            "registry",
            "+" + options.results() + " results",
            "+" + options.results() + " largest",
            "savings"));
    for (Row r : rows) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-17s %-12s %,10d %,9d %,12d %,12d %8.1fx%n",
              r.format.id(),
              r.encoding.id(),
              r.allTools,
              r.registry,
              r.registryWithResults,
              r.registryWithLargest,
              r.savings()));
    }
    return out.toString();
  }

  /** The report as JSON, for {@code --json}. */
  public ObjectNode toJson() {
    ObjectNode out = Json.object();
    out.put("catalog_size", catalogSize);
    out.put("profile", options.profile().id());
    ArrayNode pinned = out.putArray("pinned");
    options.pinned().forEach(pinned::add);
    out.put("results", options.results());
    out.put("results_basis", "median-sized tools; largest = the largest tools");
    ArrayNode array = out.putArray("rows");
    for (Row r : rows) {
      ObjectNode row = array.addObject();
      row.put("format", r.format.id());
      row.put("encoding", r.encoding.id());
      row.put("all_tools", r.allTools);
      row.put("registry", r.registry);
      row.put("registry_with_results", r.registryWithResults);
      row.put("registry_with_largest", r.registryWithLargest);
      row.put("savings", Math.round(r.savings() * 10) / 10.0);
    }
    return out;
  }
}
