package io.toolgate.invoke;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretRedactorTest {
  private final Map<String, String> env =
      Map.of("API_KEY", "supersecret-XYZ", "SPACED", "a b&c=d", "PIN", "123");
  private final SecretRedactor redactor =
      SecretRedactor.of(List.of("API_KEY", "SPACED", "PIN", "UNSET"), env::get);

  @Test
  void replacesEachValueByItsName() {
    assertThat(redactor.redact("exited with code 3: boom secret=supersecret-XYZ"))
        .isEqualTo("exited with code 3: boom secret=[redacted API_KEY]");
  }

  @Test
  void replacesPercentEncodedValuesAsInAUrl() {
    assertThat(redactor.redact("GET /x?k=a+b%26c%3Dd and /y?k=a%20b%26c%3Dd failed"))
        .isEqualTo("GET /x?k=[redacted SPACED] and /y?k=[redacted SPACED] failed");
  }

  @Test
  void leavesValuesTooShortToTellFromTextAlone() {
    assertThat(redactor.redact("pin 123 of 1234")).isEqualTo("pin 123 of 1234");
  }

  @Test
  void redactsEveryStringAndKeyOfAResult() {
    var result = Json.parse("{\"echo\":[\"supersecret-XYZ\",1],\"supersecret-XYZ\":true}");

    assertThat(redactor.redact(result).toString())
        .isEqualTo("{\"echo\":[\"[redacted API_KEY]\",1],\"[redacted API_KEY]\":true}");
  }

  @Test
  void aFailureKeepsItsCodeAndLosesTheSecret() {
    Exception e =
        redactor.redact(
            new ToolExecutionException(
                ErrorCode.FORBIDDEN, "HTTP 401: bad key supersecret-XYZ", new RuntimeException()));

    assertThat(e).isInstanceOf(ToolExecutionException.class).hasNoCause();
    assertThat(((ToolExecutionException) e).code()).isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(e).hasMessage("HTTP 401: bad key [redacted API_KEY]");
  }

  @Test
  void aFailureWithoutASecretIsReturnedAsItIs() {
    Exception e = new IllegalStateException("nothing to hide");

    assertThat(redactor.redact(e)).isSameAs(e);
  }
}
