package io.toolgate.config;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.file.CatalogFiles;
import io.toolgate.catalog.file.CatalogLoad;
import io.toolgate.domain.ToolDomains;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import io.toolgate.sandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gateway configuration, read from {@code toolgate.yaml}; every key is optional.
 *
 * <pre>{@code
 * ToolgateConfig config = ToolgateConfig.load(Path.of("toolgate.yaml"));
 * registry.registerAll(ToolDomains.discover().tools(config.enabledDomains()));
 * config.loadCatalogs(executors::executorFor).orThrow().registerInto(registry);
 * JsonNode servers = config.expandedSection("mcp_servers");   // parsed by the MCP module
 * }</pre>
 *
 * <p>Typed sections: {@code embeddings} ({@link EmbeddingConfig}; absent means the default local
 * model, {@code []} means none), {@code search} ({@link SearchConfig}), {@code domains} (absent
 * means {@code TOOLGATE_DOMAINS}, else {@code core}), {@code sandboxes} ({@link SandboxConfig}),
 * {@code catalogs} (globs relative to the file's folder, or {@code classpath:} folders) and {@code
 * data_dir}. The other sections ({@code mcp_servers}, {@code server}, {@code models}) are kept as
 * trees for their modules: {@link #section} and {@link #expandedSection}. Unknown top-level keys
 * are errors. {@code ${NAME}} (and {@code ${NAME:-fallback}}) is expanded in embedding options,
 * {@code data_dir} and {@link #expandedSection}s; never in catalog files, whose {@code ${SECRET}}
 * templates are filled per call. An unset variable without a fallback is a problem at its line, or,
 * read with {@link UnsetVariables#WARN} ({@code toolgate validate}), an {@link UnsetVariable}
 * ({@link #unsetVariables()}, {@link #unsetVariablesIn}) and a stand-in value.
 *
 * <p>Every problem is reported at once, as a {@link ConfigException} naming file, line, column and
 * key. Immutable and thread-safe.
 */
public final class ToolgateConfig {
  /** The file name looked for in the working directory. */
  public static final String FILE_NAME = "toolgate.yaml";

  /** The top-level keys. */
  public static final List<String> SECTIONS =
      List.of(
          "embeddings",
          "search",
          "domains",
          "sandboxes",
          "catalogs",
          "mcp_servers",
          "server",
          "models",
          "store",
          "data_dir");

  /**
   * The first embedder of the defaults (and of configs without {@code embeddings:}): the cheap one,
   * which embeds every search's query.
   */
  public static final String FIRST_EMBEDDING_MODEL = "local:all-minilm-l6-v2";

  /** The name of the first default embedder. */
  public static final String FIRST_EMBEDDING_NAME = "minilm";

  /**
   * The second embedder of the defaults: another view of the same tools, stronger and slower, run
   * where the first leaves a search unsure.
   */
  public static final String SECOND_EMBEDDING_MODEL = "local:bge-small-en-v1.5";

  /** The name of the second default embedder ({@code local}, its name since the first release). */
  public static final String SECOND_EMBEDDING_NAME = "local";

  /** The environment variable naming the data directory. */
  public static final String DATA_ENV = "TOOLGATE_DATA";

  private final Optional<Path> file;
  private final String label;
  private final Path baseDir;
  private final ObjectNode tree;
  private final String text;
  private final UnaryOperator<String> env;
  private final UnsetVariables unset;
  private final List<UnsetVariable> unsetVariables;
  private final List<EmbeddingConfig> embeddings;
  private final SearchConfig search;
  private final Optional<List<String>> domains;
  private final List<SandboxConfig> sandboxes;
  private final List<String> catalogs;
  private final Optional<String> dataDir;

  private ToolgateConfig(
      Optional<Path> file,
      String label,
      Path baseDir,
      String text,
      ObjectNode tree,
      UnaryOperator<String> env,
      UnsetVariables unset) {
    this.file = file;
    this.label = label;
    this.baseDir = baseDir;
    this.text = text;
    this.tree = tree;
    this.env = env;
    this.unset = unset;
    ConfigReader r = new ConfigReader(label, text, env, unset);
    r.checkTopLevel(tree);
    this.embeddings = r.embeddings(tree.get("embeddings")).orElse(EmbeddingConfig.defaults());
    this.search = r.search(tree.get("search"));
    this.domains = r.domains(tree.get("domains"));
    this.sandboxes = List.copyOf(r.sandboxes(tree.get("sandboxes")));
    this.catalogs = List.copyOf(r.catalogs(tree.get("catalogs")));
    this.dataDir = r.dataDir(tree.get("data_dir"));
    r.checkShape(tree.get("mcp_servers"), "mcp_servers", true);
    r.checkShape(tree.get("models"), "models", true);
    r.checkShape(tree.get("server"), "server", false);
    r.checkShape(tree.get("store"), "store", false);
    if (!r.problems().isEmpty()) {
      throw new ConfigException(r.problems());
    }
    this.unsetVariables = List.copyOf(r.unsetVariables());
  }

  /**
   * Reads a config file, expanding {@code ${NAME}} from the process environment.
   *
   * @throws ConfigException naming the file, line and key of every problem
   */
  public static ToolgateConfig load(Path file) {
    return load(file, System::getenv);
  }

  /** Reads a config file, expanding {@code ${NAME}} from {@code env}. */
  public static ToolgateConfig load(Path file, UnaryOperator<String> env) {
    return load(file, env, UnsetVariables.FAIL);
  }

  /**
   * Reads a config file, expanding {@code ${NAME}} from {@code env}; with {@link
   * UnsetVariables#WARN} an unset variable is an {@link UnsetVariable} instead of a problem.
   */
  public static ToolgateConfig load(Path file, UnaryOperator<String> env, UnsetVariables unset) {
    String text = ConfigTree.read(file);
    Path dir = file.toAbsolutePath().getParent();
    return parse(text, file.toString(), Optional.of(file), dir, env, unset);
  }

  /**
   * Reads config text, e.g. from a test or an API; {@code baseDir} anchors relative paths.
   *
   * @throws ConfigException naming {@code label}, line and key of every problem
   */
  public static ToolgateConfig parse(
      String yaml, String label, Path baseDir, UnaryOperator<String> env) {
    return parse(yaml, label, Optional.empty(), baseDir, env, UnsetVariables.FAIL);
  }

  private static ToolgateConfig parse(
      String yaml,
      String label,
      Optional<Path> file,
      Path baseDir,
      UnaryOperator<String> env,
      UnsetVariables unset) {
    ObjectNode object = ConfigTree.parse(yaml, label);
    return new ToolgateConfig(file, label, baseDir, yaml, object, env, unset);
  }

  /**
   * The embedded defaults: the demo catalog, the default domains ({@code TOOLGATE_DOMAINS}, else
   * {@code core}), the default local embedder, search defaults.
   */
  public static ToolgateConfig defaults() {
    return defaults(System::getenv);
  }

  /** {@link #defaults()} reading {@code env}. */
  public static ToolgateConfig defaults(UnaryOperator<String> env) {
    // The demo's command tools run in the "analytics" sandbox: declare it with the catalog.
    String yaml = "catalogs: [\"" + CatalogFiles.DEMO + "\"]\nsandboxes: [{name: analytics}]\n";
    return parse(yaml, "(embedded defaults)", Path.of("").toAbsolutePath(), env);
  }

  /**
   * The config a command uses: {@code explicit} when given, else {@code ./toolgate.yaml} when it
   * exists, else {@link #defaults()}.
   */
  public static ToolgateConfig resolve(Optional<Path> explicit, Path workingDir) {
    return resolve(explicit, workingDir, UnsetVariables.FAIL);
  }

  /** {@link #resolve(Optional, Path)}, reading unset variables with {@code unset}. */
  public static ToolgateConfig resolve(
      Optional<Path> explicit, Path workingDir, UnsetVariables unset) {
    Optional<Path> file =
        explicit.or(() -> Optional.of(workingDir.resolve(FILE_NAME)).filter(Files::isRegularFile));
    return file.isPresent() ? load(file.get(), System::getenv, unset) : defaults();
  }

  /** The file read; empty for the defaults and parsed text. */
  public Optional<Path> file() {
    return file;
  }

  /** How the config is named in messages: the path as given, or {@code (embedded defaults)}. */
  public String label() {
    return label;
  }

  /** The folder relative paths are read from: the config file's folder. */
  public Path baseDir() {
    return baseDir;
  }

  /**
   * The embedders search uses, in order (the first feeds the {@code vector} channel, the others
   * {@code vector:<model>}); the two default local ones when the file has no {@code embeddings:}.
   */
  public List<EmbeddingConfig> embeddings() {
    return embeddings;
  }

  /** The {@code search:} section, defaults filled in. */
  public SearchConfig search() {
    return search;
  }

  /** The {@code domains:} list, when the file has one. */
  public Optional<List<String>> domains() {
    return domains;
  }

  /** The domains to enable: {@code domains:}, else {@code TOOLGATE_DOMAINS}, else {@code core}. */
  public List<String> enabledDomains() {
    Map<String, String> environment = new HashMap<>();
    String value = env.apply(ToolDomains.ENV);
    if (value != null) {
      environment.put(ToolDomains.ENV, value);
    }
    return ToolDomains.enabledNames(domains, environment);
  }

  /** The {@code sandboxes:} list. */
  public List<SandboxConfig> sandboxes() {
    return sandboxes;
  }

  /** The {@code catalogs:} entries as written. */
  public List<String> catalogs() {
    return catalogs;
  }

  /** Loads the catalog files of {@link #catalogs()}, relative to {@link #baseDir()}. */
  public CatalogLoad loadCatalogs(Function<ToolDefinition, ToolExecutor> executors) {
    return CatalogFiles.load(baseDir, catalogs, executors);
  }

  /** The {@code data_dir:} value, {@code ${NAME}} expanded, when set. */
  public Optional<String> dataDir() {
    return dataDir;
  }

  /**
   * The data directory: {@code flag} ({@code --data-dir}) &gt; {@code data_dir:} (relative to the
   * config's folder) &gt; {@code $TOOLGATE_DATA} &gt; {@code ~/.toolgate}. A leading {@code ~/} is
   * the user's home.
   */
  public Path dataDir(Optional<Path> flag) {
    return dataDir(flag, dataDir, baseDir, env, Path.of(System.getProperty("user.home")));
  }

  /** The data-directory rule of {@link #dataDir(Optional)}, with every input explicit. */
  public static Path dataDir(
      Optional<Path> flag,
      Optional<String> configured,
      Path baseDir,
      UnaryOperator<String> env,
      Path home) {
    return DataDirectory.resolve(flag, configured, baseDir, env, home);
  }

  /** A top-level section as written (no expansion); a missing node when absent. */
  public JsonNode section(String name) {
    requireSection(name);
    JsonNode node = tree.get(name);
    return node == null ? MissingNode.getInstance() : node;
  }

  /**
   * A top-level section with {@code ${NAME}} expanded in every string (for {@code url}s and {@code
   * headers} of {@code mcp_servers}, {@code base_url} of {@code models}, …). Read with {@link
   * UnsetVariables#WARN}, an unset variable reads as its {@link UnsetVariables#standIn}.
   *
   * @throws ConfigException naming the file, line and key of an unset variable
   */
  public JsonNode expandedSection(String name) {
    JsonNode raw = section(name);
    if (raw.isMissingNode()) {
      return raw;
    }
    List<ConfigProblem> problems = new ArrayList<>();
    Optional<JsonNode> expanded = expander(problems).expandTree(raw, "/" + name);
    if (expanded.isEmpty()) {
      throw new ConfigException(problems);
    }
    return expanded.get();
  }

  /**
   * The uses of unset variables in the typed sections ({@code embeddings} options, {@code
   * data_dir}), in file order; empty unless read with {@link UnsetVariables#WARN} (with {@link
   * UnsetVariables#FAIL} they are problems).
   */
  public List<UnsetVariable> unsetVariables() {
    return unsetVariables;
  }

  /**
   * The uses of unset variables in {@code section} as {@link #expandedSection} reads it, in file
   * order; empty unless read with {@link UnsetVariables#WARN}.
   */
  public List<UnsetVariable> unsetVariablesIn(String section) {
    JsonNode raw = section(section);
    VariableExpander expander = expander(new ArrayList<>());
    if (!raw.isMissingNode()) {
      expander.expandTree(raw, "/" + section);
    }
    return List.copyOf(expander.unset());
  }

  private VariableExpander expander(List<ConfigProblem> problems) {
    return new VariableExpander(new ConfigLocator(label, text), env, unset, problems);
  }

  /**
   * An error about a value of this config, located by its JSON Pointer, for the modules that parse
   * their own sections: {@code throw config.error("/mcp_servers/1/url", "must be http(s)")}.
   */
  public ConfigException error(String pointer, String message) {
    return new ConfigException(new ConfigLocator(label, text).at(pointer, message));
  }

  /**
   * {@code e}, an error a module found in one of this config's sections (read with an {@link
   * OptionReader}), located in the file: {@code toolgate.yaml:4:9: server.port: must be …}.
   */
  public ConfigException error(OptionException e) {
    return error(e.pointer(), e.detail());
  }

  /** A copy with other {@code catalogs:} entries. */
  public ToolgateConfig withCatalogs(List<String> entries) {
    ObjectNode copy = tree.deepCopy();
    copy.set("catalogs", Json.tree(List.copyOf(entries)));
    return new ToolgateConfig(file, label, baseDir, text, copy, env, unset);
  }

  /** A copy with another {@code domains:} list. */
  public ToolgateConfig withDomains(List<String> names) {
    ObjectNode copy = tree.deepCopy();
    copy.set("domains", Json.tree(List.copyOf(names)));
    return new ToolgateConfig(file, label, baseDir, text, copy, env, unset);
  }

  private static void requireSection(String name) {
    Objects.requireNonNull(name, "name");
    if (!SECTIONS.contains(name)) {
      throw new IllegalArgumentException(
          "unknown config section '" + name + "'; known: " + SECTIONS);
    }
  }

  @Override
  public String toString() {
    return "ToolgateConfig[" + label + "]";
  }
}
