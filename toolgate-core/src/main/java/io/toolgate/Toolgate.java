package io.toolgate;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.Invoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.ToolSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The gateway as a library: one catalog, its search index and its call pipeline.
 *
 * <pre>{@code
 * try (Toolgate gate = Toolgate.builder().registry(registry).search(search).invoker(invoker).build()) {
 *   SearchResponse hits = gate.search(SearchRequest.of("send an email"));
 *   ToolResult result = gate.invoke(hits.tools().getFirst().tool().name(), args);
 * }
 * }</pre>
 *
 * <p>Every surface (REST, MCP, chat proxy, CLI) talks to the catalog through one instance.
 * Thread-safe. Closing it closes the search index, then anything registered with {@link
 * Builder#onClose} (the embedders the search used among them).
 */
public final class Toolgate implements ToolgateApi, AutoCloseable {
  private final ToolRegistry registry;
  private final ToolSearch search;
  private final Invoker invoker;
  private final List<AutoCloseable> closeables;

  private Toolgate(Builder b) {
    this.registry = Objects.requireNonNull(b.registry, "registry");
    this.search = Objects.requireNonNull(b.search, "search");
    this.invoker = Objects.requireNonNull(b.invoker, "invoker");
    this.closeables = List.copyOf(b.closeables);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The catalog. */
  public ToolRegistry registry() {
    return registry;
  }

  /** The search index over the catalog. */
  public ToolSearch searcher() {
    return search;
  }

  /** The call pipeline. */
  public Invoker invoker() {
    return invoker;
  }

  /** Runs {@code tool_search}. */
  @Override
  public SearchResponse search(SearchRequest request) {
    return search.search(request);
  }

  /** Runs {@code tool_invoke}; never throws for a failed call. */
  public ToolResult invoke(String toolId, JsonNode arguments, CallOptions options) {
    return invoker.invoke(toolId, arguments, options);
  }

  /** Runs {@code tool_invoke} with default options. */
  @Override
  public ToolResult invoke(String toolId, JsonNode arguments) {
    return invoker.invoke(toolId, arguments, CallOptions.DEFAULT);
  }

  @Override
  public Optional<ToolDefinition> tool(String name) {
    return registry.get(name).map(RegisteredTool::definition);
  }

  @Override
  public List<ToolDefinition> tools() {
    return registry.definitions();
  }

  /** Which search backends are active. */
  public SearchCapabilities capabilities() {
    return search.capabilities();
  }

  @Override
  public void close() {
    // The search first: it stops its embedding workers, so that closing the embedders under them
    // (registered with onClose) is not reported as an embedding failure.
    search.close();
    RuntimeException failure = null;
    List<AutoCloseable> reversed = new ArrayList<>(closeables);
    java.util.Collections.reverse(reversed);
    for (AutoCloseable c : reversed) {
      try {
        c.close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new ToolgateException("closing " + c + " failed", e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Assembles a {@link Toolgate} from its parts. Not thread-safe. */
  public static final class Builder {
    private ToolRegistry registry;
    private ToolSearch search;
    private Invoker invoker;
    private final List<AutoCloseable> closeables = new ArrayList<>();

    private Builder() {}

    public Builder registry(ToolRegistry registry) {
      this.registry = registry;
      return this;
    }

    public Builder search(ToolSearch search) {
      this.search = search;
      return this;
    }

    public Builder invoker(Invoker invoker) {
      this.invoker = invoker;
      return this;
    }

    /** Something to close with the gateway (sources, embedders), closed in reverse order. */
    public Builder onClose(AutoCloseable closeable) {
      closeables.add(closeable);
      return this;
    }

    public Toolgate build() {
      return new Toolgate(this);
    }
  }
}
