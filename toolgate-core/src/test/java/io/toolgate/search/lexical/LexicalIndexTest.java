package io.toolgate.search.lexical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.CombinedFieldQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class LexicalIndexTest {
  // Names, descriptions and parameters use different words, so Lucene's per-field document
  // frequency (CombinedFieldQuery takes the largest) equals the index's any-field one, and the
  // texts are short enough for Lucene's one-byte lengths to be exact.
  private static final List<LexicalDocument> DOCS =
      List.of(
          new LexicalDocument(0, "get_weather", "Current forecast for a town", "town unit", "town"),
          new LexicalDocument(1, "send_email", "Deliver a message to people", "to body", "to"),
          new LexicalDocument(
              2, "weather_alerts", "Storm warnings and forecast notices", "region", "region"),
          new LexicalDocument(3, "search_mail", "Find a message by words", "words limit", "words"),
          new LexicalDocument(4, "create_event", "Add a meeting to the agenda", "title", "title"));

  private static LexicalIndex index(List<LexicalDocument> docs) {
    LexicalIndex index = new LexicalIndex(LexicalSettings.DEFAULTS);
    index.update(docs, List.of());
    return index;
  }

  private static Map<Integer, Float> asMap(SparseScores scores) {
    Map<Integer, Float> out = new HashMap<>();
    for (int i = 0; i < scores.size(); i++) {
      out.put(scores.slot(i), scores.score(i));
    }
    return out;
  }

  /** The same documents and query through Lucene's own CombinedFieldQuery (BM25F). */
  private static Map<Integer, Float> lucene(List<LexicalDocument> docs, List<String> terms)
      throws IOException {
    BM25Similarity bm25 = new BM25Similarity(1.2f, 0.75f);
    IndexWriterConfig config =
        new IndexWriterConfig(
            new PerFieldAnalyzerWrapper(ToolAnalyzer.forIndexing(Kind.STEMMED), Map.of()));
    config.setSimilarity(bm25);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(dir, config)) {
      for (LexicalDocument d : docs) {
        Document doc = new Document();
        doc.add(new StoredField("slot", d.slot()));
        doc.add(new TextField("name", d.name(), Field.Store.NO));
        doc.add(new TextField("description", d.description(), Field.Store.NO));
        doc.add(new TextField("parameters", d.parameters(), Field.Store.NO));
        writer.addDocument(doc);
      }
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setSimilarity(bm25);
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        for (String term : terms) {
          query.add(
              new CombinedFieldQuery.Builder(new BytesRef(term))
                  .addField("name", 3)
                  .addField("description", 2)
                  .addField("parameters", 1)
                  .build(),
              BooleanClause.Occur.SHOULD);
        }
        Map<Integer, Float> out = new HashMap<>();
        for (ScoreDoc hit : searcher.search(query.build(), 100).scoreDocs) {
          int slot =
              searcher.storedFields().document(hit.doc).getField("slot").numericValue().intValue();
          out.put(slot, hit.score);
        }
        return out;
      }
    }
  }

  @Test
  void fullTextScoresAreLuceneBm25F() throws IOException {
    LexicalIndex index = index(DOCS);
    for (String query : List.of("weather forecast", "send a message", "find mail words", "town")) {
      List<String> terms = index.analyze(Kind.STEMMED, query);
      Map<Integer, Float> ours = asMap(index.fullText(terms));
      Map<Integer, Float> theirs = lucene(DOCS, terms);
      assertThat(ours.keySet()).as(query).isEqualTo(theirs.keySet());
      theirs.forEach(
          (slot, score) -> assertThat(ours.get(slot)).as(query).isCloseTo(score, within(1e-4f)));
    }
  }

  @Test
  void removingAToolScoresAsIfItWasNeverIndexed() throws IOException {
    LexicalIndex index = index(DOCS);
    index.update(List.of(), List.of("weather_alerts"));
    List<LexicalDocument> rest = new ArrayList<>(DOCS);
    rest.remove(2);
    List<String> terms = index.analyze(Kind.STEMMED, "weather forecast");
    Map<Integer, Float> ours = asMap(index.fullText(terms));
    Map<Integer, Float> theirs = lucene(rest, terms);
    assertThat(ours.keySet()).containsExactly(0).isEqualTo(theirs.keySet());
    assertThat(ours.get(0)).isCloseTo(theirs.get(0), within(1e-4f));
    assertThat(index.size()).isEqualTo(4);
  }

  @Test
  void replacingAToolByNameDropsItsOldWords() {
    LexicalIndex index = index(DOCS);
    index.update(
        List.of(new LexicalDocument(1, "send_email", "Post a letter", "to", "to")), List.of());
    assertThat(asMap(index.fullText(index.analyze(Kind.STEMMED, "message")))).containsOnlyKeys(3);
    assertThat(asMap(index.fullText(index.analyze(Kind.STEMMED, "letter")))).containsOnlyKeys(1);
    assertThat(index.size()).isEqualTo(5);
  }

  @Test
  void phrasesMatchOnlyAdjacentWordsInOrder() {
    LexicalIndex index = index(DOCS);
    Map<Integer, Float> plain = asMap(index.keyword(index.analyze(Kind.EXACT, "x"), List.of()));
    assertThat(plain).isEmpty();
    Map<Integer, Float> phrase =
        asMap(index.keyword(List.of(), List.of("storm warnings", "warnings storm")));
    assertThat(phrase).containsOnlyKeys(2);
    // The identifier as one word of a phrase: "weather_alerts" is indexed whole and in parts.
    assertThat(asMap(index.keyword(List.of(), List.of("weather_alerts")))).containsOnlyKeys(2);
    assertThat(asMap(index.keyword(List.of(), List.of("get weather")))).containsOnlyKeys(0);
  }

  @Test
  void keywordScoresExactWordsAsOneBag() {
    LexicalIndex index = index(DOCS);
    Map<Integer, Float> hits =
        asMap(index.keyword(index.analyze(Kind.EXACT, "forecast"), List.of()));
    assertThat(hits).containsOnlyKeys(0, 2);
    // "forecasts" is not "forecast" without stemming.
    assertThat(asMap(index.keyword(index.analyze(Kind.EXACT, "forecasts"), List.of()))).isEmpty();
    assertThat(asMap(index.fullText(index.analyze(Kind.STEMMED, "forecasts"))))
        .containsOnlyKeys(0, 2);
  }

  @Test
  void schemaMatchesParameterKeysOnly() {
    LexicalIndex index = index(DOCS);
    assertThat(asMap(index.schema(index.analyze(Kind.STEMMED, "region of the storm"))))
        .containsOnlyKeys(2);
  }

  @Test
  void containsTellsWhichQueryWordsAToolHas() {
    LexicalIndex index = index(DOCS);
    assertThat(index.contains(0, Kind.EXACT, "forecast")).isTrue();
    assertThat(index.contains(0, Kind.STEMMED, "forecast")).isTrue();
    assertThat(index.contains(0, Kind.EXACT, "message")).isFalse();
    assertThat(index.contains(99, Kind.EXACT, "forecast")).isFalse();
    index.update(List.of(), List.of("get_weather"));
    assertThat(index.contains(0, Kind.EXACT, "forecast")).isFalse();
  }

  @Test
  void wordPairsAreAdjacentStemmedWordsWithStopWordsSkipped() {
    LexicalIndex index = index(DOCS);
    assertThat(index.wordPairs("forecast for the next days, the next days"))
        .containsExactly("forecast next", "next dai", "dai next");
    assertThat(index.wordPairs("forecast")).isEmpty();
    LexicalIndex off = new LexicalIndex(LexicalSettings.DEFAULTS.withWordPairWeight(0));
    assertThat(off.wordPairs("next days")).isEmpty();
  }

  @Test
  void aStemmedQueryHasTheTermsOfAnalyzeAndTheWordPairsFromOnePass() {
    LexicalIndex index = index(DOCS);
    StringBuilder manyWords = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      manyWords.append("word").append(i).append(' ');
    }
    for (String text :
        List.of(
            "forecast for the next days, the next days",
            "getWeather_forecast in Köln",
            "",
            manyWords.toString())) {
      LexicalIndex.StemmedQuery q = index.stemmedQuery(text);
      assertThat(q.terms()).as(text).isEqualTo(index.analyze(Kind.STEMMED, text));
      assertThat(q.wordPairs()).as(text).isEqualTo(index.wordPairs(text));
    }
    assertThat(index.stemmedQuery(manyWords.toString()).terms()).hasSize(200);
    assertThat(index.stemmedQuery("next days").wordPairs()).containsExactly("next dai");
  }

  @Test
  void aToolWithTheQueryWordsSideBySideScoresHigherThroughWordPairs() {
    List<LexicalDocument> docs =
        List.of(
            new LexicalDocument(0, "tool_x", "Lists values of a distinct column", "", ""),
            new LexicalDocument(1, "tool_y", "Lists distinct values of a column", "", ""));
    LexicalIndex index = index(docs);
    List<String> terms = index.analyze(Kind.STEMMED, "distinct values");
    // The same words, the same lengths: the words alone cannot tell the tools apart.
    Map<Integer, Float> words = asMap(index.fullText(terms));
    assertThat(words.get(0)).isEqualTo(words.get(1));
    Map<Integer, Float> pairs = asMap(index.fullText(terms, index.wordPairs("distinct values")));
    assertThat(pairs.get(1)).isGreaterThan(pairs.get(0));
    assertThat(pairs.get(0)).isEqualTo(words.get(0));
  }

  @Test
  void theFirstSentenceCountsAsMuchAsTheNameWhenIndexedWithIt() {
    List<LexicalDocument> docs =
        List.of(
            new LexicalDocument(
                0, "tool_x", "Books a table. Lists menus.", "", "", "Books a table."),
            new LexicalDocument(
                1, "tool_y", "Lists menus. Books a table.", "", "", "Lists menus."));
    List<String> menus = List.of("menu");
    Map<Integer, Float> on = asMap(index(docs).fullText(menus));
    assertThat(on.get(1)).isGreaterThan(on.get(0));
    LexicalIndex off = new LexicalIndex(LexicalSettings.DEFAULTS.withFirstSentenceInName(false));
    off.update(docs, List.of());
    Map<Integer, Float> plain = asMap(off.fullText(menus));
    assertThat(plain.get(1)).isEqualTo(plain.get(0));
  }
}
