package io.toolgate.catalog.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.config.ConfigException;
import io.toolgate.config.ConfigProblem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Catalog and config problems share one location form and one way of being listed. */
class FileProblemTest {

  @Test
  void catalogAndConfigProblemsLocateTheSameWay() {
    List<FileProblem> problems =
        List.of(
            new CatalogProblem("a.yaml", 3, 5, "/tools/0", "bad"),
            new ConfigProblem("toolgate.yaml", 3, 5, "search.limit", "bad"),
            new CatalogProblem("a.yaml", 3, 0, "", "bad"),
            new ConfigProblem("toolgate.yaml", 0, 7, "", "bad"));

    assertThat(problems)
        .extracting(FileProblem::location)
        .containsExactly("a.yaml:3:5", "toolgate.yaml:3:5", "a.yaml:3", "toolgate.yaml");
  }

  @Test
  void eachNamesTheValueAtFaultInItsOwnWay() {
    assertThat(new ConfigProblem("toolgate.yaml", 7, 3, "search.limit", "must be 1 to 20, got 50"))
        .hasToString("toolgate.yaml:7:3: search.limit: must be 1 to 20, got 50");
    assertThat(new ConfigProblem("toolgate.yaml", 0, 0, "", "no such file"))
        .hasToString("toolgate.yaml: no such file");
    assertThat(new CatalogProblem("a.yaml", 3, 5, "/tools/0", "tool 'x': bad"))
        .hasToString("a.yaml:3:5: tool 'x': bad [/tools/0]");
  }

  @Test
  void aLongListShowsTwentyAndCountsTheRest() {
    List<ConfigProblem> problems = new ArrayList<>();
    for (int i = 1; i <= 23; i++) {
      problems.add(new ConfigProblem("toolgate.yaml", i, 1, "k" + i, "bad"));
    }

    String message = new ConfigException(problems).getMessage();

    assertThat(message)
        .startsWith("23 problems in the config:\n  toolgate.yaml:1:1: k1: bad\n")
        .contains("  toolgate.yaml:20:1: k20: bad\n")
        .doesNotContain("k21")
        .endsWith("\n  … and 3 more");
  }

  @Test
  void aCatalogExceptionListsEveryProblemUnderOneHeader() {
    CatalogException e =
        new CatalogException(
            List.of(
                new CatalogProblem("a.yaml", 1, 1, "", "one"),
                new CatalogProblem("b.yaml", 2, 3, "/tools/1", "two")));

    assertThat(e)
        .hasMessage(
            "2 problems in catalog files:\n  a.yaml:1:1: one\n  b.yaml:2:3: two [/tools/1]");
  }
}
