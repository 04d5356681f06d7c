package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.fusion.ChannelInput;
import io.toolgate.search.fusion.Fused;
import io.toolgate.search.fusion.Fusion;
import io.toolgate.search.lexical.LexicalIndex;
import io.toolgate.search.lexical.SparseScores;
import io.toolgate.search.vector.ToolVectors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One search's request, analyzed, with its query vectors and the whole request's channels scored;
 * fuses them, and the request's clauses when it asks for several things. Used under the search's
 * read lock; not shared between threads.
 */
final class ScoredQuery {
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
  private static final double MIN_LENGTH_FACTOR = 0.25;
  private static final double MAX_LENGTH_FACTOR = 4;

  /** No embedder's vectors are drafts. */
  static final int NO_DRAFT = -1;

  /**
   * What a search scores with.
   *
   * @param vectorSource the channel name of embedder {@code i}
   */
  record Engine(
      SearchSettings settings,
      Fusion fusion,
      LexicalIndex lexical,
      List<ToolVectors> vectors,
      IntFunction<String> vectorSource) {
    String vectorSource(int i) {
      return vectorSource.apply(i);
    }

    /**
     * The channel name of embedder {@code i} scored with its drafts: {@code vector_draft} for the
     * first, so a response tells an answer from drafts alone from one of exact vectors.
     */
    String draftSource(int i) {
      return vectorSource(i) + "_draft";
    }
  }

  /** One search's request, analyzed, with its query vectors and the whole request's channels. */
  final Engine engine;

  final SearchRequest request;
  final List<String> texts;
  final float[][][] vectors;
  final int draft;
  final Catalog cat;
  final boolean[] allowed;
  final int population;
  final QueryTerms terms;
  final boolean vectorUsed;
  final boolean lexicalUsed;
  final Pass whole;

  /**
   * Scores the whole request.
   *
   * @param vectors {@code vectors[e][t]}: text {@code t}'s vector from embedder {@code e}, or null
   * @param draft the embedder whose row of {@code vectors} holds drafts, or {@link #NO_DRAFT}
   */
  ScoredQuery(
      Engine engine,
      SearchRequest request,
      List<String> texts,
      float[][][] vectors,
      int draft,
      Catalog cat,
      boolean[] allowed) {
    this.engine = engine;
    this.request = request;
    this.texts = texts;
    this.vectors = vectors;
    this.draft = draft;
    this.cat = cat;
    this.allowed = allowed;
    this.population = allowed == null ? cat.live : count(allowed);
    this.terms = QueryTerms.of(engine.lexical(), texts.get(0), phrases(request));
    this.vectorUsed = anyVector(vectors);
    this.lexicalUsed = request.mode() != SearchMode.VECTOR || !vectorUsed;
    this.whole = pass(terms, column(vectors, 0), request.query());
  }

  /**
   * {@code first} with the vectors of embedders {@code from} and later replaced by those of {@code
   * replacement} (exact ones): the lexical channels and the vector channels of the embedders before
   * {@code from} are kept, those from {@code from} on (drafts included) dropped and scored again,
   * so a gated search does not score its lexical channels twice. When one of the two has no vector
   * at all, its lexical channels are weighed differently (for a lexical search), and everything is
   * scored again.
   */
  private ScoredQuery(ScoredQuery first, float[][][] replacement, int from) {
    this.engine = first.engine;
    this.request = first.request;
    this.texts = first.texts;
    this.vectors = new float[first.vectors.length][][];
    for (int e = 0; e < vectors.length; e++) {
      vectors[e] = e < from ? first.vectors[e] : replacement[e];
    }
    this.draft = first.draft < from ? first.draft : NO_DRAFT;
    this.cat = first.cat;
    this.allowed = first.allowed;
    this.population = first.population;
    this.terms = first.terms;
    this.vectorUsed = anyVector(vectors);
    this.lexicalUsed = request.mode() != SearchMode.VECTOR || !vectorUsed;
    if (first.vectorUsed != vectorUsed) {
      this.whole = pass(terms, column(vectors, 0), request.query());
    } else {
      List<ChannelInput> channels = first.channelsBefore(from);
      channels.addAll(ParallelChannels.compute(vectorTasks(column(vectors, 0), from), cat.live));
      this.whole =
          new Pass(
              channels, bestCosine(channels.stream().filter(ChannelInput::scoresAll).toList()));
    }
  }

  /**
   * The whole request's channels a second look from embedder {@code from} on keeps: the lexical
   * ones and the vector channels of the embedders before {@code from}, in their order.
   */
  private List<ChannelInput> channelsBefore(int from) {
    List<String> kept = new ArrayList<>();
    for (int e = 0; e < from; e++) {
      kept.add(source(e));
    }
    List<ChannelInput> channels = new ArrayList<>();
    for (ChannelInput c : whole.channels()) {
      if (!c.scoresAll() || kept.contains(c.source())) {
        channels.add(c);
      }
    }
    return channels;
  }

  /** Whether some embedder has a vector of the whole request. */
  private static boolean anyVector(float[][][] vectors) {
    for (float[][] v : vectors) {
      if (v[0] != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * This search with the vectors of embedders {@code from} and later taken from {@code
   * replacement}, exact ones (a draft among them is dropped): a gated search's second look.
   */
  ScoredQuery withVectorsFrom(float[][][] replacement, int from) {
    return new ScoredQuery(this, replacement, from);
  }

  /** The channel name of embedder {@code e} in this search: its draft channel or its own. */
  String source(int e) {
    return e == draft ? engine.draftSource(e) : engine.vectorSource(e);
  }

  String mode() {
    return request.mode() == SearchMode.VECTOR && vectorUsed
        ? "vector"
        : (vectorUsed ? "hybrid_" : "lexical_") + engine.settings().fusion().wire();
  }

  /** Whether some lexical channel matched, or the vectors came close enough. */
  boolean matched() {
    boolean lexicalMatch =
        whole.channels().stream().anyMatch(c -> !c.scoresAll() && c.scores().size() > 0);
    return lexicalMatch || (vectorUsed && whole.bestCosine() >= engine.settings().minSimilarity());
  }

  Fused fuseWhole() {
    return engine.fusion().fuse(whole.channels(), cat.tools.length, population, cat.names);
  }

  /**
   * Whether the full-text channel and embedder {@code embedder}'s vector channel (its drafts', when
   * this search has them) both single out the tool at {@code slot} (the fused best): each scores it
   * above every other tool. Two independent views that agree on the top are rarely overturned by a
   * later embedder (BENCHMARKS.md, "Issue 15: the gate").
   */
  boolean channelsSingleOut(int slot, int embedder) {
    String vectorSource = source(embedder);
    int agreeing = 0;
    for (ChannelInput c : whole.channels()) {
      if (c.source().equals(SearchSettings.FULL_TEXT) || c.source().equals(vectorSource)) {
        if (soleBest(c.scores()) != slot) {
          return false;
        }
        agreeing++;
      }
    }
    return agreeing == 2;
  }

  /** The slot that scores above every other in {@code scores}; -1 when none does (a tie). */
  private static int soleBest(SparseScores scores) {
    int slot = -1;
    float best = Float.NEGATIVE_INFINITY;
    for (int i = 0; i < scores.size(); i++) {
      float score = scores.score(i);
      if (score > best) {
        best = score;
        slot = scores.slot(i);
      } else if (score == best) {
        slot = -1;
      }
    }
    return slot;
  }

  /** {@code fused} with each clause's evidence and, then, the siblings of strong hits. */
  Fused withClauses(Fused fused) {
    List<Fused> perClause = new ArrayList<>(texts.size() - 1);
    for (int c = 1; c < texts.size(); c++) {
      QueryTerms clauseTerms = QueryTerms.of(engine.lexical(), texts.get(c), List.of());
      Pass p = pass(clauseTerms, column(vectors, c), texts.get(c));
      perClause.add(engine.fusion().fuse(p.channels(), cat.tools.length, population, cat.names));
    }
    Fused out =
        ClauseFusion.combine(fused, perClause, engine.settings().clauseWeight(), cat.tools.length);
    // Siblings are wanted together by requests that ask for several things; for a single
    // request they are the likeliest confusions (a flat boost cost 1.5-2 NDCG on bfcl).
    Catalog.Families families = cat.families();
    if (engine.settings().familyWeight() > 0 && families.count() > 0) {
      out =
          FamilyBoost.boost(
              out, families.ids(), families.count(), engine.settings().familyWeight());
    }
    return out;
  }

  /**
   * The scored channels of one text, lexical first (the order they are fused and reported in), and
   * the best cosine any vector channel found.
   */
  private Pass pass(QueryTerms t, float[][] queryVectors, String query) {
    double lengthFactor = vectorUsed ? lengthFactor(query) : 1;
    // Every channel is one task; the costliest (the vector channels, which read every tool's
    // sign bits) go first, so the caller and the helpers finish at about the same time.
    List<Supplier<ChannelInput>> tasks = vectorTasks(queryVectors, 0);
    int vectorChannels = tasks.size();
    if (lexicalUsed) {
      tasks.addAll(lexicalChannels(t, allowed, lengthFactor));
    }
    List<ChannelInput> scored = ParallelChannels.compute(tasks, cat.live);
    List<ChannelInput> channels = new ArrayList<>(scored.subList(vectorChannels, scored.size()));
    channels.addAll(scored.subList(0, vectorChannels));
    return new Pass(channels, bestCosine(scored.subList(0, vectorChannels)));
  }

  /** A task for each embedder from {@code from} on that has a vector in {@code queryVectors}. */
  private List<Supplier<ChannelInput>> vectorTasks(float[][] queryVectors, int from) {
    List<Supplier<ChannelInput>> tasks = new ArrayList<>();
    for (int i = from; i < queryVectors.length; i++) {
      float[] v = queryVectors[i];
      if (v != null) {
        int embedder = i;
        tasks.add(() -> scoreVectors(embedder, v, cat, allowed));
      }
    }
    return tasks;
  }

  private static double bestCosine(List<ChannelInput> vectorChannels) {
    double best = Double.NEGATIVE_INFINITY;
    for (ChannelInput c : vectorChannels) {
      best = Math.max(best, c.scores().max());
    }
    return best;
  }

  /** Text {@code t}'s vector from each embedder (null where there is none). */
  private static float[][] column(float[][][] vectors, int t) {
    float[][] out = new float[vectors.length][];
    for (int e = 0; e < vectors.length; e++) {
      out[e] = vectors[e][t];
    }
    return out;
  }

  /** The scored channels of one text and the best cosine any vector channel found. */
  record Pass(List<ChannelInput> channels, double bestCosine) {}

  /**
   * Embedder {@code i}'s channel: the cosine of {@code query} with each allowed tool's vector. A
   * draft channel weighs what the embedder's own channel does.
   */
  private ChannelInput scoreVectors(int i, float[] query, Catalog cat, boolean[] allowed) {
    SparseScores scores = new SparseScores(Math.min(cat.live, 4096));
    Optional<ChannelInput.Moments> moments =
        engine.vectors().get(i).score(query, cat.keys, allowed, scores::add);
    return new ChannelInput(
        source(i), engine.settings().weight(engine.vectorSource(i)), scores, true, moments);
  }

  /** The lexical channels to score, in the order they are reported. */
  private List<Supplier<ChannelInput>> lexicalChannels(
      QueryTerms terms, boolean[] allowed, double factor) {
    List<Supplier<ChannelInput>> out = new ArrayList<>();
    out.add(
        () ->
            new ChannelInput(
                SearchSettings.FULL_TEXT,
                engine.settings().weight(SearchSettings.FULL_TEXT) * factor,
                filtered(engine.lexical().fullText(terms.stemmed(), terms.wordPairs()), allowed),
                false));
    out.add(
        () ->
            new ChannelInput(
                SearchSettings.KEYWORD,
                engine.settings().weight(SearchSettings.KEYWORD) * factor,
                filtered(engine.lexical().keyword(terms.exact(), terms.phrases()), allowed),
                false));
    if (engine.settings().weight(SearchSettings.SCHEMA) > 0) {
      out.add(
          () ->
              new ChannelInput(
                  SearchSettings.SCHEMA,
                  engine.settings().weight(SearchSettings.SCHEMA) * factor,
                  filtered(engine.lexical().schema(terms.stemmed()), allowed),
                  false));
    }
    return out;
  }

  /**
   * Long requests restate the tool's own words, short ones name a capability: the lexical weights
   * scale with {@code words / pivot}, clipped to 0.25..4 (+0.9 to +1.5 NDCG on the dev sets).
   */
  private double lengthFactor(String query) {
    if (engine.settings().lengthPivot() == 0) {
      return 1;
    }
    int words = query.strip().isEmpty() ? 0 : query.strip().split("\\s+").length;
    return Math.clamp(
        words / engine.settings().lengthPivot(), MIN_LENGTH_FACTOR, MAX_LENGTH_FACTOR);
  }

  static List<String> phrases(SearchRequest request) {
    List<String> phrases = new ArrayList<>(request.keywords());
    Matcher m = QUOTED.matcher(request.query());
    while (m.find()) {
      phrases.add(m.group(1));
    }
    return phrases;
  }

  static boolean[] allowed(Catalog cat, SearchFilter filter) {
    if (filter == SearchFilter.NONE) {
      return null;
    }
    boolean[] allowed = new boolean[cat.tools.length];
    for (int slot = 0; slot < allowed.length; slot++) {
      ToolDefinition tool = cat.tools[slot];
      allowed[slot] = tool != null && filter.test(tool);
    }
    return allowed;
  }

  private static int count(boolean[] allowed) {
    int n = 0;
    for (boolean a : allowed) {
      n += a ? 1 : 0;
    }
    return n;
  }

  private static SparseScores filtered(SparseScores scores, boolean[] allowed) {
    if (allowed == null) {
      return scores;
    }
    SparseScores out = new SparseScores(scores.size());
    for (int i = 0; i < scores.size(); i++) {
      if (allowed[scores.slot(i)]) {
        out.add(scores.slot(i), scores.score(i));
      }
    }
    return out;
  }
}
