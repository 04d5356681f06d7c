package io.toolgate.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The embedded store's directory: numbered files, leftover temporary files, directory fsync. */
final class StoreFiles {
  // Logs under the store's name, where operators filter for it.
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedRegistryStore.class);

  private StoreFiles() {}

  /**
   * The files in {@code dir} whose names match {@code pattern}, by the number its group 1 captures;
   * empty when {@code dir} does not exist.
   */
  static TreeMap<Long, Path> numbered(Path dir, Pattern pattern) throws IOException {
    TreeMap<Long, Path> out = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        Matcher m = pattern.matcher(f.getFileName().toString());
        if (m.matches()) {
          out.put(Long.parseLong(m.group(1)), f);
        }
      }
    }
    return out;
  }

  /** Deletes the {@code *.tmp} files an interrupted snapshot left behind. */
  static void deleteTemporaryFiles(Path dir) throws IOException {
    try (DirectoryStream<Path> tmp = Files.newDirectoryStream(dir, "*.tmp")) {
      for (Path t : tmp) {
        Files.deleteIfExists(t);
      }
    }
  }

  static void fsyncDirectory(Path directory) {
    // Makes a rename or a new file durable. Some platforms cannot open a directory; they order
    // metadata writes themselves.
    try (FileChannel d = FileChannel.open(directory, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      LOG.trace("cannot fsync directory {}: {}", directory, e.toString());
    }
  }
}
