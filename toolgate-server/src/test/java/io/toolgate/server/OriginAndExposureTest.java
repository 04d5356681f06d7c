package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ToolgateException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DNS-rebinding protection, CORS, and the rules on where an open server may listen. */
class OriginAndExposureTest {
  @TempDir Path data;

  private static String request(String host, String origin) {
    return "GET /v1/tools HTTP/1.1\r\nHost: "
        + host
        + "\r\n"
        + (origin == null ? "" : "Origin: " + origin + "\r\n")
        + "Connection: close\r\n\r\n";
  }

  @Test
  void aForeignHostHeaderIsRefused() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.raw(request("evil.example:" + t.server.port(), null));
      assertThat(r.status()).isEqualTo(403);
      assertThat(r.errorCode()).isEqualTo("host_not_allowed");
      assertThat(r.errorMessage()).contains("evil.example").contains("allowed_hosts");
    }
  }

  @Test
  void localhostNamesAreAccepted() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      assertThat(t.raw(request("localhost:" + t.server.port(), null)).status()).isEqualTo(200);
      assertThat(t.raw(request("127.0.0.1:" + t.server.port(), null)).status()).isEqualTo(200);
    }
  }

  @Test
  void configuredHostsAreAccepted() {
    try (TestServer t =
        TestServer.start(TestServer.settings(data).withAllowedHosts(List.of("gate.internal")))) {
      assertThat(t.raw(request("gate.internal", null)).status()).isEqualTo(200);
      assertThat(t.raw(request("other.internal", null)).status()).isEqualTo(403);
    }
  }

  @Test
  void aCrossSiteOriginIsRefused() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r =
          t.raw(request("127.0.0.1:" + t.server.port(), "https://evil.example"));
      assertThat(r.status()).isEqualTo(403);
      assertThat(r.errorCode()).isEqualTo("origin_not_allowed");
      assertThat(r.errorMessage()).contains("cors_origins");
    }
  }

  @Test
  void theConsolesOwnOriginIsAccepted() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      String self = "127.0.0.1:" + t.server.port();
      assertThat(t.raw(request(self, "http://" + self)).status()).isEqualTo(200);
    }
  }

  @Test
  void aConfiguredCorsOriginGetsCorsHeadersAndPreflights() {
    try (TestServer t =
        TestServer.start(
            TestServer.settings(data).withCorsOrigins(List.of("https://app.example.com")))) {
      String host = "127.0.0.1:" + t.server.port();
      TestServer.Response r = t.raw(request(host, "https://app.example.com"));
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example.com");
      TestServer.Response preflight =
          t.raw(
              "OPTIONS /v1/tools:search HTTP/1.1\r\nHost: "
                  + host
                  + "\r\nOrigin: https://app.example.com\r\n"
                  + "Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n");
      assertThat(preflight.status()).isEqualTo(204);
      assertThat(preflight.header("Access-Control-Allow-Methods")).contains("POST");
      assertThat(preflight.header("Access-Control-Allow-Headers")).contains("Authorization");
    }
  }

  @Test
  void anOpenServerRefusesToListenBeyondLoopback() {
    try (TestServer t = TestServer.unstarted(TestServer.settings(data).withHost("0.0.0.0"))) {
      assertThatThrownBy(t.server::start)
          .isInstanceOf(ToolgateException.class)
          .hasMessageContaining("refusing to serve on 0.0.0.0 without API keys")
          .hasMessageContaining("--insecure");
    }
  }

  @Test
  void anOpenServerListensBeyondLoopbackWhenToldInsecure() {
    try (TestServer t =
        TestServer.start(TestServer.settings(data).withHost("0.0.0.0").withInsecure(true))) {
      assertThat(t.get("/healthz").status()).isEqualTo(200);
    }
  }
}
