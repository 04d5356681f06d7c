package io.toolgate.mcp.server;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/** Java SDK clients for tests. */
final class McpClients {
  private McpClients() {}

  /**
   * A client connected and initialized over streamable HTTP; list_changed lands in {@code changes}.
   */
  static McpSyncClient http(
      URI endpoint, BlockingQueue<List<McpSchema.Tool>> changes, String... versions) {
    HttpClientStreamableHttpTransport.Builder transport =
        HttpClientStreamableHttpTransport.builder(
                endpoint.getScheme() + "://" + endpoint.getRawAuthority())
            .endpoint(endpoint.getRawPath());
    if (versions.length > 0) {
      transport.supportedProtocolVersions(List.of(versions));
    }
    McpSyncClient client =
        McpClient.sync(transport.build())
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .clientInfo(McpSchema.Implementation.builder("java-test-client", "1.0").build())
            .toolsChangeConsumer(changes::add)
            .build();
    client.initialize();
    return client;
  }

  /** A tools/call request. */
  static McpSchema.CallToolRequest request(String tool, java.util.Map<String, Object> args) {
    return McpSchema.CallToolRequest.builder(tool).arguments(args).build();
  }

  static McpSyncClient http(URI endpoint) {
    return http(endpoint, new LinkedBlockingQueue<>());
  }
}
