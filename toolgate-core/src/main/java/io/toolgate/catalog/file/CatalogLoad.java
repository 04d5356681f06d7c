package io.toolgate.catalog.file;

import io.toolgate.catalog.DuplicateToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What loading catalog files produced: the tools of every file that loaded cleanly, grouped by
 * source label ({@code file:<label>}), and every problem of the files that did not.
 *
 * <pre>{@code
 * CatalogLoad load = CatalogFiles.load(configDir, config.catalogs(), executors::executorFor);
 * load.problems().forEach(p -> log.warn("{}", p));  // or load.orThrow()
 * load.registerInto(registry);
 * }</pre>
 *
 * @param files every document read, in order
 * @param toolsBySource the tools of each clean document, by its source label, in file order
 * @param problems every problem, in file order; a document with problems contributes no tools
 */
public record CatalogLoad(
    List<CatalogFile> files,
    Map<String, List<RegisteredTool>> toolsBySource,
    List<CatalogProblem> problems) {

  public CatalogLoad {
    files = List.copyOf(files);
    toolsBySource = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(toolsBySource));
    problems = List.copyOf(problems);
  }

  /** Every loaded tool, in file order. */
  public List<RegisteredTool> tools() {
    List<RegisteredTool> out = new ArrayList<>();
    toolsBySource.values().forEach(out::addAll);
    return out;
  }

  /** Whether every document loaded without a problem. */
  public boolean ok() {
    return problems.isEmpty();
  }

  /**
   * This load, when it has no problems.
   *
   * @throws CatalogException listing every problem
   */
  public CatalogLoad orThrow() {
    if (!problems.isEmpty()) {
      throw new CatalogException(problems);
    }
    return this;
  }

  /**
   * Registers the tools: each document's tools replace that document's previous tools (so calling
   * it again after a reload applies the changes).
   *
   * @throws DuplicateToolException when a tool's name belongs to a source outside this load;
   *     nothing is registered then (unless another thread registers concurrently)
   */
  public void registerInto(ToolRegistry registry) {
    for (RegisteredTool tool : tools()) {
      registry
          .get(tool.name())
          .filter(existing -> !toolsBySource.containsKey(existing.definition().source()))
          .ifPresent(
              existing -> {
                throw new DuplicateToolException(
                    "tool '"
                        + tool.name()
                        + "' from "
                        + tool.definition().source()
                        + " clashes with the tool of that name from "
                        + existing.definition().source()
                        + "; rename one of them");
              });
    }
    toolsBySource.forEach(registry::replaceSource);
  }
}
