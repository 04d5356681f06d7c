package io.toolgate.store;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Appends JSON lines to one file per UTC day, {@code audit-YYYY-MM-DD.jsonl}.
 *
 * <p>Each line goes to the operating system in one {@code write}, so a killed process loses none;
 * lines are not fsynced one by one (a power loss can lose the last few). A write failure is logged
 * and does not fail the call that was audited. Thread-safe.
 */
final class JsonLinesAudit {
  private static final Logger LOG = LoggerFactory.getLogger(JsonLinesAudit.class);

  private final Path dir;
  private LocalDate day;
  private OutputStream out;
  private boolean closed;

  JsonLinesAudit(Path dir) {
    this.dir = dir;
  }

  synchronized void append(String jsonLine) {
    if (closed) {
      return;
    }
    byte[] line = (jsonLine + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      LocalDate today = LocalDate.now(ZoneOffset.UTC);
      if (out == null || !today.equals(day)) {
        closeStream();
        Files.createDirectories(dir);
        out =
            Files.newOutputStream(
                dir.resolve("audit-" + today + ".jsonl"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        day = today;
      }
      out.write(line);
    } catch (IOException e) {
      LOG.error("cannot write the audit log in {}: {}", dir, e.toString());
      closeStream();
    }
  }

  synchronized void close() {
    closed = true;
    closeStream();
  }

  private void closeStream() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException e) {
        LOG.debug("closing the audit log", e);
      }
      out = null;
    }
  }
}
