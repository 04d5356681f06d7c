package io.toolgate.sandbox;

import java.util.Objects;

/**
 * The outcome of {@link Sandboxes#build}.
 *
 * @param sandbox the sandbox
 * @param checksum its checksum, now built
 * @param built whether work was done; false when it was already up to date
 * @param summary one line for people, e.g. {@code installed 2 npm packages}
 */
public record BuildResult(String sandbox, String checksum, boolean built, String summary) {
  public BuildResult {
    Objects.requireNonNull(sandbox, "sandbox");
    Objects.requireNonNull(checksum, "checksum");
    Objects.requireNonNull(summary, "summary");
  }
}
