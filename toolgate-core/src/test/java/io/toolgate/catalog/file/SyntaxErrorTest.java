package io.toolgate.catalog.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.toolgate.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;

/** Common syntax mistakes: the place to look and the fix. */
class SyntaxErrorTest {
  static final String GOOD =
      """
      tools:
        - name: weather_now
          description: Current weather.
          parameters: {type: object, properties: {city: {type: string}}, required: [city]}
          http: {method: GET, url: "https://api.example.com/{city}"}
      """;

  static SyntaxError parse(String label, String text) {
    boolean json = label.endsWith(".json");
    try {
      (json ? Json.mapper() : Json.yaml())
          .reader()
          .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .readTree(text);
    } catch (JacksonException e) {
      return SyntaxError.of(e, text, json);
    }
    return fail("%s parsed", label);
  }

  /** A broken document, where its mistake is, and the words of the fix. */
  static Arguments broken(String name, String text, int line, int column, String fix) {
    return Arguments.of(name, text, line, column, fix);
  }

  static Stream<Arguments> mistakes() {
    return Stream.of(
        broken(
            "tab.yaml",
            GOOD.replace("    description", "\tdescription"),
            3,
            1,
            "found a tab character that cannot start any token; replace the tab with spaces"),
        broken(
            "unclosed-double-quote.yaml",
            GOOD.replace("description: Current", "description: \"Current")
                .replace(
                    "http: {method: GET, url: \"https://api.example.com/{city}\"}", "command: [x]"),
            3,
            18,
            "the quote (\") opened at line 3, column 18 is never closed: add the closing \""),
        broken(
            "unclosed-quote-before-another.yaml",
            GOOD.replace("description: Current", "description: \"Current"),
            5,
            31,
            "text follows the quote at line 5, column 30: if that quote is meant to open a value, a"
                + " quote before it is not closed"),
        broken(
            "text-after-quote.yaml",
            "tools:\n  - name: \"weather\"_now\n",
            2,
            20,
            "text follows the quote at line 2, column 19"),
        broken(
            "unclosed-single-quote.yaml",
            GOOD.replace("description: Current", "description: 'Current")
                .replace(
                    "http: {method: GET, url: \"https://api.example.com/{city}\"}", "command: [x]"),
            3,
            18,
            "the quote (') opened at line 3, column 18 is never closed: add the closing '"),
        broken(
            "unclosed-brace.yaml",
            GOOD.replace("required: [city]}", "required: [city]"),
            4,
            84,
            "the '{' opened at line 4, column 17 is not closed: add '}' (or a ',' between its"
                + " entries)"),
        broken(
            "unclosed-bracket.yaml",
            GOOD.replace("[city]", "[city"),
            4,
            83,
            "the '[' opened at line 4, column 78 is not closed: add ']'"),
        broken(
            "missing-colon.yaml",
            GOOD.replace("description:", "description"),
            3,
            5,
            "write 'key: value' on line 3: a ':' right after the key, then a space"),
        broken(
            "no-space-after-colon.yaml",
            GOOD.replace("description: ", "description:"),
            3,
            5,
            "write 'key: value' on line 3"),
        broken(
            "colon-in-value.yaml",
            GOOD.replace("Current weather.", "Note: current weather."),
            3,
            22,
            "put the value in quotes, e.g. description: \"Note: current weather.\""),
        broken(
            "indented-too-deep.yaml",
            GOOD.replace("    description", "      description"),
            3,
            18,
            "'description' is indented more than the line above it"),
        broken(
            "indented-too-little.yaml",
            GOOD.replace("    parameters", "  parameters"),
            4,
            3,
            "check the indentation of line 4"),
        broken(
            "reserved-character.yaml",
            "tools:\n  - name: @weather\n",
            2,
            11,
            "YAML reserves '@' at the start of a value: put the value in quotes, e.g."
                + " \"@weather\""),
        broken(
            "end-of-input.json",
            "{\"tools\": [\n  {\"name\": \"weather_now\",\n",
            3,
            1,
            "the file ends inside an object or list: add the missing '}' or ']'"),
        broken(
            "trailing-comma.json",
            "{\"tools\": [{\"name\": \"x\"},]}",
            1,
            26,
            "remove the ',' before ']': JSON allows no comma after the last entry"),
        broken(
            "single-quotes.json",
            "{'tools': []}",
            1,
            2,
            "JSON quotes names and strings with \", not '"),
        broken(
            "missing-comma.json",
            "{\"tools\": [{\"name\": \"x\" \"parameters\": {}}]}",
            1,
            25,
            "add a ',' between the entries"),
        broken("comment.json", "{\"tools\": [] // none yet\n}", 1, 14, "JSON has no comments"),
        broken(
            "duplicate-key.yaml",
            GOOD.replace(
                "    description: Current weather.\n",
                "    description: Current weather.\n    description: Weather now.\n"),
            4,
            16,
            "the key 'description' appears twice in one mapping; keep one of them and delete the"
                + " other"),
        broken(
            "duplicate-key.json",
            "{\"tools\": [],\n \"tools\": []}",
            2,
            9,
            "the key 'tools' appears twice in one object; keep one of them"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void namesThePlaceAndTheFix(String name, String text, int line, int column, String fix) {
    SyntaxError error = parse(name, text);

    assertThat(error.line()).as("line of %s", error).isEqualTo(line);
    assertThat(error.column()).as("column of %s", error).isEqualTo(column);
    assertThat(error.message())
        .startsWith(name.endsWith(".json") ? "malformed JSON: " : "malformed YAML: ")
        .contains(fix)
        .doesNotContain("\n")
        .doesNotContain("[Source:")
        .doesNotContain("for indentation)");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void aCatalogFileReportsItThatWay(String name, String text, int line, int column, String fix) {
    CatalogProblem p =
        CatalogFiles.validate(java.util.List.of(CatalogFile.text(name, text))).getFirst();

    assertThat(p.toString()).startsWith(name + ":" + line + ":" + column + ": malformed ");
    assertThat(p.message()).contains(fix);
  }
}
