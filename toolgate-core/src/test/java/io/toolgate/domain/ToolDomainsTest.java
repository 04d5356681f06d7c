package io.toolgate.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ToolgateException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.spi.ToolDomain;
import io.toolgate.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolDomainsTest {

  private static ToolDomain domain(String name, String... tools) {
    return new ToolDomain() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return name + " tools";
      }

      @Override
      public List<RegisteredTool> tools() {
        return java.util.Arrays.stream(tools)
            .map(
                t ->
                    new RegisteredTool(
                        ToolDefinition.builder(t, Json.parse("{\"type\":\"object\"}")).build(),
                        call -> Json.object()))
            .toList();
      }
    };
  }

  @Test
  void discoversTheCoreDomainWithServiceLoader() {
    assertThat(ToolDomains.discover().find("core")).isPresent();
  }

  @Test
  void domainsCanBeRegisteredByHandAndAreListedByName() {
    ToolDomains domains = new ToolDomains().register(domain("weather")).register(domain("crm"));
    assertThat(domains.available()).extracting(ToolDomain::name).containsExactly("crm", "weather");
  }

  @Test
  void twoDomainsWithOneNameAreAnError() {
    ToolDomains domains = new ToolDomains().register(domain("crm"));
    assertThatThrownBy(() -> domains.register(domain("crm")))
        .isInstanceOf(ToolgateException.class)
        .hasMessageContaining("'crm'");
  }

  @Test
  void toolsAreLabelledWithTheirDomain() {
    ToolDomains domains = new ToolDomains().register(domain("crm", "crm_find", "crm_update"));
    assertThat(domains.tools(List.of("crm")))
        .extracting(t -> t.definition().source())
        .containsOnly("domain:crm");
  }

  @Test
  void anUnknownDomainIsAnErrorListingTheAvailableOnes() {
    ToolDomains domains = new ToolDomains().register(domain("core")).register(domain("crm"));
    assertThatThrownBy(() -> domains.tools(List.of("cor")))
        .isInstanceOf(ToolgateException.class)
        .hasMessageContaining("unknown tool domain 'cor'")
        .hasMessageContaining("did you mean 'core'?")
        .hasMessageContaining("available: core (core tools), crm (crm tools)")
        .hasMessageContaining("TOOLGATE_DOMAINS");
  }

  @Test
  void theConfigListWinsOverTheEnvironment() {
    assertThat(
            ToolDomains.enabledNames(
                Optional.of(List.of("crm")), Map.of(ToolDomains.ENV, "core,weather")))
        .containsExactly("crm");
  }

  @Test
  void theEnvironmentIsReadCommaSeparatedWhenTheConfigIsSilent() {
    assertThat(
            ToolDomains.enabledNames(
                Optional.empty(), Map.of(ToolDomains.ENV, " core , crm,,core")))
        .containsExactly("core", "crm");
  }

  @Test
  void coreIsTheDefault() {
    assertThat(ToolDomains.enabledNames(Optional.empty(), Map.of())).containsExactly("core");
    assertThat(ToolDomains.enabledNames(Optional.empty(), Map.of(ToolDomains.ENV, " ")))
        .containsExactly("core");
  }

  @Test
  void noneEnablesNoDomain() {
    assertThat(ToolDomains.enabledNames(Optional.empty(), Map.of(ToolDomains.ENV, "none")))
        .isEmpty();
    assertThat(ToolDomains.enabledNames(Optional.of(List.of()), Map.of())).isEmpty();
  }
}
