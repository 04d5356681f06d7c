package io.toolgate.server.http;

import io.toolgate.server.ApiException;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * DNS-rebinding and cross-origin protection: checks the {@code Host} and {@code Origin} headers of
 * every request (REST, console and {@code /mcp}).
 *
 * <p>A web page on another site can make a browser send requests to {@code 127.0.0.1}; if its
 * domain re-resolves to loopback ("DNS rebinding"), the browser even treats the answers as
 * same-origin. Both attacks show up in the headers: the {@code Host} is the attacker's name, and
 * the {@code Origin} is the attacker's site. So:
 *
 * <ul>
 *   <li>{@code Host} must name one of the allowed hosts: by default the bind host and {@code
 *       localhost}, {@code 127.0.0.1}, {@code [::1]}; when bound to every interface ({@code
 *       0.0.0.0}) without {@code allowed_hosts}, any host is accepted.
 *   <li>{@code Origin}, when a browser sends one, must be this server itself (the console's
 *       same-origin requests) or one of {@code cors_origins}; {@code *} there allows any.
 * </ul>
 *
 * Immutable and thread-safe.
 */
public final class OriginGuard {
  private static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "[::1]");

  private final Optional<Set<String>> hosts;
  private final Set<String> corsOrigins;
  private final boolean anyOrigin;

  private OriginGuard(Optional<Set<String>> hosts, List<String> corsOrigins) {
    this.hosts = hosts;
    this.corsOrigins = new LinkedHashSet<>();
    for (String o : corsOrigins) {
      this.corsOrigins.add(stripSlash(o.strip().toLowerCase(Locale.ROOT)));
    }
    this.anyOrigin = this.corsOrigins.contains("*");
  }

  /**
   * The guard for a server bound to {@code bindHost}.
   *
   * @param bindHost the address the server listens on
   * @param allowedHosts configured Host names; empty for the default
   * @param corsOrigins configured browser origins
   */
  public static OriginGuard of(
      String bindHost, List<String> allowedHosts, List<String> corsOrigins) {
    String bind = bindHost.toLowerCase(Locale.ROOT);
    if (bind.contains(":") && !bind.startsWith("[")) {
      bind = "[" + bind + "]";
    }
    Optional<Set<String>> hosts;
    if (!allowedHosts.isEmpty()) {
      Set<String> set = new LinkedHashSet<>(LOOPBACK_NAMES);
      allowedHosts.forEach(h -> set.add(h.toLowerCase(Locale.ROOT)));
      hosts = Optional.of(set);
    } else if (bind.equals("0.0.0.0") || bind.equals("[::]")) {
      hosts = Optional.empty();
    } else {
      Set<String> set = new LinkedHashSet<>(LOOPBACK_NAMES);
      set.add(bind);
      hosts = Optional.of(set);
    }
    return new OriginGuard(hosts, corsOrigins);
  }

  /**
   * Checks one request's headers.
   *
   * @throws ApiException 403 {@code host_not_allowed} or {@code origin_not_allowed}
   */
  public void check(String hostHeader, String originHeader) {
    if (hosts.isPresent()) {
      String host = hostName(hostHeader);
      if (host == null || !hosts.get().contains(host)) {
        throw new ApiException(
            403,
            "host_not_allowed",
            "the Host header '"
                + hostHeader
                + "' is not one this server answers to "
                + hosts.get()
                + "; add it to server.allowed_hosts if the server is reached under that name");
      }
    }
    if (originHeader != null && !originAllowed(originHeader, hostHeader)) {
      throw new ApiException(
          403,
          "origin_not_allowed",
          "requests from the web origin '"
              + originHeader
              + "' are not allowed; add it to server.cors_origins to let that site call the API");
    }
  }

  /** Whether a browser on {@code origin} may read responses (for CORS headers). */
  public boolean corsAllowed(String origin) {
    return origin != null
        && (anyOrigin || corsOrigins.contains(stripSlash(origin.toLowerCase(Locale.ROOT))));
  }

  /** Whether CORS is configured at all. */
  public boolean corsEnabled() {
    return !corsOrigins.isEmpty();
  }

  private boolean originAllowed(String origin, String hostHeader) {
    if (corsAllowed(origin)) {
      return true;
    }
    if (origin.equals("null") || hostHeader == null) {
      return false;
    }
    try {
      URI uri = URI.create(origin);
      if (uri.getHost() == null) {
        return false;
      }
      String authority =
          uri.getHost().toLowerCase(Locale.ROOT) + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
      // Same origin: the page was served by this server under the name the browser used.
      return authority.equals(hostHeader.strip().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The host part of a Host header, lower case, brackets kept for IPv6; null when malformed. */
  static String hostName(String header) {
    if (header == null || header.isBlank()) {
      return null;
    }
    String h = header.strip().toLowerCase(Locale.ROOT);
    if (h.startsWith("[")) {
      int end = h.indexOf(']');
      return end < 0 ? null : h.substring(0, end + 1);
    }
    int colon = h.indexOf(':');
    return colon < 0 ? h : h.substring(0, colon);
  }

  private static String stripSlash(String s) {
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }
}
