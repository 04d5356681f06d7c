package io.toolgate.server.auth;

import io.toolgate.ToolgateException;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.ToolgateServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides, at start, whether a server may run open (without API keys): on a loopback address with a
 * warning, beyond it only with {@code insecure} and a louder warning; otherwise it refuses.
 * Stateless.
 */
public final class OpenServerCheck {
  // The server's logger, as before this check had a class of its own: operators filter on it.
  private static final Logger LOG = LoggerFactory.getLogger(ToolgateServer.class);

  private OpenServerCheck() {}

  /**
   * Passes when keys are required; otherwise warns, or refuses beyond loopback without {@code
   * insecure}.
   *
   * @throws ToolgateException naming the host and the three ways out (keys, loopback, insecure)
   */
  public static void check(ServerSettings settings, boolean keysRequired) {
    if (keysRequired) {
      return;
    }
    boolean loopback = settings.isLoopback();
    if (!loopback && !settings.insecure()) {
      throw new ToolgateException(
          "refusing to serve on "
              + settings.host()
              + " without API keys: anyone who can reach it could call every tool. Set"
              + " server.api_keys_file (see KeysFile), bind to 127.0.0.1, or pass --insecure to"
              + " accept the risk");
    }
    if (loopback) {
      LOG.warn(
          "no API keys configured: any process on this machine can search, call and register"
              + " tools (set server.api_keys_file to require keys)");
    } else {
      LOG.warn(
          "INSECURE: serving on {} without API keys; anyone who can reach it can call every tool",
          settings.host());
    }
  }
}
