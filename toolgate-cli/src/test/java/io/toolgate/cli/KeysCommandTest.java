package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.server.auth.Authenticator;
import io.toolgate.server.auth.RateLimit;
import io.toolgate.server.auth.StoreKeys;
import io.toolgate.store.EmbeddedRegistryStore;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code toolgate keys} on the embedded store of the data directory. */
class KeysCommandTest {
  @TempDir Path data;

  @Test
  void anAddedKeyAuthenticatesAndARemovedOneNoLonger() {
    Cli cli = new Cli(data);
    Cli.Run add = cli.run("keys", "add", "planner", "--scopes", "search", "--per-minute", "60");
    assertThat(add.exitCode()).as(add.err()).isZero();
    String secret = add.out().strip();
    assertThat(secret).startsWith("tgk_");
    assertThat(add.err()).contains("planner").contains("shown only now");

    assertThat(cli.run("keys").out()).contains("planner").contains("search").contains("60");
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      Authenticator auth =
          Authenticator.of(Optional.empty(), StoreKeys.follow(store), RateLimit.NONE);
      assertThat(auth.authenticate(secret))
          .hasValueSatisfying(c -> assertThat(c.rate().perSecond()).isEqualTo(1.0));
    }

    assertThat(cli.run("keys", "remove", "planner").exitCode()).isZero();
    assertThat(cli.run("keys", "remove", "planner").exitCode()).isEqualTo(1);
    assertThat(cli.run("keys").out()).contains("no API keys");
  }
}
