package io.toolgate.search.lexical;

import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;

/**
 * The index side of the lexical index: what tokens each field of a tool gives each bag. Runs
 * outside the index's lock (analysis is the expensive part of an update). Thread-safe.
 */
final class DocumentAnalysis {
  /** Name, description and parameters, the order of every bag's fields. */
  static final int FIELDS = 3;

  private final LexicalSettings settings;
  private final Analyzer stemmed = ToolAnalyzer.forIndexing(Kind.STEMMED);
  private final Analyzer exact = ToolAnalyzer.forIndexing(Kind.EXACT);

  DocumentAnalysis(LexicalSettings settings) {
    this.settings = settings;
  }

  /**
   * A document's tokens; fields in the order name, description, parameters.
   *
   * @param stemmed the stemmed words of each field ({@code full_text})
   * @param exact the exact words of each field with their positions ({@code keyword} and phrases)
   * @param keys the stemmed parameter keys ({@code schema})
   * @param pairs the adjacent stemmed word pairs of name and description; empty when word pairs are
   *     off
   */
  record Analyzed(
      LexicalDocument doc,
      List<List<String>> stemmed,
      List<FieldTokens> exact,
      List<String> keys,
      List<List<String>> pairs) {}

  Analyzed analyze(LexicalDocument doc) {
    List<List<String>> stemmedFields = new ArrayList<>(FIELDS);
    List<FieldTokens> exactFields = new ArrayList<>(FIELDS);
    List<List<String>> pairFields = new ArrayList<>(2);
    for (String text : List.of(nameText(doc), doc.description(), doc.parameters())) {
      FieldTokens stemmedTokens = FieldTokens.of(stemmed, text);
      stemmedFields.add(stemmedTokens.terms());
      exactFields.add(FieldTokens.of(exact, text));
      if (pairFields.size() < 2 && settings.wordPairWeight() > 0) {
        pairFields.add(stemmedTokens.wordPairs());
      }
    }
    return new Analyzed(
        doc,
        stemmedFields,
        exactFields,
        FieldTokens.of(stemmed, doc.parameterKeys()).terms(),
        pairFields);
  }

  /** The name field: the name, and the first sentence of the description when so configured. */
  private String nameText(LexicalDocument doc) {
    return settings.firstSentenceInName() && !doc.firstSentence().isEmpty()
        ? doc.name() + " " + doc.firstSentence()
        : doc.name();
  }
}
