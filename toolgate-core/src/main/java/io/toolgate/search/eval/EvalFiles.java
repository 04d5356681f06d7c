package io.toolgate.search.eval;

import io.toolgate.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads evaluation sets: {@code <set>.tools.jsonl} ({@code {"name", "description", "parameters"}} a
 * line) and {@code <set>.queries.jsonl} ({@code {"query", "relevant": [names]}} a line). Blank
 * lines are skipped; a malformed line is an error naming the file and line number.
 */
public final class EvalFiles {
  private EvalFiles() {}

  /**
   * The tools of a tools file.
   *
   * @throws IllegalArgumentException for a malformed line or a repeated name
   */
  public static List<EvalTool> readTools(Path file) {
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return readTools(reader, file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** The tools of a tools file read from {@code in} (e.g. a class-path resource). */
  public static List<EvalTool> readTools(InputStream in, String what) {
    try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      return readTools(reader, what);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + what, e);
    }
  }

  /** The queries of a queries file. */
  public static List<EvalQuery> readQueries(Path file) {
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return readQueries(reader, file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** The queries of a queries file read from {@code in}. */
  public static List<EvalQuery> readQueries(InputStream in, String what) {
    try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      return readQueries(reader, what);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + what, e);
    }
  }

  private static List<EvalTool> readTools(Reader reader, String what) throws IOException {
    List<EvalTool> tools =
        lines(
            reader,
            what,
            node -> {
              JsonNode description = node.get("description");
              return new EvalTool(
                  text(node, "name"),
                  description == null || description.isNull() ? "" : description.asString(),
                  node.has("parameters") ? node.get("parameters") : Json.object());
            });
    Set<String> seen = new HashSet<>();
    for (EvalTool t : tools) {
      if (!seen.add(t.name())) {
        throw new IllegalArgumentException(what + ": tool name '" + t.name() + "' appears twice");
      }
    }
    return tools;
  }

  private static List<EvalQuery> readQueries(Reader reader, String what) throws IOException {
    return lines(
        reader,
        what,
        node -> {
          List<String> relevant = new ArrayList<>();
          JsonNode rel = node.get("relevant");
          if (rel == null || !rel.isArray()) {
            throw new IllegalArgumentException("\"relevant\" must be an array of tool names");
          }
          rel.forEach(r -> relevant.add(r.asString()));
          return new EvalQuery(text(node, "query"), relevant);
        });
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isString()) {
      throw new IllegalArgumentException("\"" + field + "\" must be a string");
    }
    return value.asString();
  }

  private static <T> List<T> lines(Reader reader, String what, Function<JsonNode, T> parse)
      throws IOException {
    List<T> out = new ArrayList<>();
    BufferedReader lines = new BufferedReader(reader);
    int number = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      try {
        out.add(parse.apply(Json.parse(line)));
      } catch (JacksonException | IllegalArgumentException e) {
        throw new IllegalArgumentException(what + " line " + number + ": " + e.getMessage(), e);
      }
    }
    return out;
  }
}
