package io.toolgate.search.lexical;

import io.toolgate.search.lexical.LexicalIndex.StemmedQuery;
import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The query side of the lexical index: a request's distinct terms in each view, its stemmed word
 * pairs, and the words of a phrase. Thread-safe, like the Lucene analyzers it holds.
 */
final class QueryAnalysis {
  private static final int MAX_TERMS = 200;
  private static final int MAX_PHRASE_WORDS = 8;

  private final LexicalSettings settings;
  private final Analyzer stemmed = ToolAnalyzer.forQueries(Kind.STEMMED);
  private final Analyzer exact = ToolAnalyzer.forQueries(Kind.EXACT);

  QueryAnalysis(LexicalSettings settings) {
    this.settings = settings;
  }

  /** The distinct terms of {@code text} in one view, in order of first appearance (at most 200). */
  List<String> terms(Kind kind, String text) {
    Analyzer analyzer = kind == Kind.STEMMED ? stemmed : exact;
    Set<String> terms = new LinkedHashSet<>();
    try (TokenStream stream = analyzer.tokenStream("", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken() && terms.size() < MAX_TERMS) {
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(terms);
  }

  /** The stemmed terms and word pairs of {@code text} from one pass of the analyzer. */
  StemmedQuery stemmed(String text) {
    FieldTokens tokens = FieldTokens.of(stemmed, text);
    Set<String> terms = new LinkedHashSet<>();
    for (String term : tokens.terms()) {
      if (terms.size() == MAX_TERMS) {
        break;
      }
      terms.add(term);
    }
    if (settings.wordPairWeight() == 0) {
      return new StemmedQuery(List.copyOf(terms), List.of());
    }
    List<String> pairs = new ArrayList<>(new LinkedHashSet<>(tokens.wordPairs()));
    return new StemmedQuery(
        List.copyOf(terms),
        List.copyOf(pairs.size() > MAX_TERMS ? pairs.subList(0, MAX_TERMS) : pairs));
  }

  /**
   * The exact words of {@code phrase}, one a position; empty for a blank phrase or one of more than
   * 8 words.
   */
  List<String> phraseWords(String phrase) {
    if (phrase.isBlank() || phrase.strip().split("\\s+").length > MAX_PHRASE_WORDS) {
      return List.of();
    }
    // An identifier comes as itself and then its parts, the first part at the same position: one
    // token a position, so "math.factorial" matches the indexed identifier.
    FieldTokens tokens = FieldTokens.of(exact, phrase);
    List<String> words = new ArrayList<>();
    for (int i = 0; i < tokens.terms().size(); i++) {
      if (i == 0 || tokens.positions()[i] != tokens.positions()[i - 1]) {
        words.add(tokens.terms().get(i));
      }
    }
    return words;
  }
}
