package io.toolgate.mcp.server;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProviderBase;
import io.toolgate.catalog.RegistryEvent;
import io.toolgate.catalog.RegistryListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the catalog and sends {@code notifications/tools/list_changed} to every connected client,
 * once per burst: the first change arms a short timer and the changes that arrive before it fires
 * share one notification (a reconnecting upstream server replaces dozens of tools at once).
 */
final class ListChangedNotifier implements RegistryListener {
  private static final Logger LOG = LoggerFactory.getLogger(ListChangedNotifier.class);

  private final Duration debounce;
  private final List<McpServerTransportProviderBase> providers = new CopyOnWriteArrayList<>();
  private final AtomicBoolean armed = new AtomicBoolean();

  ListChangedNotifier(Duration debounce) {
    this.debounce = debounce;
  }

  void add(McpServerTransportProviderBase provider) {
    providers.add(provider);
  }

  void remove(McpServerTransportProviderBase provider) {
    providers.remove(provider);
  }

  @Override
  public void onChange(List<RegistryEvent> events) {
    if (armed.compareAndSet(false, true)) {
      Thread.ofVirtual().name("toolgate-mcp-list-changed").start(this::fire);
    }
  }

  private void fire() {
    try {
      Thread.sleep(debounce);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    armed.set(false);
    for (McpServerTransportProviderBase provider : providers) {
      try {
        provider
            .notifyClients(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null)
            .block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        // No session yet, or a client went away: the next tools/list is correct anyway.
        LOG.debug("list_changed not delivered by {}: {}", provider, e.toString());
      }
    }
  }
}
