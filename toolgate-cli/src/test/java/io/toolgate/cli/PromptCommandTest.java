package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class PromptCommandTest {
  @TempDir Path dataDir;

  /** The {@code <tools>} blocks of a prompt, parsed as XML (so the output is well-formed). */
  static List<Element> toolsBlocks(String prompt) throws Exception {
    Element root =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new InputSource(new StringReader("<prompt>" + prompt + "</prompt>")))
            .getDocumentElement();
    NodeList blocks = root.getElementsByTagName("tools");
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < blocks.getLength(); i++) {
      out.add((Element) blocks.item(i));
    }
    return out;
  }

  static List<String> toolNames(Element block) {
    NodeList tools = block.getElementsByTagName("tool");
    List<String> names = new ArrayList<>();
    for (int i = 0; i < tools.getLength(); i++) {
      names.add(((Element) tools.item(i)).getAttribute("name"));
    }
    return names;
  }

  @Test
  void printsEveryToolOnceInWellFormedXmlBlocksPerSandbox() throws Exception {
    Cli cli = new Cli(dataDir);
    Cli.Run run = cli.run("prompt");

    assertThat(run.exitCode()).isZero();
    List<Element> blocks = toolsBlocks(run.out());
    assertThat(blocks).extracting(b -> b.getAttribute("sandbox")).contains("analytics", "default");
    List<String> names = blocks.stream().flatMap(b -> toolNames(b).stream()).toList();
    assertThat(names).doesNotHaveDuplicates().contains("weather_current", "time_now");
    assertThat(names).hasSize(cli.json("list", "--json").size());
  }

  @Test
  void sandboxPrintsOnlyThatSandboxsTools() throws Exception {
    Cli.Run run = new Cli(dataDir).run("prompt", "--sandbox", "analytics");

    assertThat(run.exitCode()).isZero();
    List<Element> blocks = toolsBlocks(run.out());
    assertThat(blocks)
        .singleElement()
        .satisfies(b -> assertThat(b.getAttribute("sandbox")).isEqualTo("analytics"));
    assertThat(toolNames(blocks.getFirst()))
        .contains("analytics_csv_summary")
        .doesNotContain("weather_current");
  }

  @Test
  void unknownSandboxListsTheConfiguredOnes() {
    Cli.Run run = new Cli(dataDir).run("prompt", "--sandbox", "nope");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("'nope'").contains("analytics");
  }
}
