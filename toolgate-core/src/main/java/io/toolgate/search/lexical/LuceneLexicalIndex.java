package io.toolgate.search.lexical;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.CombinedFieldQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.QueryBuilder;

/**
 * An in-memory Lucene index of tool text with three lexical channels: {@link #fullText BM25F over
 * stemmed words}, {@link #keyword exact words and phrases}, and {@link #schema parameter keys}.
 *
 * <pre>{@code
 * LuceneLexicalIndex index = new LuceneLexicalIndex(LexicalSettings.DEFAULTS);
 * index.update(List.of(LexicalDocument.of(0, weatherTool)), List.of());
 * SparseScores hits = index.fullText(index.analyze(Kind.STEMMED, "rain in Lisbon"));
 * }</pre>
 *
 * <p>Each tool is one document with its name, description and parameters analyzed twice ({@link
 * ToolAnalyzer.Kind#STEMMED} and {@link ToolAnalyzer.Kind#EXACT}) plus its parameter keys. The
 * {@code full_text} channel scores with {@link CombinedFieldQuery}, which is true BM25F: term
 * frequencies and lengths of the weighted fields are summed first and BM25 is applied once, so a
 * word in the name counts three times without the name's shortness inflating it further (summing a
 * BM25 per field did measurably worse). The {@code keyword} channel scores the exact words as one
 * bag (all field weights 1) plus the caller's phrases, a second lexical view beside the stemmed
 * one.
 *
 * <p>Updates are incremental (a tool's document is replaced by name) and become visible through a
 * near-real-time reader reopened after each {@link #update}. Thread-safe: searches run concurrently
 * with each other and with updates; each search sees one consistent reader.
 */
public final class LuceneLexicalIndex implements AutoCloseable {
  static final String NAME = "name";
  static final String DESCRIPTION = "description";
  static final String PARAMETERS = "parameters";
  static final String NAME_EXACT = "name_x";
  static final String DESCRIPTION_EXACT = "description_x";
  static final String PARAMETERS_EXACT = "parameters_x";
  static final String KEYS = "keys";
  private static final String ID = "id";
  private static final String SLOT = "slot";
  private static final List<String> EXACT_FIELDS =
      List.of(NAME_EXACT, DESCRIPTION_EXACT, PARAMETERS_EXACT);
  private static final float PHRASE_BOOST = 2f;
  // Lucene allows 1,024 clauses a query; each term costs one per field, each phrase word one.
  private static final int MAX_TERMS = 200;
  private static final int MAX_PHRASES = 8;
  private static final int MAX_PHRASE_WORDS = 8;

  private final LexicalSettings settings;
  private final Analyzer stemmedQueries = ToolAnalyzer.forQueries(ToolAnalyzer.Kind.STEMMED);
  private final Analyzer exactQueries = ToolAnalyzer.forQueries(ToolAnalyzer.Kind.EXACT);
  private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
  private final IndexWriter writer;
  private final BM25Similarity similarity;
  private final Object writeLock = new Object();
  private volatile Snapshot current;

  /** A reader with the slot of every document, shared by the searches that started on it. */
  private record Snapshot(DirectoryReader reader, IndexSearcher searcher, int[] docToSlot) {}

  /** An empty index. */
  public LuceneLexicalIndex(LexicalSettings settings) {
    this.settings = settings;
    this.similarity = new BM25Similarity(settings.k1(), settings.b());
    Analyzer stemmed = ToolAnalyzer.forIndexing(ToolAnalyzer.Kind.STEMMED);
    Analyzer exact = ToolAnalyzer.forIndexing(ToolAnalyzer.Kind.EXACT);
    Analyzer perField =
        new PerFieldAnalyzerWrapper(
            stemmed,
            Map.of(
                NAME_EXACT, exact,
                DESCRIPTION_EXACT, exact,
                PARAMETERS_EXACT, exact));
    IndexWriterConfig config = new IndexWriterConfig(perField);
    config.setSimilarity(similarity);
    config.setRAMBufferSizeMB(64);
    config.setCommitOnClose(false);
    try {
      writer = new IndexWriter(directory, config);
      current = open(DirectoryReader.open(writer));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the in-memory search index", e);
    }
  }

  /** The settings this index scores with. */
  public LexicalSettings settings() {
    return settings;
  }

  /**
   * Adds or replaces {@code upserts} (by name) and deletes {@code removals}, then makes the change
   * visible to new searches.
   */
  public void update(Collection<LexicalDocument> upserts, Collection<String> removals) {
    synchronized (writeLock) {
      try {
        for (String name : removals) {
          writer.deleteDocuments(new Term(ID, name));
        }
        for (LexicalDocument doc : upserts) {
          writer.updateDocument(new Term(ID, doc.name()), document(doc));
        }
        DirectoryReader reopened = DirectoryReader.openIfChanged(current.reader(), writer);
        if (reopened != null) {
          Snapshot previous = current;
          current = open(reopened);
          release(previous);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot update the in-memory search index", e);
      }
    }
  }

  private static Document document(LexicalDocument tool) {
    Document doc = new Document();
    doc.add(new StringField(ID, tool.name(), Field.Store.NO));
    doc.add(new NumericDocValuesField(SLOT, tool.slot()));
    doc.add(new TextField(NAME, tool.name(), Field.Store.NO));
    doc.add(new TextField(DESCRIPTION, tool.description(), Field.Store.NO));
    doc.add(new TextField(PARAMETERS, tool.parameters(), Field.Store.NO));
    doc.add(new TextField(NAME_EXACT, tool.name(), Field.Store.NO));
    doc.add(new TextField(DESCRIPTION_EXACT, tool.description(), Field.Store.NO));
    doc.add(new TextField(PARAMETERS_EXACT, tool.parameters(), Field.Store.NO));
    doc.add(new TextField(KEYS, tool.parameterKeys(), Field.Store.NO));
    return doc;
  }

  private Snapshot open(DirectoryReader reader) throws IOException {
    int[] docToSlot = new int[reader.maxDoc()];
    java.util.Arrays.fill(docToSlot, -1);
    for (LeafReaderContext leaf : reader.leaves()) {
      NumericDocValues slots = leaf.reader().getNumericDocValues(SLOT);
      if (slots == null) {
        continue;
      }
      var live = leaf.reader().getLiveDocs();
      for (int doc = slots.nextDoc(); doc != NumericDocValues.NO_MORE_DOCS; doc = slots.nextDoc()) {
        if (live == null || live.get(doc)) {
          docToSlot[leaf.docBase + doc] = (int) slots.longValue();
        }
      }
    }
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setSimilarity(similarity);
    return new Snapshot(reader, searcher, docToSlot);
  }

  /** How many tools the index holds. */
  public int size() {
    return current.reader().numDocs();
  }

  /** The distinct terms of {@code text} in one view, in order of first appearance (at most 200). */
  public List<String> analyze(ToolAnalyzer.Kind kind, String text) {
    Analyzer analyzer = kind == ToolAnalyzer.Kind.STEMMED ? stemmedQueries : exactQueries;
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

  /**
   * The {@code full_text} channel: BM25F of stemmed {@code terms} over name, description and
   * parameters with the configured boosts.
   */
  public SparseScores fullText(List<String> stemmedTerms) {
    return run(
        combined(
            stemmedTerms,
            NAME,
            settings.nameBoost(),
            DESCRIPTION,
            settings.descriptionBoost(),
            PARAMETERS,
            settings.parametersBoost()));
  }

  /**
   * The {@code keyword} channel: BM25 of exact {@code terms} over all the tool's text as one bag,
   * plus each of {@code phrases} found verbatim (in order, adjacent) in a field.
   */
  public SparseScores keyword(List<String> exactTerms, List<String> phrases) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    Query words = combined(exactTerms, NAME_EXACT, 1f, DESCRIPTION_EXACT, 1f, PARAMETERS_EXACT, 1f);
    query.add(words, BooleanClause.Occur.SHOULD);
    QueryBuilder builder = new QueryBuilder(exactQueries);
    for (String phrase : phrases.subList(0, Math.min(MAX_PHRASES, phrases.size()))) {
      if (phrase.isBlank() || phrase.strip().split("\\s+").length > MAX_PHRASE_WORDS) {
        continue;
      }
      for (String field : EXACT_FIELDS) {
        Query q = builder.createPhraseQuery(field, phrase);
        if (q != null) {
          query.add(new BoostQuery(q, PHRASE_BOOST), BooleanClause.Occur.SHOULD);
        }
      }
    }
    return run(query.build());
  }

  /** The {@code schema} channel: BM25 of stemmed {@code terms} over the parameter keys alone. */
  public SparseScores schema(List<String> stemmedTerms) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    for (String term : stemmedTerms) {
      query.add(
          new org.apache.lucene.search.TermQuery(new Term(KEYS, term)), BooleanClause.Occur.SHOULD);
    }
    return run(query.build());
  }

  private static Query combined(
      List<String> terms, String f1, float w1, String f2, float w2, String f3, float w3) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    for (String term : terms) {
      CombinedFieldQuery q =
          new CombinedFieldQuery.Builder(new BytesRef(term))
              .addField(f1, w1)
              .addField(f2, w2)
              .addField(f3, w3)
              .build();
      query.add(q, BooleanClause.Occur.SHOULD);
    }
    return query.build();
  }

  private SparseScores run(Query query) {
    Snapshot snapshot = acquire();
    try {
      List<SparseScores> parts =
          snapshot.searcher().search(query, new AllHits(snapshot.docToSlot()));
      if (parts.size() == 1) {
        return parts.get(0);
      }
      SparseScores all = new SparseScores(64);
      for (SparseScores part : parts) {
        for (int i = 0; i < part.size(); i++) {
          all.add(part.slot(i), part.score(i));
        }
      }
      return all;
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory search index failed", e);
    } finally {
      release(snapshot);
    }
  }

  private static void release(Snapshot snapshot) {
    try {
      snapshot.reader().decRef();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Snapshot acquire() {
    while (true) {
      Snapshot snapshot = current;
      if (snapshot.reader().tryIncRef()) {
        return snapshot;
      }
    }
  }

  /** Collects every match with its score; one buffer per search slice. */
  private record AllHits(int[] docToSlot)
      implements org.apache.lucene.search.CollectorManager<HitsCollector, List<SparseScores>> {
    @Override
    public HitsCollector newCollector() {
      return new HitsCollector(docToSlot);
    }

    @Override
    public List<SparseScores> reduce(Collection<HitsCollector> collectors) {
      List<SparseScores> out = new ArrayList<>(collectors.size());
      for (HitsCollector c : collectors) {
        out.add(c.hits);
      }
      return out;
    }
  }

  private static final class HitsCollector extends org.apache.lucene.search.SimpleCollector {
    private final int[] docToSlot;
    private final SparseScores hits = new SparseScores(64);
    private org.apache.lucene.search.Scorable scorer;
    private int docBase;

    HitsCollector(int[] docToSlot) {
      this.docToSlot = docToSlot;
    }

    @Override
    protected void doSetNextReader(LeafReaderContext context) {
      docBase = context.docBase;
    }

    @Override
    public void setScorer(org.apache.lucene.search.Scorable scorer) {
      this.scorer = scorer;
    }

    @Override
    public void collect(int doc) throws IOException {
      int slot = docToSlot[docBase + doc];
      if (slot >= 0) {
        hits.add(slot, scorer.score());
      }
    }

    @Override
    public org.apache.lucene.search.ScoreMode scoreMode() {
      return org.apache.lucene.search.ScoreMode.COMPLETE;
    }
  }

  @Override
  public void close() {
    synchronized (writeLock) {
      try {
        current.reader().decRef();
        writer.close();
        directory.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
