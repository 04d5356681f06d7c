package io.toolgate.invoke;

import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.invoke.command.CommandRuntime;
import io.toolgate.invoke.command.CommandToolExecutor;
import io.toolgate.invoke.http.HttpToolExecutor;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.sandbox.Sandboxes;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Builds the executor of a declared tool: {@link HttpToolExecutor} for {@code http:} tools, {@link
 * CommandToolExecutor} for {@code command:} tools, running in the tool's sandbox.
 *
 * <pre>{@code
 * ExecutorFactory executors = ExecutorFactory.builder().sandboxes(sandboxes).build();
 * registry.register(new RegisteredTool(definition, executors.executorFor(definition)));
 * // a catalog loader takes the method reference: Function<ToolDefinition, ToolExecutor>
 * CatalogFiles.load(paths, executors::executorFor);
 * }</pre>
 *
 * <p>Templates are checked here, so a tool whose URL puts a placeholder in its host, or uses a
 * secret it does not declare, fails to load with an {@link InvalidToolException} that points at the
 * field. Executors read secrets through the factory's environment lookup at call time and bound
 * their own work (response bytes, stdout bytes, time without a deadline) by the tool's effective
 * policy. Thread-safe; the HTTP client is shared.
 */
public final class ExecutorFactory {
  private final UnaryOperator<String> environment;
  private final HttpClient httpClient;
  private final CallPolicy defaults;
  private final Function<String, CommandRuntime> runtimes;
  private final Function<String, ToolPolicy> sandboxPolicies;

  private ExecutorFactory(Builder b) {
    this.environment = b.environment;
    this.httpClient = b.httpClient != null ? b.httpClient : HttpToolExecutor.newClient();
    this.defaults = b.defaults;
    this.runtimes = b.runtimes;
    this.sandboxPolicies = b.sandboxPolicies;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The executor of {@code tool}.
   *
   * @throws InvalidToolException when the tool declares neither {@code http} nor {@code command},
   *     or a template breaks a rule (placeholder in the host, undeclared secret or parameter, the
   *     program taken from an argument)
   */
  public ToolExecutor executorFor(ToolDefinition tool) {
    ToolPolicy sandbox = sandboxPolicies.apply(tool.sandbox());
    CallPolicy policy =
        defaults.resolve(tool.policy(), sandbox == null ? ToolPolicy.INHERIT : sandbox);
    return switch (tool.implementation()) {
      case Implementation.Http http ->
          new HttpToolExecutor(
              tool, httpClient, environment, policy.timeout(), policy.maxResultBytes());
      case Implementation.Command command ->
          new CommandToolExecutor(
              tool,
              runtimes.apply(tool.sandbox()),
              environment,
              policy.timeout(),
              policy.maxResultBytes());
      case Implementation.Provided provided ->
          throw new InvalidToolException(
              "tool '"
                  + tool.name()
                  + "' declares neither 'http' nor 'command'; a catalog tool needs one of them"
                  + " (Java and MCP tools bring their own executor)",
              "");
    };
  }

  /** Settings of an {@link ExecutorFactory}. Not thread-safe. */
  public static final class Builder {
    private UnaryOperator<String> environment = System::getenv;
    private HttpClient httpClient;
    private CallPolicy defaults = CallPolicy.DEFAULTS;
    private Function<String, CommandRuntime> runtimes =
        sandbox -> CommandRuntime.inDirectory(Path.of("").toAbsolutePath());
    private Function<String, ToolPolicy> sandboxPolicies = sandbox -> ToolPolicy.INHERIT;

    private Builder() {}

    /** Reads secrets and {@code PATH}/{@code HOME}/{@code LANG}; {@code System::getenv}. */
    public Builder environment(UnaryOperator<String> environment) {
      this.environment = Objects.requireNonNull(environment, "environment");
      return this;
    }

    /** The client of HTTP tools; it must not follow redirects. One is made when not set. */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
      return this;
    }

    /** The gateway defaults; keep them equal to the {@link ToolInvoker}'s. */
    public Builder defaults(CallPolicy defaults) {
      this.defaults = Objects.requireNonNull(defaults, "defaults");
      return this;
    }

    /**
     * Runs command tools in their sandboxes and applies sandbox policies: {@code
     * sandboxes::runtimeFor} and {@code sandboxes::policyOf}. Without it, command tools run in the
     * current directory.
     */
    public Builder sandboxes(Sandboxes sandboxes) {
      Objects.requireNonNull(sandboxes, "sandboxes");
      this.runtimes = sandboxes::runtimeFor;
      this.sandboxPolicies = sandboxes::policyOf;
      return this;
    }

    /** A runtime per sandbox name, for embedders that manage sandboxes themselves. */
    public Builder runtimes(Function<String, CommandRuntime> runtimes) {
      this.runtimes = Objects.requireNonNull(runtimes, "runtimes");
      return this;
    }

    public ExecutorFactory build() {
      return new ExecutorFactory(this);
    }
  }
}
