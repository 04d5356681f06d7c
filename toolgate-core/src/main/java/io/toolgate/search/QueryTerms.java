package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.lexical.LuceneLexicalIndex;
import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import io.toolgate.search.lexical.ToolText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A query analyzed once for every channel, and the words of it a tool contains.
 *
 * @param stemmed the query's stemmed terms (full_text, schema)
 * @param exact the query's exact terms (keyword)
 * @param phrases the request's keywords and quoted phrases (keyword)
 * @param words query words worth reporting (not stop words), each with its stem
 */
record QueryTerms(
    List<String> stemmed, List<String> exact, List<String> phrases, List<Word> words) {

  record Word(String exact, String stem) {}

  static QueryTerms of(LuceneLexicalIndex index, String text, List<String> phrases) {
    List<String> exact = index.analyze(Kind.EXACT, text);
    List<Word> words = new ArrayList<>();
    for (String term : exact) {
      List<String> stem = index.analyze(Kind.STEMMED, term);
      if (stem.size() == 1) {
        words.add(new Word(term, stem.get(0)));
      }
    }
    return new QueryTerms(index.analyze(Kind.STEMMED, text), exact, List.copyOf(phrases), words);
  }

  /** The query words found in {@code tool}'s name, description or parameters, in query order. */
  List<String> matchedIn(LuceneLexicalIndex index, ToolDefinition tool) {
    String text =
        tool.name()
            + " "
            + ToolText.description(tool)
            + " "
            + ToolText.parameterText(ToolText.parameters(tool));
    Set<String> exactTerms = new HashSet<>(index.analyze(Kind.EXACT, text));
    Set<String> stems = new HashSet<>(index.analyze(Kind.STEMMED, text));
    List<String> matched = new ArrayList<>();
    for (Word w : words) {
      if (exactTerms.contains(w.exact()) || stems.contains(w.stem())) {
        matched.add(w.exact());
      }
    }
    return matched;
  }
}
