package io.toolgate.springai;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code toolgate.*} properties of the Spring Boot starter.
 *
 * <pre>
 * toolgate.url=http://127.0.0.1:8080     # a shared gateway; or define a ToolgateApi bean
 * toolgate.api-key=${TOOLGATE_KEY}       # when the server has keys
 * toolgate.mode=meta-tools               # meta-tools | preselect | all
 * toolgate.limit=5                       # tools per request in preselect mode, 1 to 20
 * toolgate.timeout=30s                   # per request to the gateway (tool calls: invoke-timeout)
 * toolgate.invoke-timeout=120s
 * </pre>
 *
 * @param url the gateway's root URL; without it, the starter uses a {@code ToolgateApi} bean
 * @param apiKey sent as {@code Authorization: Bearer}
 * @param mode what each {@code ChatClient} gets
 * @param limit tools per request in {@code preselect} mode
 * @param timeout how long to wait for a search or a read
 * @param invokeTimeout how long to wait for a tool call
 */
@ConfigurationProperties("toolgate")
public record ToolgateProperties(
    String url,
    String apiKey,
    @DefaultValue("meta-tools") ToolgateMode mode,
    @DefaultValue("5") int limit,
    @DefaultValue("30s") Duration timeout,
    @DefaultValue("120s") Duration invokeTimeout) {
  public ToolgateProperties {
    ToolgateMode.checkLimit(limit);
  }
}
