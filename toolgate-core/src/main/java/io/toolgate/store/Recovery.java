package io.toolgate.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What reading the store directory at open found: the newest snapshot loaded and its journal
 * replayed.
 *
 * <p>A torn last frame (a crash during a write that was therefore never acknowledged) is dropped
 * and its journal listed in {@link #damaged}; damage that acknowledged data would be lost to throws
 * {@link StoreDamage}'s error and changes no file (see there).
 *
 * @param generation the newest generation found
 * @param journalFrames commits replayed from journals
 * @param damaged journals whose torn tail was dropped
 * @param leftovers older snapshots or journals an interrupted compaction left behind
 */
record Recovery(long generation, int journalFrames, List<Path> damaged, boolean leftovers) {
  // Logs under the store's name, where operators filter for it.
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedRegistryStore.class);

  Recovery {
    damaged = List.copyOf(damaged);
  }

  /** Reads the store directory {@code dir}, passing every recovered commit to {@code apply}. */
  static Recovery replay(Path dir, Consumer<List<StoreOp>> apply) throws IOException {
    TreeMap<Long, Path> snapshots = SnapshotFile.list(dir);
    TreeMap<Long, Path> journals = Journal.list(dir);
    long generation = snapshots.isEmpty() ? 0 : snapshots.lastKey();
    if (!snapshots.isEmpty()) {
      Path snapshot = snapshots.lastEntry().getValue();
      Optional<String> damage = SnapshotFile.read(snapshot, apply);
      if (damage.isPresent()) {
        throw StoreDamage.damagedSnapshot(snapshot, damage.get(), journals);
      }
    }
    if (!journals.isEmpty() && journals.lastKey() > generation) {
      throw StoreDamage.missingSnapshot(journals.lastEntry().getValue(), journals.lastKey());
    }
    int frames = 0;
    List<Path> damaged = new ArrayList<>();
    for (Map.Entry<Long, Path> j : journals.tailMap(generation, true).entrySet()) {
      frames += replayJournal(j.getValue(), apply, damaged);
      generation = Math.max(generation, j.getKey());
    }
    boolean leftovers =
        snapshots.size() > 1
            || journals.headMap(generation, false).size() > 0
            || journals.size() > 1;
    return new Recovery(generation, frames, damaged, leftovers);
  }

  /** Replays one journal; returns its intact frames, and adds it to {@code damaged} if torn. */
  private static int replayJournal(Path journal, Consumer<List<StoreOp>> apply, List<Path> damaged)
      throws IOException {
    try (FileChannel channel = FileChannel.open(journal, StandardOpenOption.READ)) {
      FrameReader reader = new FrameReader(channel, 0);
      int read = 0;
      for (Optional<List<StoreOp>> ops = reader.next(); ops.isPresent(); ops = reader.next()) {
        apply.accept(ops.get());
        read++;
      }
      if (reader.damagedBytes() > 0) {
        int after = reader.intactFramesAfterDamage();
        if (after > 0) {
          throw StoreDamage.damagedJournal(journal, reader, read, after);
        }
        damaged.add(journal);
        LOG.warn(StoreDamage.tornTail(journal, reader));
      }
      return read;
    }
  }
}
