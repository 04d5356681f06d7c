package io.toolgate.cli;

import io.toolgate.config.ToolgateConfig;
import io.toolgate.json.Json;
import io.toolgate.server.auth.KeysFile;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.auth.StoreKeys;
import io.toolgate.store.EmbeddedRegistryStore;
import io.toolgate.store.RegistryStore;
import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

/**
 * {@code toolgate keys}: API keys kept in the store, so a key added once works on every replica of
 * a fleet (with {@code store.url}); on one machine they live in the data directory's store.
 */
@Command(
    name = "keys",
    mixinStandardHelpOptions = true,
    description = "List, add and remove API keys kept in the store (shared by a fleet).",
    subcommands = {KeysCommand.Add.class, KeysCommand.Remove.class},
    footer = {
      "",
      "Examples:",
      "  toolgate keys",
      "  toolgate keys add planner --scopes search,invoke --per-minute 600",
      "  toolgate keys remove planner"
    })
final class KeysCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (RegistryStore store = open(global)) {
      List<JsonNode> entries = StoreKeys.entries(store);
      if (entries.isEmpty()) {
        out.println("no API keys in " + store.describe() + " (add one with: toolgate keys add ID)");
      }
      for (JsonNode e : entries) {
        out.printf(
            "%-24s scopes %s%s%n",
            e.path("id").asString(),
            e.path("scopes"),
            e.has("rate_limit") ? "  rate_limit " + e.path("rate_limit") : "");
      }
      out.flush();
    }
    return 0;
  }

  /** The store of {@code store.url}, else the embedded store of the data directory. */
  static RegistryStore open(GlobalOptions global) {
    ToolgateConfig config = global.config();
    return SharedStore.open(config)
        .orElseGet(() -> EmbeddedRegistryStore.open(config.dataDir(global.dataDir())));
  }

  @Command(
      name = "add",
      mixinStandardHelpOptions = true,
      description = "Create a key and print its secret once (only its salted hash is stored).",
      footer = {"", "Examples:", "  toolgate keys add planner --scopes search,invoke"})
  static final class Add implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin GlobalOptions global;

    @Parameters(index = "0", paramLabel = "ID", description = "A name for logs and metrics.")
    String id;

    @Option(
        names = "--scopes",
        split = ",",
        paramLabel = "SCOPE",
        description = "search, invoke, admin (default: search,invoke).")
    List<String> scopes = List.of("search", "invoke");

    @Option(
        names = "--per-minute",
        paramLabel = "N",
        description = "Rate limit: N requests a minute, across the fleet when the store is shared.")
    Integer perMinute;

    @Override
    public Integer call() {
      Set<Scope> parsed = EnumSet.noneOf(Scope.class);
      scopes.forEach(s -> parsed.add(Scope.parse(s.strip())));
      String secret = KeysFile.generateKey();
      JsonNode rate = perMinute == null ? null : Json.object().put("per_minute", perMinute);
      try (RegistryStore store = open(global)) {
        StoreKeys.add(store, id, KeysFile.hash(secret), parsed, rate);
        PrintWriter out = spec.commandLine().getOut();
        out.println(secret);
        out.flush();
        spec.commandLine()
            .getErr()
            .println(
                "added key '"
                    + id
                    + "' to "
                    + store.describe()
                    + "; the secret above is shown only now");
      }
      return 0;
    }
  }

  @Command(
      name = "remove",
      mixinStandardHelpOptions = true,
      description = "Revoke a key on every replica that shares the store.",
      footer = {"", "Examples:", "  toolgate keys remove planner"})
  static final class Remove implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin GlobalOptions global;

    @Parameters(index = "0", paramLabel = "ID", description = "The key's id.")
    String id;

    @Override
    public Integer call() {
      try (RegistryStore store = open(global)) {
        if (!StoreKeys.remove(store, id)) {
          spec.commandLine().getErr().println("no key '" + id + "' in " + store.describe());
          return 1;
        }
        spec.commandLine().getOut().println("removed key '" + id + "'");
      }
      return 0;
    }
  }
}
