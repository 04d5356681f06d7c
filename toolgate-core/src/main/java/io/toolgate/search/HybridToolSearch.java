package io.toolgate.search;

import io.toolgate.catalog.RegistryEvent;
import io.toolgate.catalog.RegistryListener;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.search.fusion.Fused;
import io.toolgate.search.fusion.Fusion;
import io.toolgate.search.lexical.LexicalIndex;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import io.toolgate.search.vector.ToolVectorCache;
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
 * <p>With several embedders a search is gated ({@link SearchSettings#secondEmbedderMargin()}): the
 * first embedder embeds the query, the later ones only where that leaves the ranking unsure. When
 * the first embedder {@linkplain Embedder#draftsQueries() drafts queries} (and {@link
 * SearchSettings#draftQueries()}), the first look uses its drafts (channel {@code vector_draft});
 * an unsure search is then scored again from exact vectors of every embedder, as if it had never
 * drafted.
 *
 * <p>Thread-safe: searches run concurrently; index updates (registry events) take a short write
 * lock, and tool vectors are computed on a background thread per embedder.
 */
public final class HybridToolSearch implements ToolSearch, RegistryListener {

  private final SearchSettings settings;
  private final EmbedderGate gate;
  private final Fusion fusion;
  private final LexicalIndex lexical;
  private final List<ToolVectors> vectors;
  private final List<String> embedderNames;
  private final QueryEmbeddings queryEmbeddings;
  private final ScoredQuery.Engine engine;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private volatile Catalog catalog = Catalog.EMPTY;
  private ToolRegistry followed;

  private HybridToolSearch(Builder b) {
    this.settings = b.settings;
    this.gate = new EmbedderGate(b.settings.secondEmbedderMargin());
    this.fusion = Fusion.of(settings.fusion(), settings.rrfK());
    this.lexical = new LexicalIndex(settings.lexical());
    List<ToolVectors> v = new ArrayList<>();
    for (int i = 0; i < b.embedders.size(); i++) {
      v.add(
          new ToolVectors(
              b.embedders.get(i),
              b.documents.get(i).orElse(settings.documentStyle()),
              settings.embedBatchSize(),
              settings.exactVectorLimit(),
              b.vectorCache));
    }
    this.vectors = List.copyOf(v);
    this.embedderNames = List.copyOf(b.names);
    this.queryEmbeddings =
        new QueryEmbeddings(
            vectors,
            settings.queryCacheSize(),
            settings.compactQueryEmbedding(),
            settings.draftQueries());
    this.engine = new ScoredQuery.Engine(settings, fusion, lexical, vectors, this::vectorSource);
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
    private final List<String> names = new ArrayList<>();
    private Optional<ToolVectorCache.Factory> vectorCache = Optional.empty();

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
      return embedder(embedder.modelId(), embedder, Optional.empty());
    }

    /**
     * Adds an embedder that embeds tools as {@code document} instead of {@link
     * SearchSettings#documentStyle()} (models differ in what they read best).
     */
    public Builder embedder(Embedder embedder, DocumentStyle document) {
      return embedder(embedder.modelId(), embedder, Optional.of(document));
    }

    /**
     * Adds an embedder under {@code name} (its {@code embeddings:} entry), which {@link
     * SearchRequest#embedder()} may name to search with this embedder's vectors only; {@code
     * document} empty for {@link SearchSettings#documentStyle()}.
     */
    public Builder embedder(String name, Embedder embedder, Optional<DocumentStyle> document) {
      embedders.add(Objects.requireNonNull(embedder, "embedder"));
      documents.add(Objects.requireNonNull(document, "document"));
      names.add(Objects.requireNonNull(name, "name"));
      return this;
    }

    /** Where tool vectors are cached ({@code vectors-<model>.bin}); none by default. */
    public Builder dataDirectory(Path directory) {
      return vectorCache(ToolVectorCache.inDirectory(directory));
    }

    /**
     * Where tool vectors are cached, e.g. {@link ToolVectorCache#inRegistryStore} for replicas that
     * share a store; the last of this and {@link #dataDirectory} wins.
     */
    public Builder vectorCache(ToolVectorCache.Factory cache) {
      this.vectorCache = Optional.of(Objects.requireNonNull(cache, "cache"));
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
    update(registry.definitions(), List.of(), true);
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
    update(upserts, removals, false);
  }

  /**
   * As {@link #update(Collection, Collection)}; with {@code preload}, an embedder whose cache holds
   * every tool's vector publishes them before this returns, so the first search is already hybrid.
   * Tools hidden from models ({@code as_tool: false}) are not indexed.
   */
  private void update(
      Collection<ToolDefinition> upserts, Collection<String> removals, boolean preload) {
    List<ToolDefinition> shown = new ArrayList<>(upserts.size());
    List<String> gone = new ArrayList<>(removals);
    for (ToolDefinition tool : upserts) {
      if (tool.asTool()) {
        shown.add(tool);
      } else {
        gone.add(tool.name());
      }
    }
    Catalog next;
    lock.writeLock().lock();
    try {
      Catalog.Change change = catalog.apply(shown, gone);
      lexical.update(change.upserts(), change.removals());
      catalog = change.next();
      next = catalog;
    } finally {
      lock.writeLock().unlock();
    }
    if (preload) {
      ToolVectors.preloadAll(vectors, next.tools);
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
    List<String> texts = texts(request);
    boolean[] using = queryEmbeddings.using(request, embedderNames);
    int embedders = request.mode() == SearchMode.LEXICAL ? 0 : vectors.size();
    EmbedderGate.Plan plan = gate.plan(using, embedders);
    List<String> inputs = queryEmbeddings.inputs(texts);
    QueryEmbeddings.Look look = queryEmbeddings.firstLook(inputs, plan, embedders, using);
    lock.readLock().lock();
    try {
      Catalog cat = catalog;
      ScoredQuery q =
          new ScoredQuery(
              engine,
              request,
              texts,
              look.vectors(),
              look.draft(),
              cat,
              ScoredQuery.allowed(cat, request.filter()));
      Fused fused = q.fuseWhole();
      if (plan.gated() && gate.unsure(q, fused, plan.first())) {
        // Exact vectors replace the drafts (the first embedder runs again, then the later ones):
        // a drafted search that looks twice ranks exactly as one that never drafted.
        int from = look.secondLookFrom(plan.first());
        q =
            q.withVectorsFrom(
                queryEmbeddings.secondLook(inputs, look, from, embedders, using), from);
        fused = q.fuseWhole();
      }
      if (!q.matched()) {
        return SearchResults.noMatch(request, q.mode(), cat, q.allowed);
      }
      if (texts.size() > 1) {
        fused = q.withClauses(fused);
      }
      return SearchResults.respond(
          lexical, request, q.mode(), cat, q.whole.channels(), fused, q.terms);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * What a request searches for: the query with its keywords, then its clauses when it asks for
   * several things.
   */
  private List<String> texts(SearchRequest request) {
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
    return texts;
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
