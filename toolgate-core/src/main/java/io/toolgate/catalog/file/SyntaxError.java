package io.toolgate.catalog.file;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ScannerException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;

/**
 * Where a YAML or JSON document stops parsing, what the parser says, and for the common mistakes
 * how to fix it: catalog files and the config file report it the same way.
 *
 * <pre>{@code
 * tools.yaml:3:5: malformed YAML: while scanning a simple key; could not find expected ':'; write
 * 'key: value' on line 3: a ':' right after the key, then a space
 * }</pre>
 *
 * <p>Fixes are given only where the parser's complaint leaves one cause: a tab in the indentation,
 * an unclosed quote, bracket or brace, a key without its colon, a colon inside a plain value,
 * indentation that does not match the lines above, and in JSON trailing commas, single quotes,
 * comments and missing commas or colons, and a key repeated in one mapping.
 *
 * @param line 1-based line, 0 when unknown
 * @param column 1-based column, 0 when unknown
 * @param message {@code malformed YAML: …} or {@code malformed JSON: …}, on one line
 */
public record SyntaxError(int line, int column, String message) {
  /** Jackson's note of where an unclosed array or object began, with no usable position. */
  private static final Pattern START_MARKER =
      Pattern.compile("\\s*\\(start marker at \\[Source: [^\\]]*\\]\\)");

  /** snakeyaml's advice after a character that cannot start a token. */
  private static final Pattern NOT_INDENTATION =
      Pattern.compile("\\s*\\(Do not use .* for indentation\\)");

  private static final Pattern UNEXPECTED = Pattern.compile("Unexpected character \\('(.)' ");

  private static final Pattern FLOW = Pattern.compile("expected ',' or '([}\\]])'");

  private static final Pattern BAD_START =
      Pattern.compile("found character '(.)' that cannot start");

  /** Jackson's complaint about a key repeated in one object. */
  private static final Pattern DUPLICATE = Pattern.compile("Duplicate Object property \"(.*)\"");

  /** A simple {@code key: value} line, optionally a list item. */
  private static final Pattern KEY_VALUE = Pattern.compile("(\\s*(?:- )?)([\\w.-]+): (.*)");

  /**
   * Describes a parse failure of {@code text}.
   *
   * @param json whether {@code text} was read as JSON (else YAML)
   */
  public static SyntaxError of(JacksonException e, String text, boolean json) {
    TokenStreamLocation at = e.getLocation();
    int line = at == null ? 0 : at.getLineNr();
    int column = at == null ? 0 : at.getColumnNr();
    String complaint = complaint(e.getOriginalMessage());
    Matcher duplicate = DUPLICATE.matcher(complaint);
    if (duplicate.find()) {
      return new SyntaxError(
          line,
          column,
          (json ? "malformed JSON: the key '" : "malformed YAML: the key '")
              + duplicate.group(1)
              + "' appears twice in one "
              + (json ? "object" : "mapping")
              + "; keep one of them and delete the other (a key may appear only once)");
    }
    if (json) {
      return new SyntaxError(line, column, "malformed JSON: " + complaint + jsonFix(complaint));
    }
    if (!(e.getCause() instanceof MarkedYamlEngineException yaml)) {
      return new SyntaxError(line, column, "malformed YAML: " + complaint);
    }
    Optional<Mark> where = yaml.getProblemMark();
    if (yaml instanceof ScannerException) {
      // The scanner knows the place better than the token Jackson last read; for an unclosed
      // quote and a key without ':' that is where the quote or key began.
      where =
          yaml.getContext() != null
                  && (yaml.getContext().contains("quoted scalar")
                      || yaml.getContext().contains("simple key"))
              ? yaml.getContextMark()
              : where;
      if (where.isPresent()) {
        line = where.get().getLine() + 1;
        column = where.get().getColumn() + 1;
      }
    }
    // The fix below replaces snakeyaml's advice, which names any bad character as indentation.
    complaint =
        NOT_INDENTATION
            .matcher(complaint)
            .replaceAll("")
            .replace("character '\\t(TAB)'", "a tab character")
            .replace("token.", "token");
    return new SyntaxError(line, column, "malformed YAML: " + complaint + yamlFix(yaml, text));
  }

  /**
   * The parser's message on one line, without the source excerpts YAML adds and the "(start marker
   * at [Source: …])" JSON adds (the position is reported).
   */
  private static String complaint(String message) {
    if (message == null) {
      return "cannot parse";
    }
    return String.join(
        "; ",
        message
            .lines()
            .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
            .map(l -> START_MARKER.matcher(l).replaceAll("").strip())
            .toList());
  }

  private static String yamlFix(MarkedYamlEngineException e, String text) {
    String context = e.getContext() == null ? "" : e.getContext();
    String problem = e.getProblem() == null ? "" : e.getProblem();
    return e instanceof ScannerException
        ? scannerFix(context, problem, e.getContextMark(), e.getProblemMark(), text)
        : parserFix(context, problem, e.getContextMark(), e.getProblemMark(), text);
  }

  /** Fixes for what the scanner refuses: characters, quotes, keys and colons. */
  private static String scannerFix(
      String context, String problem, Optional<Mark> opened, Optional<Mark> at, String text) {
    if (problem.contains("\\t(TAB)")) {
      return "; replace the tab with spaces: YAML indents with spaces only";
    }
    Matcher bad = BAD_START.matcher(problem);
    if (bad.find() && at.isPresent()) {
      String value = lineOf(text, at.get()).substring(at.get().getColumn()).strip();
      return "; YAML reserves '"
          + bad.group(1)
          + "' at the start of a value: put the value in quotes, e.g. \""
          + value.replace("\"", "\\\"")
          + "\"";
    }
    if (context.contains("quoted scalar") && opened.isPresent()) {
      char quote = charAt(text, opened.get());
      return "; the "
          + (quote == '\'' ? "quote (')" : "quote (\")")
          + " opened at "
          + place(opened.get())
          + " is never closed: add the closing "
          + quote;
    }
    if (context.contains("simple key") && opened.isPresent()) {
      return "; write 'key: value' on line "
          + (opened.get().getLine() + 1)
          + ": a ':' right after the key, then a space";
    }
    if (problem.contains("mapping values are not allowed") && at.isPresent()) {
      return colonFix(lineOf(text, at.get()), at.get().getColumn());
    }
    return "";
  }

  /** Fixes for what the parser refuses: unclosed brackets, stray text, indentation. */
  private static String parserFix(
      String context, String problem, Optional<Mark> opened, Optional<Mark> at, String text) {
    Matcher flow = FLOW.matcher(problem);
    if (context.contains("flow") && flow.find() && opened.isPresent()) {
      String close = flow.group(1);
      return "; the '"
          + (close.equals("}") ? "{" : "[")
          + "' opened at "
          + place(opened.get())
          + " is not closed: add '"
          + close
          + "' (or a ',' between its entries)";
    }
    if (problem.endsWith("found '<scalar>'") && at.isPresent() && afterQuote(text, at.get())) {
      // A quote that was never closed runs on to the next quote, and the text after that one
      // looks like a stray value.
      return "; text follows the quote at line "
          + (at.get().getLine() + 1)
          + ", column "
          + at.get().getColumn()
          + ": if that quote is meant to open a value, a quote before it is not closed";
    }
    if (context.startsWith("while parsing a block")
        && problem.matches("expected <block end>, but found '(<block .*>|\\?|-)'")) {
      return "; check the indentation of line "
          + at.map(m -> m.getLine() + 1).orElse(0)
          + ": the keys of one mapping start in the same column, and the keys of a list item"
          + " line up with its first key after '- '";
    }
    return "";
  }

  /** A ':' where a plain value cannot have one: inside the value, or a key indented too deep. */
  private static String colonFix(String line, int column) {
    if (line.indexOf(':') == column) {
      Matcher key = Pattern.compile("\\s*(?:- )?([^:]*)").matcher(line);
      String name = key.lookingAt() ? key.group(1).strip() : "this key";
      return "; '"
          + name
          + "' is indented more than the line above it: align it with the keys beside it";
    }
    Matcher kv = KEY_VALUE.matcher(line);
    if (kv.matches() && !kv.group(3).startsWith("{") && !kv.group(3).startsWith("[")) {
      return "; a ': ' inside a plain value starts a key: put the value in quotes, e.g. "
          + kv.group(2)
          + ": \""
          + kv.group(3).strip().replace("\"", "\\\"")
          + "\"";
    }
    return "; if the ': ' belongs to a value, put the value in quotes";
  }

  private static String jsonFix(String complaint) {
    Matcher unexpected = UNEXPECTED.matcher(complaint);
    char c = unexpected.find() ? unexpected.group(1).charAt(0) : 0;
    if (complaint.contains("end-of-input") && complaint.contains("closing quote")) {
      return "; a string is not closed: add the closing \"";
    }
    if (complaint.contains("end-of-input")) {
      return "; the file ends inside an object or list: add the missing '}' or ']'";
    }
    if (complaint.contains("comment")) {
      return "; JSON has no comments: remove it (YAML files may have # comments)";
    }
    if (c == '\'') {
      return "; JSON quotes names and strings with \", not '";
    }
    if ((c == '}' || c == ']') && !complaint.contains("comma")) {
      return "; remove the ',' before '" + c + "': JSON allows no comma after the last entry";
    }
    if (c == ',') {
      return "; remove the extra ','";
    }
    if (complaint.contains("expecting comma")) {
      return "; add a ',' between the entries";
    }
    if (complaint.contains("expecting a colon")) {
      return "; add a ':' between the name and its value";
    }
    if (complaint.contains("double-quote to start property name")) {
      return "; put the name in double quotes, e.g. \"tools\"";
    }
    return "";
  }

  private static boolean afterQuote(String text, Mark m) {
    String line = lineOf(text, m);
    int before = m.getColumn() - 1;
    return before >= 0 && before < line.length() && "\"'".indexOf(line.charAt(before)) >= 0;
  }

  private static String place(Mark m) {
    return "line " + (m.getLine() + 1) + ", column " + (m.getColumn() + 1);
  }

  private static String lineOf(String text, Mark m) {
    String[] lines = text.split("\r?\n", -1);
    return m.getLine() < lines.length ? lines[m.getLine()] : "";
  }

  private static char charAt(String text, Mark m) {
    String line = lineOf(text, m);
    return m.getColumn() < line.length() ? line.charAt(m.getColumn()) : '"';
  }
}
