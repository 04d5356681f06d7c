package io.toolgate.sandbox;

import java.util.Locale;

/** How a sandbox runs its command tools. */
public enum SandboxRuntime {
  /** A child process in the sandbox's own folder (the default). */
  PROCESS,
  /** A container of an image built from the sandbox's recipe; needs a reachable Docker engine. */
  DOCKER;

  /** {@code process} or {@code docker}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The runtime named {@code wire}.
   *
   * @throws IllegalArgumentException naming the legal values
   */
  public static SandboxRuntime fromWire(String wire) {
    for (SandboxRuntime r : values()) {
      if (r.wire().equals(wire == null ? "" : wire.strip().toLowerCase(Locale.ROOT))) {
        return r;
      }
    }
    throw new IllegalArgumentException("runtime '" + wire + "' is not one of [process, docker]");
  }
}
