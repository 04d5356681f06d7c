package io.toolgate.search.lexical;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * The tokens of one text (a field of a tool, or a query) in order, each with its position; the
 * parts of an identifier share the position of the whole.
 */
record FieldTokens(List<String> terms, int[] positions) {

  /** Runs {@code text} through {@code analyzer}, keeping every token and its position. */
  static FieldTokens of(Analyzer analyzer, String text) {
    List<String> terms = new ArrayList<>();
    int[] positions = new int[16];
    try (TokenStream stream = analyzer.tokenStream("", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = stream.addAttribute(PositionIncrementAttribute.class);
      stream.reset();
      int position = -1;
      while (stream.incrementToken()) {
        position += inc.getPositionIncrement();
        if (terms.size() == positions.length) {
          positions = Arrays.copyOf(positions, positions.length * 2);
        }
        positions[terms.size()] = Math.max(0, position);
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new FieldTokens(terms, Arrays.copyOf(positions, terms.size()));
  }

  /** Each word joined to the next by a space, in order, repeats kept. */
  List<String> wordPairs() {
    List<String> out = new ArrayList<>(Math.max(0, terms.size() - 1));
    for (int i = 0; i + 1 < terms.size(); i++) {
      out.add(terms.get(i) + " " + terms.get(i + 1));
    }
    return out;
  }
}
