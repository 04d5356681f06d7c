package io.toolgate.search;

import io.toolgate.catalog.RegistryEvent;
import io.toolgate.catalog.RegistryListener;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.search.fusion.ChannelInput;
import io.toolgate.search.fusion.Fused;
import io.toolgate.search.fusion.Fusion;
import io.toolgate.search.fusion.Ranking;
import io.toolgate.search.lexical.LexicalIndex;
import io.toolgate.search.lexical.SparseScores;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import io.toolgate.search.vector.ToolVectors;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hybrid tool search: three lexical channels on an in-memory inverted index and a vector channel
 * per embedder, fused into one ranking that explains itself.
 *
 * <pre>{@code
 * HybridToolSearch search = HybridToolSearch.builder()
 *     .embedder(Embedders.create("local:bge-small-en-v1.5"))
 *     .dataDirectory(Path.of("data"))          // vector cache; optional
 *     .build();
 * search.follow(registry);                     // indexes the registry and tracks its changes
 * SearchResponse r = search.search(SearchRequest.of("is it going to rain in Lisbon"));
 * }</pre>
 *
 * <p>Channels: {@code full_text} (BM25F over stemmed name ×3, description ×2, parameters ×1),
 * {@code keyword} (exact words as one bag, plus the request's keywords and quoted phrases), {@code
 * schema} (query words against parameter keys), {@code vector} (cosine with each tool's embedded
 * document; further embedders add {@code vector:<model>}). Scores combine by {@link
 * SearchSettings#fusion()}, z-score by default; the lexical weights scale with the query's length.
 * The reported {@code score} is the fused score over the best any tool could reach with the
 * channels that took part (first in each), clipped to 0..1.
 *
 * <p>Filters apply before ranking. A query no lexical channel matches, and that the vector channel
 * does not match closely enough ({@link SearchSettings#minSimilarity()}), returns no tools and a
 * hint. While tool vectors are being computed, or when the embedder fails, the search runs on the
 * lexical channels and says so in {@code search_mode} ({@code lexical_zscore} instead of {@code
 * hybrid_zscore}; {@code lexical_rrf} / {@code hybrid_rrf} with RRF).
 *
 * <p>Thread-safe: searches run concurrently; index updates (registry events) take a short write
 * lock, and tool vectors are computed on a background thread per embedder.
 */
public final class HybridToolSearch implements ToolSearch, RegistryListener {
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
  private static final double MIN_LENGTH_FACTOR = 0.25;
  private static final double MAX_LENGTH_FACTOR = 4;

  private final SearchSettings settings;
  private final Fusion fusion;
  private final LexicalIndex lexical;
  private final List<ToolVectors> vectors;
  private final QueryEmbeddings queryEmbeddings;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private volatile Catalog catalog = Catalog.EMPTY;
  private ToolRegistry followed;

  private HybridToolSearch(Builder b) {
    this.settings = b.settings;
    this.fusion = Fusion.of(settings.fusion(), settings.rrfK());
    this.lexical = new LexicalIndex(settings.lexical());
    List<ToolVectors> v = new ArrayList<>();
    for (int i = 0; i < b.embedders.size(); i++) {
      v.add(
          new ToolVectors(
              b.embedders.get(i),
              b.documents.get(i).orElse(settings.documentStyle()),
              b.dataDirectory,
              settings.embedBatchSize(),
              settings.exactVectorLimit()));
    }
    this.vectors = List.copyOf(v);
    this.queryEmbeddings = new QueryEmbeddings(vectors, settings.queryCacheSize());
  }

  /** A builder with {@link SearchSettings#defaults()} and no embedder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Configures a {@link HybridToolSearch}. */
  public static final class Builder {
    private SearchSettings settings = SearchSettings.defaults();
    private final List<Embedder> embedders = new ArrayList<>();
    private final List<Optional<DocumentStyle>> documents = new ArrayList<>();
    private Optional<Path> dataDirectory = Optional.empty();

    private Builder() {}

    public Builder settings(SearchSettings settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * Adds an embedder: the first feeds the {@code vector} channel, later ones {@code
     * vector:<model>}. The search does not close embedders; their owner does.
     */
    public Builder embedder(Embedder embedder) {
      embedders.add(Objects.requireNonNull(embedder, "embedder"));
      documents.add(Optional.empty());
      return this;
    }

    /**
     * Adds an embedder that embeds tools as {@code document} instead of {@link
     * SearchSettings#documentStyle()} (models differ in what they read best).
     */
    public Builder embedder(Embedder embedder, DocumentStyle document) {
      embedders.add(Objects.requireNonNull(embedder, "embedder"));
      documents.add(Optional.of(document));
      return this;
    }

    /** Where tool vectors are cached ({@code vectors-<model>.bin}); none by default. */
    public Builder dataDirectory(Path directory) {
      this.dataDirectory = Optional.of(directory);
      return this;
    }

    public HybridToolSearch build() {
      return new HybridToolSearch(this);
    }
  }

  /** The settings this search ranks with. */
  public SearchSettings settings() {
    return settings;
  }

  /**
   * Indexes every tool of {@code registry} and follows its changes from now on.
   *
   * @throws IllegalStateException when this search already follows a registry
   */
  public void follow(ToolRegistry registry) {
    synchronized (this) {
      if (followed != null) {
        throw new IllegalStateException("this search already follows a registry");
      }
      followed = registry;
    }
    registry.addListener(this);
    // Events from now on are applied as they come; indexing the snapshot twice is harmless.
    update(registry.definitions(), List.of());
  }

  /** Applies registry changes incrementally. */
  @Override
  public void onChange(List<RegistryEvent> events) {
    Map<String, Optional<ToolDefinition>> last = new LinkedHashMap<>();
    for (RegistryEvent event : events) {
      switch (event) {
        case RegistryEvent.Added a -> last.put(a.tool().name(), Optional.of(a.tool()));
        case RegistryEvent.Replaced r -> {
          if (!r.previous().name().equals(r.tool().name())) {
            last.put(r.previous().name(), Optional.empty());
          }
          last.put(r.tool().name(), Optional.of(r.tool()));
        }
        case RegistryEvent.Removed r -> last.put(r.tool().name(), Optional.empty());
      }
    }
    List<ToolDefinition> upserts = new ArrayList<>();
    List<String> removals = new ArrayList<>();
    last.forEach((name, tool) -> tool.ifPresentOrElse(upserts::add, () -> removals.add(name)));
    update(upserts, removals);
  }

  /**
   * Adds or replaces (by name) {@code upserts} and removes {@code removals}: the lexical index
   * changes at once, vectors of new or changed tools follow in the background.
   */
  public void update(Collection<ToolDefinition> upserts, Collection<String> removals) {
    Catalog next;
    lock.writeLock().lock();
    try {
      Catalog.Change change = catalog.apply(upserts, removals);
      lexical.update(change.upserts(), change.removals());
      catalog = change.next();
      next = catalog;
    } finally {
      lock.writeLock().unlock();
    }
    for (ToolVectors v : vectors) {
      v.refresh(next.tools.clone());
    }
  }

  /**
   * Waits until every tool has its vectors (or the embedders gave up).
   *
   * @return false when {@code timeout} passed first
   */
  public boolean awaitVectors(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (ToolVectors v : vectors) {
      if (!v.awaitIdle(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public SearchCapabilities capabilities() {
    List<String> backends =
        new ArrayList<>(
            List.of(SearchSettings.FULL_TEXT, SearchSettings.KEYWORD, SearchSettings.SCHEMA));
    for (int i = 0; i < vectors.size(); i++) {
      backends.add(vectorSource(i));
    }
    return new SearchCapabilities(
        backends,
        vectors.isEmpty() ? Optional.empty() : Optional.of(vectors.get(0).embedder().modelId()),
        !vectors.isEmpty() && vectors.stream().allMatch(ToolVectors::usable),
        catalog.live,
        settings.fusion().wire());
  }

  private String vectorSource(int i) {
    return i == 0
        ? SearchSettings.VECTOR
        : SearchSettings.VECTOR + ":" + vectors.get(i).embedder().modelId();
  }

  @Override
  public SearchResponse search(SearchRequest request) {
    if (request.mode() == SearchMode.VECTOR && vectors.isEmpty()) {
      throw new InvalidSearchException(
          "vector search needs an embedding model: configure one under embeddings:, or search in"
              + " hybrid or lexical mode");
    }
    String text =
        request.keywords().isEmpty()
            ? request.query()
            : (request.query() + " " + String.join(" ", request.keywords())).strip();
    List<String> clauses =
        request.mode() == SearchMode.VECTOR || settings.clauseWeight() == 0
            ? List.of()
            : QueryClauses.split(request.query(), catalog.verbs());
    List<String> texts = new ArrayList<>();
    texts.add(text);
    if (clauses.size() > 1) {
      texts.addAll(clauses);
    }
    int embedders = request.mode() == SearchMode.LEXICAL ? 0 : vectors.size();
    // With a margin set, the later embedders run only when the first leaves the top close.
    boolean gated = settings.secondEmbedderMargin() > 0 && embedders > 1;
    float[][][] queryVectors = queryEmbeddings.embed(texts, 0, gated ? 1 : embedders);
    lock.readLock().lock();
    try {
      Catalog cat = catalog;
      Query q = new Query(request, texts, queryVectors, cat, allowed(cat, request.filter()));
      Fused fused = q.fuseWhole();
      if (gated && unsure(fused)) {
        float[][][] more = queryEmbeddings.embed(texts, 1, embedders);
        for (int e = 1; e < embedders; e++) {
          queryVectors[e] = more[e];
        }
        q = new Query(request, texts, queryVectors, cat, q.allowed);
        fused = q.fuseWhole();
      }
      if (!q.matched()) {
        return noMatch(request, q.mode(), cat);
      }
      if (texts.size() > 1) {
        fused = q.withClauses(fused);
      }
      return respond(request, q.mode(), cat, q.whole.channels(), fused, q.terms);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Whether the best two tools are closer than {@link SearchSettings#secondEmbedderMargin()} (in
   * reported-score units), or fewer than two tools were found.
   */
  private boolean unsure(Fused fused) {
    double first = Double.NEGATIVE_INFINITY;
    double second = Double.NEGATIVE_INFINITY;
    for (double s : fused.scores()) {
      if (s > first) {
        second = first;
        first = s;
      } else if (s > second) {
        second = s;
      }
    }
    return !(second > Double.NEGATIVE_INFINITY)
        || (first - second) / fused.best() < settings.secondEmbedderMargin();
  }

  /** One search's request, analyzed, with its query vectors and the whole request's channels. */
  private final class Query {
    final SearchRequest request;
    final List<String> texts;
    final float[][][] vectors;
    final Catalog cat;
    final boolean[] allowed;
    final int population;
    final QueryTerms terms;
    final boolean vectorUsed;
    final boolean lexicalUsed;
    final Pass whole;

    Query(
        SearchRequest request,
        List<String> texts,
        float[][][] vectors,
        Catalog cat,
        boolean[] allowed) {
      this.request = request;
      this.texts = texts;
      this.vectors = vectors;
      this.cat = cat;
      this.allowed = allowed;
      this.population = allowed == null ? cat.live : count(allowed);
      this.terms = QueryTerms.of(lexical, texts.get(0), phrases(request));
      boolean used = false;
      for (float[][] v : vectors) {
        used |= v[0] != null;
      }
      this.vectorUsed = used;
      this.lexicalUsed = request.mode() != SearchMode.VECTOR || !vectorUsed;
      this.whole = pass(terms, column(vectors, 0), request.query());
    }

    String mode() {
      return request.mode() == SearchMode.VECTOR && vectorUsed
          ? "vector"
          : (vectorUsed ? "hybrid_" : "lexical_") + settings.fusion().wire();
    }

    /** Whether some lexical channel matched, or the vectors came close enough. */
    boolean matched() {
      boolean lexicalMatch =
          whole.channels().stream().anyMatch(c -> !c.scoresAll() && c.scores().size() > 0);
      return lexicalMatch || (vectorUsed && whole.bestCosine() >= settings.minSimilarity());
    }

    Fused fuseWhole() {
      return fusion.fuse(whole.channels(), cat.tools.length, population, cat.names);
    }

    /** {@code fused} with each clause's evidence and, then, the siblings of strong hits. */
    Fused withClauses(Fused fused) {
      List<Fused> perClause = new ArrayList<>(texts.size() - 1);
      for (int c = 1; c < texts.size(); c++) {
        QueryTerms clauseTerms = QueryTerms.of(lexical, texts.get(c), List.of());
        Pass p = pass(clauseTerms, column(vectors, c), texts.get(c));
        perClause.add(fusion.fuse(p.channels(), cat.tools.length, population, cat.names));
      }
      Fused out = ClauseFusion.combine(fused, perClause, settings.clauseWeight(), cat.tools.length);
      // Siblings are wanted together by requests that ask for several things; for a single
      // request they are the likeliest confusions (a flat boost cost 1.5-2 NDCG on bfcl).
      Catalog.Families families = cat.families();
      if (settings.familyWeight() > 0 && families.count() > 0) {
        out = FamilyBoost.boost(out, families.ids(), families.count(), settings.familyWeight());
      }
      return out;
    }

    /**
     * The scored channels of one text, lexical first (the order they are fused and reported in),
     * and the best cosine any vector channel found.
     */
    private Pass pass(QueryTerms t, float[][] queryVectors, String query) {
      double lengthFactor = vectorUsed ? lengthFactor(query) : 1;
      // Every channel is one task; the costliest (the vector channels, which read every tool's
      // sign bits) go first, so the caller and the helpers finish at about the same time.
      List<Supplier<ChannelInput>> tasks = new ArrayList<>();
      for (int i = 0; i < queryVectors.length; i++) {
        float[] v = queryVectors[i];
        if (v != null) {
          int embedder = i;
          tasks.add(() -> scoreVectors(embedder, v, cat, allowed));
        }
      }
      int vectorChannels = tasks.size();
      if (lexicalUsed) {
        tasks.addAll(lexicalChannels(t, allowed, lengthFactor));
      }
      List<ChannelInput> scored = ParallelChannels.compute(tasks, cat.live);
      double bestCosine = Double.NEGATIVE_INFINITY;
      for (ChannelInput c : scored.subList(0, vectorChannels)) {
        bestCosine = Math.max(bestCosine, c.scores().max());
      }
      List<ChannelInput> channels = new ArrayList<>(scored.subList(vectorChannels, scored.size()));
      channels.addAll(scored.subList(0, vectorChannels));
      return new Pass(channels, bestCosine);
    }
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
  private record Pass(List<ChannelInput> channels, double bestCosine) {}

  /** Embedder {@code i}'s channel: the cosine of {@code query} with each allowed tool's vector. */
  private ChannelInput scoreVectors(int i, float[] query, Catalog cat, boolean[] allowed) {
    SparseScores scores = new SparseScores(Math.min(cat.live, 4096));
    Optional<ChannelInput.Moments> moments =
        vectors.get(i).score(query, cat.keys, allowed, scores::add);
    return new ChannelInput(
        vectorSource(i), settings.weight(vectorSource(i)), scores, true, moments);
  }

  /** The lexical channels to score, in the order they are reported. */
  private List<Supplier<ChannelInput>> lexicalChannels(
      QueryTerms terms, boolean[] allowed, double factor) {
    List<Supplier<ChannelInput>> out = new ArrayList<>();
    out.add(
        () ->
            new ChannelInput(
                SearchSettings.FULL_TEXT,
                settings.weight(SearchSettings.FULL_TEXT) * factor,
                filtered(lexical.fullText(terms.stemmed()), allowed),
                false));
    out.add(
        () ->
            new ChannelInput(
                SearchSettings.KEYWORD,
                settings.weight(SearchSettings.KEYWORD) * factor,
                filtered(lexical.keyword(terms.exact(), terms.phrases()), allowed),
                false));
    if (settings.weight(SearchSettings.SCHEMA) > 0) {
      out.add(
          () ->
              new ChannelInput(
                  SearchSettings.SCHEMA,
                  settings.weight(SearchSettings.SCHEMA) * factor,
                  filtered(lexical.schema(terms.stemmed()), allowed),
                  false));
    }
    return out;
  }

  /**
   * Long requests restate the tool's own words, short ones name a capability: the lexical weights
   * scale with {@code words / pivot}, clipped to 0.25..4 (+0.9 to +1.5 NDCG on the dev sets).
   */
  private double lengthFactor(String query) {
    if (settings.lengthPivot() == 0) {
      return 1;
    }
    int words = query.strip().isEmpty() ? 0 : query.strip().split("\\s+").length;
    return Math.clamp(words / settings.lengthPivot(), MIN_LENGTH_FACTOR, MAX_LENGTH_FACTOR);
  }

  private static List<String> phrases(SearchRequest request) {
    List<String> phrases = new ArrayList<>(request.keywords());
    Matcher m = QUOTED.matcher(request.query());
    while (m.find()) {
      phrases.add(m.group(1));
    }
    return phrases;
  }

  private static boolean[] allowed(Catalog cat, SearchFilter filter) {
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

  private SearchResponse noMatch(SearchRequest request, String mode, Catalog cat) {
    StringBuilder hint =
        new StringBuilder("no tool matched \"")
            .append(request.query())
            .append(
                "\": describe the capability in other words (what the tool does or what it"
                    + " acts on), or use fewer words");
    // Only a query that looks like one name is worth comparing with every name (edit distance
    // over a long request and thousands of names would cost more than the search).
    String asName = request.query().strip();
    List<String> close =
        asName.length() <= 64 && asName.chars().noneMatch(Character::isWhitespace)
            ? io.toolgate.catalog.Strings.closest(asName, cat.liveNames(), 3)
            : List.of();
    if (!close.isEmpty()) {
      hint.append("; similar tool names: ").append(String.join(", ", close));
    }
    return new SearchResponse(
        request.query(), request.keywords(), mode, false, List.of(), Optional.of(hint.toString()));
  }

  private SearchResponse respond(
      SearchRequest request,
      String mode,
      Catalog cat,
      List<ChannelInput> channels,
      Fused fused,
      QueryTerms terms) {
    int[] top = topCandidates(fused, request.limit(), cat.names);
    int[] topSlots = new int[top.length];
    for (int i = 0; i < top.length; i++) {
      topSlots[i] = fused.slots()[top[i]];
    }
    List<List<MatchSource>> sources = sources(channels, topSlots, cat.names);
    List<SearchHit> hits = new ArrayList<>(top.length);
    for (int i = 0; i < top.length; i++) {
      int slot = topSlots[i];
      double score = Math.clamp(fused.scores()[top[i]] / fused.best(), 0.0, 1.0);
      hits.add(
          new SearchHit(
              cat.tools[slot], round(score), terms.matchedIn(lexical, slot), sources.get(i)));
    }
    boolean fallback = false;
    if (request.minScore().isPresent() && !hits.isEmpty()) {
      double min = request.minScore().get();
      List<SearchHit> kept = hits.stream().filter(h -> h.score() >= min).toList();
      if (kept.isEmpty()) {
        kept = List.of(hits.get(0));
        fallback = true;
      }
      hits = kept;
    }
    return new SearchResponse(
        request.query(), request.keywords(), mode, fallback, hits, Optional.empty());
  }

  /** Indexes into {@code fused} of the best {@code limit} candidates, best first. */
  private static int[] topCandidates(Fused fused, int limit, String[] names) {
    // Insertion into a sorted array of at most `limit` (≤ 20): one comparison per candidate that
    // does not make the cut, no boxing. Doubles, not floats, so near-ties stay apart.
    double[] scores = fused.scores();
    int[] slots = fused.slots();
    int[] best = new int[Math.min(limit, scores.length)];
    if (best.length == 0) {
      return best;
    }
    int size = 0;
    for (int i = 0; i < scores.length; i++) {
      if (size == best.length && scores[i] < scores[best[size - 1]]) {
        continue; // most candidates: below the cut, no name needed
      }
      if (size == best.length
          && !Ranking.before(
              scores[i], names[slots[i]], scores[best[size - 1]], names[slots[best[size - 1]]])) {
        continue;
      }
      int at = size == best.length ? size - 1 : size++;
      while (at > 0
          && Ranking.before(
              scores[i], names[slots[i]], scores[best[at - 1]], names[slots[best[at - 1]]])) {
        best[at] = best[at - 1];
        at--;
      }
      best[at] = i;
    }
    return best;
  }

  /** Each hit's rank and score in every channel that scored it, best rank first. */
  private static List<List<MatchSource>> sources(
      List<ChannelInput> channels, int[] slots, String[] names) {
    List<List<MatchSource>> out = new ArrayList<>(slots.length);
    for (int i = 0; i < slots.length; i++) {
      out.add(new ArrayList<>());
    }
    // One pass over each channel's scores; on a large catalog a lexical channel's are long.
    List<Ranking.Standing> standings =
        ParallelChannels.compute(
            channels.stream()
                .<Supplier<Ranking.Standing>>map(
                    c -> () -> Ranking.standing(c.scores(), slots, names))
                .toList(),
            names.length);
    for (int ci = 0; ci < channels.size(); ci++) {
      ChannelInput c = channels.get(ci);
      Ranking.Standing standing = standings.get(ci);
      for (int i = 0; i < slots.length; i++) {
        if (standing.ranks()[i] > 0) {
          out.get(i)
              .add(new MatchSource(c.source(), standing.ranks()[i], round(standing.scores()[i])));
        }
      }
    }
    for (List<MatchSource> hit : out) {
      hit.sort(
          java.util.Comparator.comparingInt(MatchSource::rank).thenComparing(MatchSource::source));
    }
    return out;
  }

  private static double round(double value) {
    return Math.round(value * 10_000) / 10_000.0;
  }

  /** Stops following the registry and the embedding workers, and frees the index. */
  @Override
  public void close() {
    ToolRegistry registry;
    synchronized (this) {
      registry = followed;
      followed = null;
    }
    if (registry != null) {
      registry.removeListener(this);
    }
    vectors.forEach(ToolVectors::close);
    lock.writeLock().lock();
    try {
      lexical.close();
    } finally {
      lock.writeLock().unlock();
    }
  }
}
