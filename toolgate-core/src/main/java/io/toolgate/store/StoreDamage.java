package io.toolgate.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.TreeMap;

/**
 * What the embedded store says, and keeps, when its files are damaged.
 *
 * <p>The rule: a start that would silently lose an acknowledged commit is refused, with every file
 * left as it was, and each way out the message offers says what it costs. Only a torn last frame (a
 * write that a crash interrupted, so its caller never got an answer) is dropped, with a warning and
 * a copy of the journal kept next to it.
 */
final class StoreDamage {
  private static final String BACKUP =
      "stop here and restore the data directory from a backup if you have one";

  private StoreDamage() {}

  /** A damaged frame with intact frames after it: the middle of the journal is corrupt. */
  static StoreException damagedJournal(Path journal, FrameReader reader, int before, int after) {
    return new StoreException(
        "journal "
            + journal
            + " is damaged in the middle: "
            + reader.stopReason()
            + " at offset "
            + reader.goodEnd()
            + ", after "
            + before
            + " intact commit(s) and before "
            + after
            + " more. Those later commits were acknowledged, so the store does not start without"
            + " them and has changed no file; the disk corrupted the journal. "
            + BACKUP
            + ". To start anyway and LOSE the damaged commit and the "
            + after
            + " after it: copy the file somewhere safe, then cut it at the damage (truncate -s "
            + reader.goodEnd()
            + " "
            + journal
            + ")");
  }

  /** The warning for a torn tail, which is dropped. */
  static String tornTail(Path journal, FrameReader reader) {
    return journal
        + ": dropped the last "
        + reader.damagedBytes()
        + " byte(s), after offset "
        + reader.goodEnd()
        + " ("
        + reader.stopReason()
        + "); no intact commit follows, so this is the tail of a write that a crash interrupted and"
        + " that was never acknowledged (had the process not stopped mid-write, the disk damaged"
        + " the last commit); a copy of the journal is kept as "
        + keptName(journal)
        + "…";
  }

  /**
   * The snapshot a journal continues from is gone: the journal alone is a fraction of the state.
   */
  static StoreException missingSnapshot(Path journal, long generation) {
    return new StoreException(
        "journal "
            + journal
            + " continues snapshot "
            + String.format("snapshot-%016d.bin", generation)
            + ", which is missing: the journal holds only the changes made since that snapshot, so"
            + " the store does not start from it and has changed no file. "
            + BACKUP
            + ", or put the snapshot back. To start anyway with ONLY the journal's changes (every"
            + " tool registered before that snapshot is LOST), rename the journal to "
            + String.format("journal-%016d.log", 0));
  }

  /** A snapshot that does not read back. */
  static StoreException damagedSnapshot(Path snapshot, String why, TreeMap<Long, Path> journals) {
    int journalCount = journals.size();
    return new StoreException(
        "snapshot "
            + snapshot
            + " is damaged ("
            + why
            + "); it was written atomically, so the disk corrupted it. The store does not start"
            + " and has changed no file. "
            + BACKUP
            + ". Moving the snapshot away does NOT recover the state: the "
            + journalCount
            + " journal file(s) hold only the changes made since it, so every tool registered"
            + " before it would be lost");
  }

  /**
   * Copies a damaged journal to {@code damaged-journal-…-<epoch millis>.log}, a name recovery
   * ignores and compaction does not delete.
   */
  static Path keep(Path journal) throws IOException {
    Path kept = journal.resolveSibling(keptName(journal) + Instant.now().toEpochMilli() + ".log");
    return Files.copy(journal, kept, StandardCopyOption.COPY_ATTRIBUTES);
  }

  private static String keptName(Path journal) {
    String name = journal.getFileName().toString();
    return "damaged-" + name.substring(0, name.length() - ".log".length()) + "-";
  }
}
