package io.toolgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.ToolSearch;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolgateCloseTest {
  @Test
  void closesTheSearchBeforeTheEmbeddersItUses() {
    List<String> closed = new ArrayList<>();
    ToolSearch search =
        new ToolSearch() {
          @Override
          public SearchResponse search(SearchRequest request) {
            throw new UnsupportedOperationException();
          }

          @Override
          public SearchCapabilities capabilities() {
            throw new UnsupportedOperationException();
          }

          @Override
          public void close() {
            closed.add("search");
          }
        };
    ToolRegistry registry = new ToolRegistry();
    Toolgate gate =
        Toolgate.builder()
            .registry(registry)
            .search(search)
            .invoker(ToolInvoker.builder(registry).build())
            .onClose(() -> closed.add("first embedder"))
            .onClose(() -> closed.add("second embedder"))
            .build();

    gate.close();

    assertThat(closed).containsExactly("search", "second embedder", "first embedder");
  }
}
