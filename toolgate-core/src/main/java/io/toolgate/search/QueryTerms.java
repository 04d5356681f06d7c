package io.toolgate.search;

import io.toolgate.search.lexical.LexicalIndex;
import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * A query analyzed once for every channel, and the words of it a tool contains.
 *
 * @param stemmed the query's stemmed terms (full_text, schema)
 * @param exact the query's exact terms (keyword)
 * @param phrases the request's keywords and quoted phrases (keyword)
 * @param words query words worth reporting (not stop words), each with its stem
 * @param wordPairs the query's adjacent stemmed word pairs (full_text; empty when off)
 */
record QueryTerms(
    List<String> stemmed,
    List<String> exact,
    List<String> phrases,
    List<Word> words,
    List<String> wordPairs) {

  record Word(String exact, String stem) {}

  static QueryTerms of(LexicalIndex index, String text, List<String> phrases) {
    List<String> exact = index.analyze(Kind.EXACT, text);
    List<Word> words = new ArrayList<>();
    for (String term : exact) {
      List<String> stem = index.analyze(Kind.STEMMED, term);
      if (stem.size() == 1) {
        words.add(new Word(term, stem.get(0)));
      }
    }
    LexicalIndex.StemmedQuery stemmed = index.stemmedQuery(text);
    return new QueryTerms(stemmed.terms(), exact, List.copyOf(phrases), words, stemmed.wordPairs());
  }

  /** The query words found in the name, description or parameters of the tool at {@code slot}. */
  List<String> matchedIn(LexicalIndex index, int slot) {
    List<String> matched = new ArrayList<>();
    for (Word w : words) {
      if (index.contains(slot, Kind.EXACT, w.exact())
          || index.contains(slot, Kind.STEMMED, w.stem())) {
        matched.add(w.exact());
      }
    }
    return matched;
  }
}
