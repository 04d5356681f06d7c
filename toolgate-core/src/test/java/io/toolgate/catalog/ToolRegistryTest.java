package io.toolgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {
  private static final ToolExecutor ECHO = call -> call.arguments();

  private static RegisteredTool tool(String name, String source) {
    return tool(name, source, "");
  }

  private static RegisteredTool tool(String name, String source, String description) {
    return new RegisteredTool(
        ToolDefinition.builder(name, Json.parse("{\"type\":\"object\"}"))
            .source(source)
            .description(description)
            .build(),
        ECHO);
  }

  private static List<String> describe(List<RegistryEvent> events) {
    return events.stream()
        .map(
            e ->
                switch (e) {
                  case RegistryEvent.Added a -> "+" + a.tool().name() + "@" + a.version();
                  case RegistryEvent.Replaced r -> "~" + r.tool().name() + "@" + r.version();
                  case RegistryEvent.Removed r -> "-" + r.tool().name() + "@" + r.version();
                })
        .toList();
  }

  @Test
  void registeredToolsCanBeFoundListedAndCounted() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("b", "s"));
    registry.register(tool("a", "s"));
    assertThat(registry.get("a")).isPresent();
    assertThat(registry.get("zz")).isEmpty();
    assertThat(registry.contains("b")).isTrue();
    assertThat(registry.names()).containsExactly("a", "b");
    assertThat(registry.list()).extracting(RegisteredTool::name).containsExactly("a", "b");
    assertThat(registry.definitions()).extracting(ToolDefinition::name).containsExactly("a", "b");
    assertThat(registry.size()).isEqualTo(2);
    assertThat(registry.version()).isEqualTo(2);
  }

  @Test
  void aClashNamesBothSources() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("weather", "file:a.yaml"));
    assertThatThrownBy(() -> registry.register(tool("weather", "mcp:wx")))
        .isInstanceOf(DuplicateToolException.class)
        .hasMessageContaining("'weather'")
        .hasMessageContaining("mcp:wx")
        .hasMessageContaining("file:a.yaml")
        .hasMessageContaining("namespace");
  }

  @Test
  void registerAllRegistersNothingWhenOneToolClashes() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("taken", "s1"));
    List<List<RegistryEvent>> heard = new ArrayList<>();
    registry.addListener(heard::add);
    assertThatThrownBy(
            () -> registry.registerAll(List.of(tool("fresh", "s2"), tool("taken", "s2"))))
        .isInstanceOf(DuplicateToolException.class);
    assertThat(registry.names()).containsExactly("taken");
    assertThat(registry.version()).isEqualTo(1);
    assertThat(heard).isEmpty();
  }

  @Test
  void registerAllRejectsTheSameNameTwiceInOneBatch() {
    ToolRegistry registry = new ToolRegistry();
    assertThatThrownBy(() -> registry.registerAll(List.of(tool("x", "s1"), tool("x", "s2"))))
        .isInstanceOf(DuplicateToolException.class)
        .hasMessageContaining("s1")
        .hasMessageContaining("s2");
    assertThat(registry.size()).isZero();
  }

  @Test
  void registerAllDeliversOneBatchOfEvents() {
    ToolRegistry registry = new ToolRegistry();
    List<List<RegistryEvent>> heard = new ArrayList<>();
    registry.addListener(heard::add);
    registry.registerAll(List.of(tool("a", "s"), tool("b", "s")));
    assertThat(heard).hasSize(1);
    assertThat(describe(heard.getFirst())).containsExactly("+a@1", "+b@2");
  }

  @Test
  void putReplacesAToolAndReturnsThePreviousOne() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("a", "s", "old"));
    List<RegistryEvent> heard = new ArrayList<>();
    registry.addListener(heard::addAll);
    assertThat(registry.put(tool("a", "s", "new")))
        .hasValueSatisfying(p -> assertThat(p.definition().description()).isEqualTo("old"));
    assertThat(heard)
        .singleElement()
        .isInstanceOfSatisfying(
            RegistryEvent.Replaced.class,
            r -> {
              assertThat(r.previous().description()).isEqualTo("old");
              assertThat(r.tool().description()).isEqualTo("new");
              assertThat(r.before()).contains(r.previous());
            });
  }

  @Test
  void removeReturnsTheToolAndIgnoresUnknownNames() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("a", "s"));
    assertThat(registry.remove("a")).isPresent();
    assertThat(registry.remove("a")).isEmpty();
    assertThat(registry.version()).isEqualTo(2);
  }

  @Test
  void replaceSourceAddsReplacesAndRemovesWithEvents() {
    ToolRegistry registry = new ToolRegistry();
    registry.registerAll(
        List.of(tool("keep", "mcp:x"), tool("change", "mcp:x", "v1"), tool("drop", "mcp:x")));
    registry.register(tool("other", "file:o.yaml"));
    List<List<RegistryEvent>> heard = new ArrayList<>();
    registry.addListener(heard::add);

    RegisteredTool keep = registry.get("keep").orElseThrow();
    registry.replaceSource(
        "mcp:x", List.of(keep, tool("change", "mcp:x", "v2"), tool("fresh", "mcp:x")));

    assertThat(registry.names()).containsExactly("change", "fresh", "keep", "other");
    assertThat(heard).hasSize(1);
    assertThat(describe(heard.getFirst())).containsExactly("~change@5", "+fresh@6", "-drop@7");
  }

  @Test
  void replaceSourceWithAnUnchangedListIsSilent() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("a", "s"));
    List<List<RegistryEvent>> heard = new ArrayList<>();
    registry.addListener(heard::add);
    registry.replaceSource("s", registry.list());
    assertThat(heard).isEmpty();
    assertThat(registry.version()).isEqualTo(1);
  }

  @Test
  void replaceSourceRefusesANameOwnedByAnotherSourceAndChangesNothing() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(tool("a", "s1"));
    registry.register(tool("mine", "s2"));
    assertThatThrownBy(() -> registry.replaceSource("s2", List.of(tool("a", "s2"))))
        .isInstanceOf(DuplicateToolException.class)
        .hasMessageContaining("s1");
    assertThat(registry.names()).containsExactly("a", "mine");
  }

  @Test
  void replaceSourceRefusesToolsLabelledWithAnotherSource() {
    ToolRegistry registry = new ToolRegistry();
    assertThatThrownBy(() -> registry.replaceSource("s1", List.of(tool("a", "s2"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("s2");
  }

  @Test
  void removeSourceRemovesOnlyThatSourcesTools() {
    ToolRegistry registry = new ToolRegistry();
    registry.registerAll(List.of(tool("a", "s1"), tool("b", "s1"), tool("c", "s2")));
    assertThat(registry.removeSource("s1")).isEqualTo(2);
    assertThat(registry.names()).containsExactly("c");
  }

  @Test
  void listenersHearChangesInTheOrderTheyHappened() {
    ToolRegistry registry = new ToolRegistry();
    List<String> heard = new ArrayList<>();
    registry.addListener(events -> heard.addAll(describe(events)));
    registry.register(tool("a", "s"));
    registry.put(tool("a", "s", "changed"));
    registry.register(tool("b", "s"));
    registry.remove("a");
    assertThat(heard).containsExactly("+a@1", "~a@2", "+b@3", "-a@4");
  }

  @Test
  void aFailingListenerDoesNotUndoTheChangeOrSilenceOthers() {
    ToolRegistry registry = new ToolRegistry();
    List<RegistryEvent> heard = new ArrayList<>();
    registry.addListener(
        events -> {
          throw new IllegalStateException("boom");
        });
    registry.addListener(heard::addAll);
    registry.register(tool("a", "s"));
    assertThat(registry.contains("a")).isTrue();
    assertThat(heard).hasSize(1);
  }

  @Test
  void aRemovedListenerHearsNothing() {
    ToolRegistry registry = new ToolRegistry();
    List<RegistryEvent> heard = new ArrayList<>();
    RegistryListener listener = heard::addAll;
    registry.addListener(listener);
    registry.removeListener(listener);
    registry.register(tool("a", "s"));
    assertThat(heard).isEmpty();
  }

  @Test
  void listenersSeeTheChangeAlreadyVisible() {
    ToolRegistry registry = new ToolRegistry();
    List<Boolean> visible = new ArrayList<>();
    registry.addListener(events -> visible.add(registry.contains("a")));
    registry.register(tool("a", "s"));
    assertThat(visible).containsExactly(true);
  }

  @Test
  void concurrentReadersAndWritersSeeConsistentSnapshots() throws Exception {
    ToolRegistry registry = new ToolRegistry();
    List<Long> versions = Collections.synchronizedList(new ArrayList<>());
    registry.addListener(events -> events.forEach(e -> versions.add(e.version())));
    int writers = 4;
    int perWriter = 50;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(writers + 2);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        String source = "s" + w;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < perWriter; i++) {
                    registry.register(tool(source + "_t" + i, source));
                  }
                  registry.replaceSource(
                      source,
                      registry.list().stream()
                          .filter(t -> t.definition().source().equals(source))
                          .filter(t -> t.name().endsWith("0"))
                          .toList());
                  return null;
                }));
      }
      for (int r = 0; r < 2; r++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < 2000; i++) {
                    List<RegisteredTool> list = registry.list();
                    // A snapshot is sorted and never holds a name twice.
                    assertThat(list)
                        .extracting(RegisteredTool::name)
                        .isSorted()
                        .doesNotHaveDuplicates();
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(registry.size()).isEqualTo(writers * 5);
    long expectedVersions = writers * perWriter + writers * (perWriter - 5L);
    assertThat(registry.version()).isEqualTo(expectedVersions);
    assertThat(versions).hasSize((int) expectedVersions).isSorted();
  }
}
