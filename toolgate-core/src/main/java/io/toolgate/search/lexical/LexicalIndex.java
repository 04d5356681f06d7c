package io.toolgate.search.lexical;

import io.toolgate.search.lexical.DocumentAnalysis.Analyzed;
import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The in-memory inverted index behind the three lexical channels: {@link #fullText BM25F over
 * stemmed words}, {@link #keyword exact words and phrases}, and {@link #schema parameter keys}.
 *
 * <pre>{@code
 * LexicalIndex index = new LexicalIndex(LexicalSettings.DEFAULTS);
 * index.update(List.of(LexicalDocument.of(0, weatherTool)), List.of());
 * String query = "rain in Lisbon";
 * SparseScores hits = index.fullText(index.analyze(Kind.STEMMED, query), index.wordPairs(query));
 * }</pre>
 *
 * <p>Text is analyzed by Lucene ({@link ToolAnalyzer}); scoring runs here, on postings held in
 * plain arrays. Fusion needs the score of <em>every</em> matching tool (z-score statistics and
 * per-channel ranks), not a top k, and scoring every match through Lucene's per-query machinery
 * (weights, scorers, a {@code ByteBuffersDirectory}) cost about 5 ms a search at 10,000 tools;
 * accumulating postings into an array costs a nanosecond or two per posting.
 *
 * <p>The formulas are Lucene's: {@code full_text} is BM25F as {@code CombinedFieldQuery} computes
 * it (term frequencies and lengths of the weighted fields summed first, BM25 applied once, {@code
 * idf = ln(1 + (N − df + 0.5) / (df + 0.5))}, no {@code (k1 + 1)} factor), with exact lengths where
 * Lucene stores one-byte approximations and {@code df} counting the tools that contain the term in
 * any field. {@code keyword} is the same over the exact words with all weights 1 (one bag), plus
 * each phrase as Lucene's {@code PhraseQuery} scores it per field (boost 2, {@code idf} summed over
 * the phrase's words). {@code schema} is BM25 over the parameter keys. {@code full_text} adds, when
 * {@link LexicalSettings#wordPairWeight()} is above 0, the same BM25F over a second bag: the
 * adjacent stemmed word pairs of name and description, against the query's own pairs. With {@link
 * LexicalSettings#firstSentenceInName()} the name field also holds the description's first
 * sentence.
 *
 * <p>Updates are incremental: a tool's postings are removed and re-added by name. Thread-safe:
 * searches share a read lock, updates take the write lock.
 *
 * <p>Where the parts live: {@code QueryAnalysis} turns a request into terms, word pairs and phrase
 * words; {@code DocumentAnalysis} turns a tool into the tokens of each field; each {@code TermBag}
 * holds the postings of one view and scores BM25(F) over them; {@code PhraseIndex} holds the exact
 * tokens with their positions and scores phrases.
 */
public final class LexicalIndex implements AutoCloseable {
  private static final int MAX_PHRASES = 8;

  private final LexicalSettings settings;
  private final QueryAnalysis queries;
  private final DocumentAnalysis documents;
  private final TermBag stemmed;
  private final TermBag exact;
  private final TermBag keys;
  // Adjacent stemmed word pairs of the name and the description ("weather forecast").
  private final TermBag pairs;
  private final PhraseIndex phraseIndex;
  private final Map<String, Integer> slotsByName = new HashMap<>();
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  // Slots every bag and the phrase index have room for.
  private int capacity = 16;

  /** An empty index. */
  public LexicalIndex(LexicalSettings settings) {
    this.settings = settings;
    this.queries = new QueryAnalysis(settings);
    this.documents = new DocumentAnalysis(settings);
    this.stemmed =
        new TermBag(
            new float[] {
              settings.nameBoost(), settings.descriptionBoost(), settings.parametersBoost()
            });
    this.exact = new TermBag(new float[] {1f, 1f, 1f});
    this.keys = new TermBag(new float[] {1f});
    this.pairs = new TermBag(new float[] {settings.nameBoost(), settings.descriptionBoost()});
    this.phraseIndex = new PhraseIndex(exact);
  }

  /** The settings this index scores with. */
  public LexicalSettings settings() {
    return settings;
  }

  /** How many tools the index holds. */
  public int size() {
    lock.readLock().lock();
    try {
      return slotsByName.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Adds or replaces {@code upserts} (by name; a tool keeps the slot its document names) and
   * removes {@code removals}.
   */
  public void update(Collection<LexicalDocument> upserts, Collection<String> removals) {
    // Analysis is the expensive part and needs no lock.
    List<Analyzed> analyzed = new ArrayList<>(upserts.size());
    for (LexicalDocument doc : upserts) {
      analyzed.add(documents.analyze(doc));
    }
    lock.writeLock().lock();
    try {
      for (String name : removals) {
        Integer slot = slotsByName.remove(name);
        if (slot != null) {
          removeSlot(slot);
        }
      }
      for (Analyzed a : analyzed) {
        Integer previous = slotsByName.put(a.doc().name(), a.doc().slot());
        if (previous != null) {
          removeSlot(previous);
        }
        addSlot(a);
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The distinct terms of {@code text} in one view, in order of first appearance (at most 200). */
  public List<String> analyze(Kind kind, String text) {
    return queries.terms(kind, text);
  }

  /**
   * The {@code full_text} channel: BM25F of stemmed {@code terms} over name, description and
   * parameters with the configured boosts.
   */
  public SparseScores fullText(List<String> stemmedTerms) {
    return fullText(stemmedTerms, List.of());
  }

  /**
   * The {@code full_text} channel with word pairs: BM25F of stemmed {@code terms}, plus, for each
   * of {@code wordPairs} ({@link #wordPairs}) that a tool has adjacent in its name or description,
   * its BM25F over those pairs times {@link LexicalSettings#wordPairWeight()}. A pair is rarer than
   * either of its words, so a tool that says "weather forecast" outranks one that says "weather" in
   * one place and "forecast" in another.
   */
  public SparseScores fullText(List<String> stemmedTerms, List<String> wordPairs) {
    return search(stemmed, stemmedTerms, List.of(), wordPairs);
  }

  /**
   * The distinct pairs of adjacent stemmed words of {@code text}, stop words skipped ({@code
   * "forecast for the next days"} → {@code ["forecast next", "next dai"]}); empty when word pairs
   * are off.
   */
  public List<String> wordPairs(String text) {
    return stemmedQuery(text).wordPairs();
  }

  /**
   * A request's stemmed view from one pass of the analyzer: its distinct terms as {@link #analyze}
   * gives them for {@link Kind#STEMMED}, and its {@linkplain #wordPairs word pairs}.
   */
  public record StemmedQuery(List<String> terms, List<String> wordPairs) {}

  /** The stemmed terms and word pairs of {@code text}; see {@link StemmedQuery}. */
  public StemmedQuery stemmedQuery(String text) {
    return queries.stemmed(text);
  }

  /**
   * The {@code keyword} channel: BM25 of exact {@code terms} over all the tool's text as one bag,
   * plus each of {@code phrases} found verbatim (in order, adjacent) in a field.
   */
  public SparseScores keyword(List<String> exactTerms, List<String> phrases) {
    return search(exact, exactTerms, phrases, List.of());
  }

  /** The {@code schema} channel: BM25 of stemmed {@code terms} over the parameter keys alone. */
  public SparseScores schema(List<String> stemmedTerms) {
    return search(keys, stemmedTerms, List.of(), List.of());
  }

  /**
   * Whether the tool at {@code slot} contains {@code term} in the given view (in its name,
   * description or parameters).
   */
  public boolean contains(int slot, Kind kind, String term) {
    TermBag view = kind == Kind.STEMMED ? stemmed : exact;
    lock.readLock().lock();
    try {
      Integer id = view.ids.get(term);
      return id != null
          && slot < view.termsBySlot.length
          && view.termsBySlot[slot] != null
          && Arrays.binarySearch(view.termsBySlot[slot], id) >= 0;
    } finally {
      lock.readLock().unlock();
    }
  }

  private SparseScores search(
      TermBag view, List<String> terms, List<String> phrases, List<String> wordPairs) {
    lock.readLock().lock();
    try {
      int n = slotsByName.size();
      if (n == 0) {
        return new SparseScores(0);
      }
      ScoreAccumulator acc = new ScoreAccumulator(view.lengths.length);
      for (String term : terms) {
        view.score(term, 1f, n, settings.k1(), settings.b(), acc);
      }
      float pairWeight = settings.wordPairWeight();
      if (pairWeight > 0) {
        for (String pair : wordPairs) {
          pairs.score(pair, pairWeight, n, settings.k1(), settings.b(), acc);
        }
      }
      for (String phrase : phrases.subList(0, Math.min(MAX_PHRASES, phrases.size()))) {
        phraseIndex.score(queries.phraseWords(phrase), n, settings.k1(), settings.b(), acc);
      }
      return acc.toScores();
    } finally {
      lock.readLock().unlock();
    }
  }

  private void addSlot(Analyzed a) {
    int slot = a.doc().slot();
    ensureCapacity(slot + 1);
    stemmed.add(slot, a.stemmed());
    keys.add(slot, List.of(a.keys()));
    if (!a.pairs().isEmpty()) {
      pairs.add(slot, a.pairs());
    }
    exact.add(slot, a.exact().stream().map(FieldTokens::terms).toList());
    // After the exact bag: the phrase index keeps the term ids the bag has just given.
    phraseIndex.add(slot, a.exact());
  }

  private void removeSlot(int slot) {
    stemmed.remove(slot);
    exact.remove(slot);
    keys.remove(slot);
    pairs.remove(slot);
    phraseIndex.remove(slot);
  }

  private void ensureCapacity(int slots) {
    if (slots <= capacity) {
      return;
    }
    capacity = Math.max(slots, capacity + (capacity >> 1));
    stemmed.ensureCapacity(capacity);
    exact.ensureCapacity(capacity);
    keys.ensureCapacity(capacity);
    pairs.ensureCapacity(capacity);
    phraseIndex.ensureCapacity(capacity);
  }

  /** Nothing to free: the index lives on the heap. */
  @Override
  public void close() {}
}
