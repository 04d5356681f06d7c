package io.toolgate.cli;

import io.toolgate.ToolgateException;
import io.toolgate.config.ConfigException;
import io.toolgate.config.ConfigProblem;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.config.UnsetVariable;
import io.toolgate.config.UnsetVariables;
import io.toolgate.mcp.client.McpServersConfig;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.chat.ModelConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code validate} finds in the sections that {@code serve} hands to its modules ({@code
 * server}, {@code models}, {@code mcp_servers}, {@code store}): each read by the reader {@code
 * serve} uses, with nothing started and no database connected, from a config read with {@link
 * UnsetVariables#WARN}.
 *
 * <p>A value that uses an unset variable reads as its stand-in, so the rest of the section is still
 * checked; a problem a module then finds in that value (or in the entry holding it) says nothing
 * about the deployed value, and is left out: the variable's warning stands for it, with a note that
 * what follows it in the section was not read.
 */
final class SectionCheck {
  /** {@code mcp_servers[2] ('crm'): …}: the entry an MCP server problem is about. */
  private static final Pattern MCP_ENTRY = Pattern.compile("^mcp_servers\\[(\\d+)]");

  private static final Comparator<ConfigProblem> FILE_ORDER =
      Comparator.comparingInt(ConfigProblem::line).thenComparingInt(ConfigProblem::column);

  /**
   * @param problems what {@code serve} would refuse, in file order
   * @param unset the values that use an unset variable, in file order
   * @param notes where a module stopped reading at a value that uses an unset variable
   */
  record Findings(
      List<ConfigProblem> problems, List<UnsetVariable> unset, List<ConfigProblem> notes) {
    /** The errors: the problems, and with {@code strict} the unset variables too. */
    List<ConfigProblem> errors(boolean strict) {
      return strict ? inFileOrder(unset, problems) : problems;
    }

    /** The warnings: the notes, and without {@code strict} the unset variables too. */
    List<ConfigProblem> warnings(boolean strict) {
      return strict ? notes : inFileOrder(unset, notes);
    }

    /** The unset variables' places and {@code others}, a variable first where both share one. */
    private static List<ConfigProblem> inFileOrder(
        List<UnsetVariable> unset, List<ConfigProblem> others) {
      List<ConfigProblem> out = new ArrayList<>();
      unset.forEach(u -> out.add(u.where()));
      out.addAll(others);
      out.sort(FILE_ORDER);
      return List.copyOf(out);
    }
  }

  private SectionCheck() {}

  static Findings read(ToolgateConfig config) {
    List<ConfigProblem> found = new ArrayList<>();
    List<UnsetVariable> unset = new ArrayList<>(config.unsetVariables());
    check(found, () -> ServerSettings.fromConfig(config));
    check(found, () -> ModelConfig.fromConfig(config));
    unset.addAll(config.unsetVariablesIn("models"));
    StandInEnv mcpEnv = new StandInEnv();
    check(found, () -> mcpServers(config, mcpEnv));
    unset.addAll(mcpVariables(config, mcpEnv.unset));
    StandInEnv storeEnv = new StandInEnv();
    check(found, () -> SharedStore.read(config, storeEnv));
    unset.addAll(config.unsetVariablesIn("store"));
    storeEnv.unset.forEach(name -> unset.add(passwordEnv(config, name)));
    unset.sort(Comparator.comparing(UnsetVariable::where, FILE_ORDER));
    List<ConfigProblem> problems = new ArrayList<>();
    List<ConfigProblem> notes = new ArrayList<>();
    for (ConfigProblem p : found) {
      if (unset.stream().anyMatch(u -> readWithStandIn(p, u))) {
        notes.add(note(p));
      } else {
        problems.add(p);
      }
    }
    problems.sort(FILE_ORDER);
    return new Findings(List.copyOf(problems), List.copyOf(unset), List.copyOf(notes));
  }

  /** Runs one module's reader; its problem, located in the file, joins {@code found}. */
  private static void check(List<ConfigProblem> found, Runnable read) {
    try {
      read.run();
    } catch (ConfigException e) {
      found.addAll(e.problems());
    }
  }

  /**
   * Reads {@code mcp_servers} as the MCP module does; its problem, which names the server but not
   * the line, is placed at the server's entry.
   */
  private static void mcpServers(ToolgateConfig config, StandInEnv env) {
    try {
      McpServersConfig.parse(config.section("mcp_servers"), env);
    } catch (ConfigException e) {
      throw e;
    } catch (ToolgateException e) {
      Matcher m = MCP_ENTRY.matcher(e.getMessage());
      String pointer = m.find() ? "/mcp_servers/" + m.group(1) : "/mcp_servers";
      ConfigProblem at = config.error(pointer, e.getMessage()).problems().getFirst();
      throw new ConfigException(
          new ConfigProblem(at.file(), at.line(), at.column(), "", e.getMessage()));
    }
  }

  /** The key a problem is about: its own, or the MCP server entry its message names. */
  private static String scope(ConfigProblem p) {
    if (!p.key().isEmpty()) {
      return p.key();
    }
    Matcher m = MCP_ENTRY.matcher(p.message());
    return m.find() ? m.group() : "";
  }

  /**
   * Whether {@code p} is about the value {@code u} stood in for: at its key, or at the entry that
   * holds it ({@code models[0]} for {@code models[0].base_url}) with the stand-in in the message.
   */
  private static boolean readWithStandIn(ConfigProblem p, UnsetVariable u) {
    String scope = scope(p);
    String key = u.where().key();
    if (scope.isEmpty() || key.equals(scope)) {
      return !scope.isEmpty();
    }
    boolean inside = key.startsWith(scope + ".") || key.startsWith(scope + "[");
    return inside && p.message().contains(UnsetVariables.standIn(u.name()));
  }

  private static ConfigProblem note(ConfigProblem p) {
    return new ConfigProblem(
        p.file(),
        p.line(),
        p.column(),
        scope(p),
        "not checked past here: this value needs an unset variable; run `toolgate validate"
            + " --strict` where it is set to check the rest of the section");
  }

  /**
   * The unset variables the MCP module read (it takes {@code ${VAR}} from the environment itself),
   * located where the section uses them.
   */
  private static List<UnsetVariable> mcpVariables(ToolgateConfig config, Set<String> names) {
    List<UnsetVariable> out = new ArrayList<>();
    Set<String> located = new LinkedHashSet<>();
    for (UnsetVariable u : config.unsetVariablesIn("mcp_servers")) {
      if (names.contains(u.name())) {
        ConfigProblem w = u.where();
        String message = UnsetVariables.warning(u.name(), "export " + u.name());
        out.add(
            new UnsetVariable(
                u.name(), new ConfigProblem(w.file(), w.line(), w.column(), w.key(), message)));
        located.add(u.name());
      }
    }
    for (String name : names) {
      if (!located.contains(name)) {
        String message = UnsetVariables.warning(name, "export " + name);
        out.add(
            new UnsetVariable(name, config.error("/mcp_servers", message).problems().getFirst()));
      }
    }
    return out;
  }

  private static UnsetVariable passwordEnv(ToolgateConfig config, String name) {
    String message =
        "names "
            + name
            + ", which is not set; `toolgate serve` will fail unless it is set (export "
            + name
            + ")";
    return new UnsetVariable(
        name, config.error("/store/password_env", message).problems().getFirst());
  }

  /** The process environment, in which an unset variable reads as its stand-in and is noted. */
  private static final class StandInEnv implements UnaryOperator<String> {
    final Set<String> unset = new LinkedHashSet<>();

    @Override
    public String apply(String name) {
      String value = System.getenv(name);
      if (value == null) {
        unset.add(name);
        return UnsetVariables.standIn(name);
      }
      return value;
    }
  }
}
