package io.toolgate.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each renderer against its expected output in {@code src/test/resources/golden/}. Run with {@code
 * -Dtoolgate.golden.update=true} to rewrite the files after an intended change, then review the
 * diff.
 */
class FormatGoldenTest {
  private static final boolean UPDATE = Boolean.getBoolean("toolgate.golden.update");

  @ParameterizedTest
  @EnumSource(Format.class)
  void rendersTheGoldenToolsAsExpected(Format format) throws IOException {
    RenderedTools rendered = format.render(SampleTools.golden());
    String file = "golden/" + format.id() + (format.isJson() ? ".json" : ".xml");
    if (UPDATE) {
      Files.writeString(
          Path.of("src/test/resources", file), rendered.pretty(), StandardCharsets.UTF_8);
    }
    String expected = SampleTools.resource(file);
    if (format.isJson()) {
      assertThat(Json.canonical(rendered.json().orElseThrow()))
          .isEqualTo(Json.canonical(Json.parse(expected)));
    } else {
      assertThat(rendered.text()).isEqualTo(expected);
    }
  }
}
