package io.toolgate.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.config.OptionException;
import io.toolgate.json.Json;
import io.toolgate.store.StoreUnavailableException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PostgresStoreConfigTest {
  private static Optional<PostgresStoreConfig> read(String json, Map<String, String> env) {
    return PostgresStoreConfig.fromSection(Json.parse(json), env::get);
  }

  @Test
  void aSectionWithoutUrlMeansTheEmbeddedStore() {
    assertThat(read("{}", Map.of())).isEmpty();
  }

  @Test
  void readsEveryKeyAndThePasswordFromTheNamedVariable() {
    PostgresStoreConfig c =
        read(
                """
                {"url": "postgresql://app@db.internal:6543/tg?sslmode=require",
                 "password_env": "PGPW", "pool_size": 4, "schema": "fleet_a",
                 "connect_timeout": "500ms"}
                """,
                Map.of("PGPW", "s3cret"))
            .orElseThrow();

    assertThat(c.jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:6543/tg?sslmode=require");
    assertThat(c.user()).isEqualTo("app");
    assertThat(c.password()).contains("s3cret");
    assertThat(c.poolSize()).isEqualTo(4);
    assertThat(c.schema()).isEqualTo("fleet_a");
    assertThat(c.connectTimeout()).isEqualTo(Duration.ofMillis(500));
    assertThat(c.describe()).doesNotContain("s3cret").doesNotContain("app@");
  }

  @Test
  void aPasswordInTheUrlIsRefusedWithTheFix() {
    assertThatThrownBy(() -> read("{\"url\": \"postgresql://u:pw@h/db\"}", Map.of()))
        .isInstanceOf(OptionException.class)
        .hasMessageContaining("store.url")
        .hasMessageContaining("password_env");
  }

  @Test
  void anUnsetPasswordVariableIsNamed() {
    assertThatThrownBy(
            () -> read("{\"url\": \"postgresql://h/db\", \"password_env\": \"NOPE\"}", Map.of()))
        .hasMessageContaining("NOPE")
        .hasMessageContaining("not set");
  }

  @Test
  void badValuesNameTheKeyAndTheRule() {
    assertThatThrownBy(() -> read("{\"url\": \"mysql://h/db\"}", Map.of()))
        .hasMessageContaining("postgresql://");
    assertThatThrownBy(
            () -> read("{\"url\": \"postgresql://h/db\", \"schema\": \"Bad-Name\"}", Map.of()))
        .hasMessageContaining("Bad-Name");
    assertThatThrownBy(() -> read("{\"url\": \"postgresql://h/db\", \"pool\": 3}", Map.of()))
        .hasMessageContaining("pool_size");
  }

  @Test
  void anUnreachableDatabaseIsUnavailableWithTheFix() {
    PostgresStoreConfig c =
        read("{\"url\": \"postgresql://127.0.0.1:1/db\", \"connect_timeout\": \"1s\"}", Map.of())
            .orElseThrow();
    assertThatThrownBy(() -> PostgresRegistryStore.open(c))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("127.0.0.1:1/db")
        .hasMessageContaining("store.url");
  }
}
