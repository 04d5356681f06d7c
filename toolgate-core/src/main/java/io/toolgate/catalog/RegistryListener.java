package io.toolgate.catalog;

import java.util.List;

/**
 * Hears about catalog changes: the search index, MCP {@code list_changed} notifications and the
 * sandbox tracker follow the registry through this.
 *
 * <p>Called synchronously, after the change is visible, on the thread that made it; a batch change
 * (a whole source replaced) arrives as one call. Keep it fast and do not throw: an exception is
 * logged and does not undo the change.
 */
@FunctionalInterface
public interface RegistryListener {
  void onChange(List<RegistryEvent> events);
}
