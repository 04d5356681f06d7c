package io.toolgate.domain;

import io.toolgate.ToolgateException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.Strings;
import io.toolgate.catalog.spi.ToolDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The tool domains this process knows, found with {@link ServiceLoader} or registered by hand, and
 * the rule that decides which are enabled.
 *
 * <pre>{@code
 * ToolDomains domains = ToolDomains.discover();
 * List<String> names = ToolDomains.enabledNames(config.domains(), System.getenv());
 * registry.registerAll(domains.tools(names));   // source labels: domain:<name>
 * }</pre>
 *
 * <p>Which domains are enabled: the config's {@code domains:} list when it has one, else the
 * comma-separated {@value #ENV} environment variable, else {@code core}. The word {@code none}
 * enables no domain. An unknown name is an error that lists the available domains. Thread-safe.
 */
public final class ToolDomains {
  /** The environment variable naming the enabled domains, comma-separated. */
  public static final String ENV = "TOOLGATE_DOMAINS";

  /** The domains enabled when neither the config nor {@value #ENV} says otherwise. */
  public static final List<String> DEFAULT = List.of("core");

  /** The name that, alone, enables no domain. */
  public static final String NONE = "none";

  private final Map<String, ToolDomain> domains = new TreeMap<>();

  /** An empty set of domains, to {@link #register} by hand. */
  public ToolDomains() {}

  /** The domains registered in {@code META-INF/services} on this class's class loader. */
  public static ToolDomains discover() {
    return discover(ToolDomains.class.getClassLoader());
  }

  /**
   * The domains registered in {@code META-INF/services/io.toolgate.catalog.spi.ToolDomain}.
   *
   * @throws ToolgateException when two domains share a name
   */
  public static ToolDomains discover(ClassLoader loader) {
    ToolDomains found = new ToolDomains();
    for (ToolDomain domain : ServiceLoader.load(ToolDomain.class, loader)) {
      found.register(domain);
    }
    return found;
  }

  /**
   * Adds a domain.
   *
   * @throws ToolgateException when another domain has that name
   */
  public synchronized ToolDomains register(ToolDomain domain) {
    ToolDomain twin = domains.putIfAbsent(domain.name(), domain);
    if (twin != null && twin != domain) {
      throw new ToolgateException(
          "two tool domains are named '"
              + domain.name()
              + "': "
              + twin.getClass().getName()
              + " and "
              + domain.getClass().getName());
    }
    return this;
  }

  /** Every known domain, sorted by name. */
  public synchronized List<ToolDomain> available() {
    return List.copyOf(domains.values());
  }

  /** The domain called {@code name}. */
  public synchronized Optional<ToolDomain> find(String name) {
    return Optional.ofNullable(domains.get(name));
  }

  /**
   * The domains called {@code names}, in that order.
   *
   * @throws ToolgateException for an unknown name, listing the available domains
   */
  public synchronized List<ToolDomain> select(Collection<String> names) {
    List<ToolDomain> out = new ArrayList<>();
    for (String name : new LinkedHashSet<>(names)) {
      ToolDomain domain = domains.get(name);
      if (domain == null) {
        throw unknown(name);
      }
      out.add(domain);
    }
    return out;
  }

  /**
   * The tools of the domains called {@code names}, each labelled {@code domain:<name>}.
   *
   * @throws ToolgateException for an unknown name, listing the available domains
   */
  public List<RegisteredTool> tools(Collection<String> names) {
    List<RegisteredTool> out = new ArrayList<>();
    for (ToolDomain domain : select(names)) {
      String source = sourceOf(domain.name());
      for (RegisteredTool tool : domain.tools()) {
        out.add(
            tool.definition().source().equals(source)
                ? tool
                : new RegisteredTool(tool.definition().withSource(source), tool.executor()));
      }
    }
    return out;
  }

  /** {@code domain:<name>}, the source label of a domain's tools. */
  public static String sourceOf(String domainName) {
    return "domain:" + domainName;
  }

  /**
   * Which domains to enable: {@code configured} when present, else {@code env}'s {@value #ENV},
   * else {@link #DEFAULT}; {@code [none]} means no domain.
   *
   * @param configured the config file's {@code domains:} list, if it has one
   * @param env the process environment, e.g. {@code System.getenv()}
   */
  public static List<String> enabledNames(
      Optional<List<String>> configured, Map<String, String> env) {
    List<String> names;
    if (configured.isPresent()) {
      names = configured.get();
    } else {
      String fromEnv = env.get(ENV);
      names =
          fromEnv == null || fromEnv.isBlank()
              ? DEFAULT
              : Arrays.stream(fromEnv.split(",")).map(String::strip).toList();
    }
    List<String> cleaned =
        names.stream().map(String::strip).filter(n -> !n.isEmpty()).distinct().toList();
    return cleaned.equals(List.of(NONE)) ? List.of() : cleaned;
  }

  private ToolgateException unknown(String name) {
    List<String> close = Strings.closest(name, domains.keySet(), 3);
    StringBuilder message = new StringBuilder("unknown tool domain '").append(name).append("'");
    if (!close.isEmpty()) {
      message.append(" (did you mean '").append(close.getFirst()).append("'?)");
    }
    message.append("; available: ");
    if (domains.isEmpty()) {
      message.append("none (no ToolDomain is registered in META-INF/services)");
    } else {
      domains
          .values()
          .forEach(
              d -> message.append(d.name()).append(" (").append(d.description()).append("), "));
      message.setLength(message.length() - 2);
    }
    message.append(". Set them with 'domains:' in toolgate.yaml or ").append(ENV);
    return new ToolgateException(message.toString());
  }
}
