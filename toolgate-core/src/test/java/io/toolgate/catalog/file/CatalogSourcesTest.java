package io.toolgate.catalog.file;

import static io.toolgate.catalog.file.CatalogFilesTest.EXECUTORS;
import static io.toolgate.catalog.file.CatalogFilesTest.GOOD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.DuplicateToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.RegistryEvent;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where catalog documents come from: globs, folders, class-path resources; and registration. */
class CatalogSourcesTest {
  @TempDir Path dir;

  private void write(String name, String toolName) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(
        file, "tools:\n  - {name: " + toolName + ", parameters: {type: object}, command: [x]}\n");
  }

  private List<String> labels(List<String> patterns) {
    return CatalogFiles.load(dir, patterns, EXECUTORS).files().stream()
        .map(CatalogFile::label)
        .toList();
  }

  @Test
  void aGlobMatchesFilesRelativeToTheConfigFolder() throws IOException {
    write("tools/b.yaml", "b");
    write("tools/a.yaml", "a");
    write("tools/nested/c.yaml", "c");
    write("tools/notes.txt", "x");
    assertThat(labels(List.of("tools/*.yaml"))).containsExactly("tools/a.yaml", "tools/b.yaml");
  }

  @Test
  void doubleStarCrossesFoldersAndIncludesTheTopOne() throws IOException {
    write("tools/a.yaml", "a");
    write("tools/nested/deeper/c.yaml", "c");
    assertThat(labels(List.of("tools/**/*.yaml")))
        .containsExactly("tools/a.yaml", "tools/nested/deeper/c.yaml");
    assertThat(labels(List.of("**.yaml"))).hasSize(2);
  }

  @Test
  void aFolderEntryTakesItsCatalogFiles() throws IOException {
    write("tools/a.yaml", "a");
    write("tools/b.json", "b");
    write("tools/c.txt", "c");
    assertThat(labels(List.of("tools"))).containsExactly("tools/a.yaml", "tools/b.json");
  }

  @Test
  void aPlainPathKeepsItsLabelAndFilesAreNotRepeated() throws IOException {
    write("tools/a.yaml", "a");
    CatalogLoad load = CatalogFiles.load(dir, List.of("tools/a.yaml", "tools/*.yaml"), EXECUTORS);
    assertThat(load.files()).extracting(CatalogFile::label).containsExactly("tools/a.yaml");
    assertThat(load.tools().getFirst().definition().source()).isEqualTo("file:tools/a.yaml");
  }

  @Test
  void anEntryThatMatchesNothingIsAProblem() {
    CatalogLoad load = CatalogFiles.load(dir, List.of("tools/*.yaml", "missing.yaml"), EXECUTORS);
    assertThat(load.problems())
        .extracting(CatalogProblem::message)
        .satisfiesExactly(
            m -> assertThat(m).contains("no catalog file matches 'tools/*.yaml'"),
            m -> assertThat(m).contains("catalog file not found: 'missing.yaml'"));
  }

  @Test
  void anAbsoluteGlobIsReadAsIs() throws IOException {
    write("abs/a.yaml", "a");
    assertThat(labels(List.of(dir.resolve("abs").toAbsolutePath() + "/*.yaml"))).hasSize(1);
  }

  @Test
  void resourcesAreListedByTheFoldersIndex() {
    List<CatalogFile> files =
        CatalogFiles.resources(getClass().getClassLoader(), CatalogFiles.DEMO_FOLDER);
    assertThat(files).isNotEmpty();
    assertThat(files.getFirst().label()).startsWith("classpath:io/toolgate/demo/");
  }

  @Test
  void aFolderWithoutAnIndexIsAnError() {
    assertThatThrownBy(() -> CatalogFiles.resources(getClass().getClassLoader(), "no/such/folder"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("index.txt");
  }

  @Test
  void theEmbeddedDemoLoadsWithoutProblems() {
    CatalogLoad demo = CatalogFiles.loadDemo(EXECUTORS);
    assertThat(demo.problems()).isEmpty();
    assertThat(demo.tools()).hasSizeGreaterThanOrEqualTo(150);
    assertThat(demo.toolsBySource().keySet())
        .allSatisfy(source -> assertThat(source).startsWith("file:classpath:io/toolgate/demo/"));
  }

  @Test
  void theDemoLoadsWithTheRealExecutorFactory() {
    ExecutorFactory executors = ExecutorFactory.builder().environment(name -> null).build();
    CatalogLoad demo = CatalogFiles.loadDemo(executors::executorFor);
    assertThat(demo.problems()).isEmpty();
    assertThat(demo.tools()).hasSizeGreaterThanOrEqualTo(150);
  }

  @Test
  void aClasspathEntryLoadsAResourceFolderOrFile() {
    assertThat(CatalogFiles.load(dir, List.of(CatalogFiles.DEMO), EXECUTORS).tools())
        .hasSizeGreaterThanOrEqualTo(150);
    CatalogLoad weather =
        CatalogFiles.load(dir, List.of("classpath:io/toolgate/demo/weather.yaml"), EXECUTORS);
    assertThat(weather.problems()).isEmpty();
    assertThat(weather.toolsBySource())
        .containsOnlyKeys("file:classpath:io/toolgate/demo/weather.yaml");
    assertThat(CatalogFiles.load(dir, List.of("classpath:no/such"), EXECUTORS).problems())
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("no catalog index"));
  }

  @Test
  void registeringAgainAfterAnEditAppliesOnlyTheChanges() {
    ToolRegistry registry = new ToolRegistry();
    List<RegistryEvent> events = new ArrayList<>();
    CatalogFiles.loadFiles(List.of(CatalogFile.text("t.yaml", GOOD)), EXECUTORS)
        .registerInto(registry);
    registry.addListener(events::addAll);
    String edited =
        GOOD.replace("Current weather for a city.", "Weather now.")
            .replace("  - name: csv_stats", "  - name: csv_summary");
    CatalogFiles.loadFiles(List.of(CatalogFile.text("t.yaml", edited)), EXECUTORS)
        .registerInto(registry);
    assertThat(registry.names()).containsExactly("csv_summary", "weather_current");
    assertThat(events)
        .extracting(e -> e.getClass().getSimpleName() + " " + e.tool().name())
        .containsExactly("Replaced weather_current", "Added csv_summary", "Removed csv_stats");
  }

  @Test
  void registeringAToolOwnedByAnotherSourceChangesNothing() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(
        new RegisteredTool(
            ToolDefinition.builder("csv_stats", Json.parse("{\"type\":\"object\"}"))
                .source("mcp:data")
                .build(),
            call -> Json.object()));
    CatalogLoad load = CatalogFiles.loadFiles(List.of(CatalogFile.text("t.yaml", GOOD)), EXECUTORS);
    assertThatThrownBy(() -> load.registerInto(registry))
        .isInstanceOf(DuplicateToolException.class)
        .hasMessageContaining("mcp:data");
    assertThat(registry.names()).containsExactly("csv_stats");
  }

  @Test
  void problemsPrintLikeCompilerMessages() {
    assertThat(new CatalogProblem("a.yaml", 3, 5, "/tools/0", "bad"))
        .hasToString("a.yaml:3:5: bad [/tools/0]");
    assertThat(new CatalogProblem("a.yaml", 0, 0, "", "unreadable"))
        .hasToString("a.yaml: unreadable");
  }
}
