package io.toolgate.catalog.spi;

import io.toolgate.catalog.RegisteredTool;
import java.util.List;

/**
 * A module of built-in tools, found with {@link java.util.ServiceLoader} and enabled by name
 * ({@code domains:} in the config, or {@code TOOLGATE_DOMAINS}; default {@code core}).
 *
 * <p>Register an implementation in {@code META-INF/services/io.toolgate.catalog.spi.ToolDomain}.
 * Its tools carry the source label {@code domain:<name>}.
 */
public interface ToolDomain {

  /** The name used to enable it, e.g. {@code core}. */
  String name();

  /** One line on what its tools do, for listings and errors. */
  String description();

  /** The domain's tools with their executors. */
  List<RegisteredTool> tools();
}
