package io.toolgate.server.auth;

import io.toolgate.server.ApiException;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Decides who a request comes from and whether it may go ahead: authentication (401), scope (403)
 * and rate limit (429). Without an {@link Authenticator} every request is the anonymous caller with
 * every scope. Thread-safe.
 */
public final class AccessControl {
  /** The caller of a public route (console files, health) on a server with keys: no scopes. */
  public static final Caller PUBLIC =
      new Caller("public", java.util.Set.of(), ToolFilter.ALL, RateLimit.NONE);

  private final Optional<Authenticator> authenticator;
  private final RateLimit defaultRate;
  private final Caller anonymous;
  private final RateLimiter limiter;
  private final Consumer<String> onRateLimited;

  /**
   * @param authenticator the keys, or empty for an open server
   * @param defaultRate the rate limit of callers without their own
   * @param onRateLimited told the caller id of each refused request (for metrics)
   */
  public AccessControl(
      Optional<Authenticator> authenticator,
      RateLimit defaultRate,
      Consumer<String> onRateLimited) {
    this(authenticator, defaultRate, new RateLimiter(), onRateLimited);
  }

  /** As above, with {@code limiter} (e.g. one whose limits hold across a fleet). */
  public AccessControl(
      Optional<Authenticator> authenticator,
      RateLimit defaultRate,
      RateLimiter limiter,
      Consumer<String> onRateLimited) {
    this.limiter = Objects.requireNonNull(limiter, "limiter");
    this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
    this.defaultRate = Objects.requireNonNull(defaultRate, "defaultRate");
    this.anonymous = Caller.anonymous(defaultRate);
    this.onRateLimited = Objects.requireNonNull(onRateLimited, "onRateLimited");
  }

  /** Whether requests need a key. */
  public boolean keysRequired() {
    return authenticator.isPresent();
  }

  /**
   * The caller of a request, checked for {@code needed}.
   *
   * @param authorization the {@code Authorization} header, or null
   * @param apiKey the {@code X-API-Key} header, or null
   * @param needed the scope the route needs, or null for a public route
   * @param what names the request in errors, e.g. {@code POST /v1/tools}; asked only for one
   * @throws ApiException 401 without a valid key, 403 without the scope
   */
  public Caller authenticate(
      String authorization, String apiKey, Scope needed, Supplier<String> what) {
    if (authenticator.isEmpty()) {
      return anonymous;
    }
    if (needed == null) {
      return PUBLIC;
    }
    Optional<String> presented = presented(authorization, apiKey);
    if (presented.isEmpty()) {
      throw unauthorized(
          "missing API key: "
              + what.get()
              + " needs a key with scope '"
              + needed.wire()
              + "'; send 'Authorization: Bearer <key>' or 'X-API-Key: <key>'");
    }
    Caller caller =
        authenticator
            .get()
            .authenticate(presented.get())
            .orElseThrow(
                () ->
                    unauthorized(
                        "the API key is not valid (unknown, revoked, or mistyped); check the key"
                            + " you were given"));
    if (needed != null && !caller.has(needed)) {
      throw new ApiException(
          403,
          "forbidden",
          "key '"
              + caller.id()
              + "' lacks scope '"
              + needed.wire()
              + "' needed for "
              + what.get()
              + "; it has "
              + caller.scopes().stream().map(Scope::wire).sorted().toList());
    }
    return caller;
  }

  /**
   * Takes one request from the caller's rate limit.
   *
   * @throws ApiException 429 with {@code Retry-After} when the caller is over its limit
   */
  public void rateLimit(Caller caller) {
    long waitNanos = limiter.tryAcquire(caller);
    if (waitNanos > 0) {
      onRateLimited.accept(caller.id());
      long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
      throw new ApiException(
          429,
          "rate_limited",
          "'"
              + caller.id()
              + "' is over its rate limit of "
              + caller.rate().perSecond()
              + " requests/s (bursts of "
              + (long) caller.rate().burst()
              + "); retry after "
              + seconds
              + " s",
          Map.of("Retry-After", Long.toString(seconds)));
    }
  }

  private static Optional<String> presented(String authorization, String apiKey) {
    if (authorization != null && !authorization.isBlank()) {
      String a = authorization.strip();
      if (a.toLowerCase(Locale.ROOT).startsWith("bearer ")) {
        String key = a.substring(7).strip();
        return key.isEmpty() ? Optional.empty() : Optional.of(key);
      }
    }
    if (apiKey != null && !apiKey.isBlank()) {
      return Optional.of(apiKey.strip());
    }
    return Optional.empty();
  }

  private static ApiException unauthorized(String message) {
    return new ApiException(
        401, "unauthorized", message, Map.of("WWW-Authenticate", "Bearer realm=\"toolgate\""));
  }
}
