package io.toolgate.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProviderNamesTest {
  private static final String LONG =
      "acme.enterprise.customer_relationship_management.accounts.search_by_industry_and_region";

  @Test
  void keepsNamesTheProviderAccepts() {
    ProviderNames names = ProviderNames.of(NameRule.OPENAI, List.of("time_now", "git-log", "A1"));

    assertThat(names.table())
        .containsEntry("time_now", "time_now")
        .containsEntry("git-log", "git-log")
        .containsEntry("A1", "A1");
    assertThat(names.renamesAny()).isFalse();
  }

  @Test
  void replacesDotsWithUnderscores() {
    ProviderNames names = ProviderNames.of(NameRule.ANTHROPIC, List.of("github.search_issues"));

    assertThat(names.providerName("github.search_issues")).isEqualTo("github_search_issues");
    assertThat(names.toolName("github_search_issues")).contains("github.search_issues");
  }

  @Test
  void shortensLongNamesWithAHashSuffix() {
    ProviderNames names = ProviderNames.of(NameRule.OPENAI, List.of(LONG));

    String mapped = names.providerName(LONG);
    assertThat(mapped).hasSize(64).matches("[a-zA-Z0-9_-]{1,64}");
    assertThat(mapped).startsWith("acme_enterprise_customer_relationship_management_");
    assertThat(mapped).matches(".*_[0-9a-f]{8}");
    assertThat(names.toolName(mapped)).contains(LONG);
  }

  @Test
  void aValidNameKeepsItsNameWhenAMappedNameWouldCollideWithIt() {
    ProviderNames names = ProviderNames.of(NameRule.OPENAI, List.of("crm.search", "crm_search"));

    assertThat(names.providerName("crm_search")).isEqualTo("crm_search");
    assertThat(names.providerName("crm.search")).matches("crm_search_[0-9a-f]{8}");
    assertThat(names.toolName(names.providerName("crm.search"))).contains("crm.search");
    assertThat(names.toolName("crm_search")).contains("crm_search");
  }

  @Test
  void twoInvalidNamesThatSanitizeAlikeGetDistinctNames() {
    ProviderNames names = ProviderNames.of(NameRule.OPENAI, List.of("a.b_c", "a_b.c"));

    assertThat(names.providerName("a.b_c")).isEqualTo("a_b_c"); // first in sorted order
    assertThat(names.providerName("a_b.c")).matches("a_b_c_[0-9a-f]{8}");
  }

  @Test
  void theTableDependsOnlyOnTheSetOfNames() {
    List<String> input = new ArrayList<>(List.of("x.y_z", "x_y.z", "x_y_z", LONG, "plain"));
    ProviderNames first = ProviderNames.of(NameRule.OPENAI, input);
    Collections.reverse(input);

    assertThat(ProviderNames.of(NameRule.OPENAI, input).table()).isEqualTo(first.table());
  }

  @Test
  void roundTripsManyAwkwardNamesWithoutCollisions() {
    Random random = new Random(42);
    Set<String> tools = new HashSet<>();
    String alphabet = "ab._-";
    while (tools.size() < 2000) {
      StringBuilder name = new StringBuilder();
      int length = 1 + random.nextInt(random.nextBoolean() ? 6 : 120);
      for (int i = 0; i < length; i++) {
        name.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      tools.add(name.toString());
    }
    for (NameRule rule : List.of(NameRule.OPENAI, NameRule.GEMINI)) {
      ProviderNames names = ProviderNames.of(rule, tools);
      Set<String> seen = new HashSet<>();
      for (String tool : tools) {
        String mapped = names.providerName(tool);
        assertThat(rule.accepts(mapped)).as("%s accepts %s", rule.id(), mapped).isTrue();
        assertThat(seen.add(mapped)).as("unique %s", mapped).isTrue();
        assertThat(names.toolName(mapped)).contains(tool);
      }
    }
  }

  @Test
  void geminiNamesStartWithALetterOrUnderscore() {
    ProviderNames names = ProviderNames.of(NameRule.GEMINI, List.of("3d_render", "-x"));

    assertThat(names.providerName("3d_render")).isEqualTo("_3d_render");
    assertThat(names.providerName("-x")).isEqualTo("_-x");
    assertThat(NameRule.OPENAI.accepts("3d_render")).isTrue();
  }

  @Test
  void mcpKeepsEveryToolgateName() {
    ProviderNames names = ProviderNames.of(NameRule.MCP, List.of(LONG, "a.b"));

    assertThat(names.renamesAny()).isFalse();
  }

  @Test
  void resolvesAnUnmappedOriginalNameToItself() {
    ProviderNames names = ProviderNames.of(NameRule.OPENAI, List.of("github.search"));

    assertThat(names.toolName("github.search")).contains("github.search");
    assertThat(names.toolName("nothing_like_it")).isEmpty();
  }

  @Test
  void refusesANameOutsideTheTable() {
    ProviderNames names = ProviderNames.of(NameRule.OPENAI, List.of("a"));

    assertThatThrownBy(() -> names.providerName("b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tool 'b'")
        .hasMessageContaining("openai");
  }
}
