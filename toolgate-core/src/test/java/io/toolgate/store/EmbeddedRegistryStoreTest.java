package io.toolgate.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedRegistryStoreTest extends RegistryStoreContract {
  @TempDir Path data;

  @Override
  protected RegistryStore open(Path dir) {
    return EmbeddedRegistryStore.open(dir);
  }

  @Test
  void valuesSurviveAProcessThatNeverClosedTheStore() throws IOException {
    EmbeddedRegistryStore crashed = EmbeddedRegistryStore.open(data);
    crashed.put("tools", "a", bytes("1"));
    // Simulate a crash: copy the files as they are while the store is still open.
    Path copy = Files.createDirectories(data.resolveSibling(data.getFileName() + "-copy"));
    copyTree(data, copy);
    crashed.close();
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(copy)) {
      assertThat(store.get("tools", "a")).map(RegistryStoreContract::text).contains("1");
    }
  }

  @Test
  void aTornLastFrameIsDroppedAndEverythingBeforeItKept() throws IOException {
    Path journal = crashWithJournal(List.of("a", "b", "c"));
    long size = Files.size(journal);
    try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.WRITE)) {
      ch.truncate(size - 3); // the last frame lost its tail mid-write
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools").keySet()).containsExactly("a", "b");
      store.put("tools", "d", bytes("4"));
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools").keySet()).containsExactly("a", "b", "d");
    }
  }

  @Test
  void aLastFrameWithABadChecksumIsDropped() throws IOException {
    Path journal = crashWithJournal(List.of("a", "b"));
    try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[] {0x55}), ch.size() - 1);
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools").keySet()).containsExactly("a");
    }
  }

  @Test
  void garbageAfterTheLastFrameIsIgnored() throws IOException {
    Path journal = crashWithJournal(List.of("a"));
    Files.write(journal, new byte[] {0, 0, 0, 0, 0, 0}, StandardOpenOption.APPEND);
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools").keySet()).containsExactly("a");
    }
  }

  @Test
  void compactionKeepsEveryValueAndStartsANewGeneration() {
    try (EmbeddedRegistryStore store =
        EmbeddedRegistryStore.open(data, new EmbeddedRegistryStore.Options(2048))) {
      long before = store.generation();
      for (int i = 0; i < 200; i++) {
        store.put("tools", "t" + i, bytes("value " + i));
      }
      store.delete("tools", "t7");
      assertThat(store.generation()).isGreaterThan(before);
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools")).hasSize(199).doesNotContainKey("t7");
      assertThat(store.get("tools", "t199")).map(RegistryStoreContract::text).contains("value 199");
    }
  }

  @Test
  void onlyTheNewestGenerationsFilesRemainAfterReopening() throws IOException {
    try (EmbeddedRegistryStore store =
        EmbeddedRegistryStore.open(data, new EmbeddedRegistryStore.Options(1024))) {
      for (int i = 0; i < 100; i++) {
        store.put("tools", "t" + i, bytes("v"));
      }
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data);
        Stream<Path> files = Files.list(data.resolve("store"))) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactly(
              "LOCK",
              String.format("journal-%016d.log", store.generation()),
              String.format("snapshot-%016d.bin", store.generation()));
    }
  }

  @Test
  void aCompactionInterruptedBeforeTheRenameLeavesTheOldStateReadable() throws IOException {
    Path journal = crashWithJournal(List.of("a", "b"));
    Path dir = journal.getParent();
    Files.write(dir.resolve("snapshot-0000000000000099.bin.tmp"), bytes("half a snapshot"));
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools").keySet()).containsExactly("a", "b");
    }
    assertThat(dir.resolve("snapshot-0000000000000099.bin.tmp")).doesNotExist();
  }

  @Test
  void aDamagedSnapshotIsAnErrorNotAnEmptyStore() throws IOException {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      store.put("tools", "a", bytes("1"));
    }
    Path snapshot;
    try (Stream<Path> files = Files.list(data.resolve("store"))) {
      snapshot = files.filter(p -> p.toString().endsWith(".bin")).findFirst().orElseThrow();
    }
    byte[] content = Files.readAllBytes(snapshot);
    content[20] ^= 0x7f;
    Files.write(snapshot, content);
    assertThatThrownBy(() -> EmbeddedRegistryStore.open(data))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("is damaged")
        .hasMessageContaining(snapshot.getFileName().toString());
  }

  @Test
  void aDamagedSnapshotsMessageDoesNotAdviseMovingItAwayAsARecovery() throws IOException {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      store.put("tools", "a", bytes("1"));
    }
    Path snapshot;
    try (Stream<Path> files = Files.list(data.resolve("store"))) {
      snapshot = files.filter(p -> p.toString().endsWith(".bin")).findFirst().orElseThrow();
    }
    byte[] content = Files.readAllBytes(snapshot);
    content[20] ^= 0x7f;
    Files.write(snapshot, content);

    assertThatThrownBy(() -> EmbeddedRegistryStore.open(data))
        .hasMessageContaining("restore the data directory from a backup")
        .hasMessageContaining("Moving the snapshot away does NOT recover")
        .hasMessageNotContaining("move the file away to start");
  }

  @Test
  void aCorruptFrameInTheMiddleOfTheJournalRefusesToStartAndChangesNoFile() throws IOException {
    List<String> keys = List.of("t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9");
    Path journal = crashWithJournal(keys);
    byte[] content = Files.readAllBytes(journal);
    content[content.length / 3] ^= 0x01;
    Files.write(journal, content);
    List<String> before = listing(journal.getParent());

    assertThatThrownBy(() -> EmbeddedRegistryStore.open(data))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("damaged in the middle")
        .hasMessageContaining("were acknowledged")
        .hasMessageContaining("truncate -s")
        .hasMessageContaining("LOSE");
    assertThatThrownBy(() -> EmbeddedRegistryStore.openReadOnly(data))
        .hasMessageContaining("damaged in the middle");
    assertThat(listing(journal.getParent())).isEqualTo(before);
    assertThat(Files.readAllBytes(journal)).isEqualTo(content);
  }

  @Test
  void aTornTailKeepsACopyOfTheJournalItDroppedBytesFrom() throws IOException {
    Path journal = crashWithJournal(List.of("a", "b", "c"));
    byte[] torn =
        java.util.Arrays.copyOf(Files.readAllBytes(journal), (int) Files.size(journal) - 3);
    Files.write(journal, torn);

    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(store.list("tools").keySet()).containsExactly("a", "b");
    }
    try (Stream<Path> files = Files.list(journal.getParent())) {
      Path kept =
          files
              .filter(p -> p.getFileName().toString().startsWith("damaged-journal-"))
              .findFirst()
              .orElseThrow();
      assertThat(Files.readAllBytes(kept)).isEqualTo(torn);
    }
  }

  @Test
  void aJournalWhoseSnapshotIsMissingRefusesToStart() throws IOException {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      store.put("tools", "a", bytes("1"));
    }
    Path snapshot;
    try (Stream<Path> files = Files.list(data.resolve("store"))) {
      snapshot = files.filter(p -> p.toString().endsWith(".bin")).findFirst().orElseThrow();
    }
    Files.move(snapshot, data.resolve("moved-away.bin"));

    assertThatThrownBy(() -> EmbeddedRegistryStore.open(data))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("which is missing")
        .hasMessageContaining("LOST");
  }

  private static List<String> listing(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aSecondWriterOfTheSameDirectoryIsRefused() {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThatThrownBy(() -> EmbeddedRegistryStore.open(data))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("in use by another Toolgate process")
          .hasMessageContaining("pid " + ProcessHandle.current().pid());
      store.put("tools", "still", bytes("works"));
    }
  }

  @Test
  void aReadOnlyStoreSeesCommittedStateWhileTheWriterRuns() {
    try (EmbeddedRegistryStore writer = EmbeddedRegistryStore.open(data)) {
      writer.put("tools", "a", bytes("1"));
      try (EmbeddedRegistryStore reader = EmbeddedRegistryStore.openReadOnly(data)) {
        assertThat(reader.list("tools").keySet()).containsExactly("a");
        assertThatThrownBy(() -> reader.put("tools", "b", bytes("2")))
            .isInstanceOf(StoreException.class)
            .hasMessageContaining("read-only");
      }
    }
  }

  @Test
  void auditEntriesAreAppendedAsJsonLinesPerDay() throws IOException {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      store.appendAudit(Json.object().put("tool", "a"));
      store.appendAudit(Json.object().put("tool", "b"));
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(data.resolve("audit"))) {
      files = s.toList();
    }
    assertThat(files).singleElement().satisfies(f -> assertThat(f.toString()).endsWith(".jsonl"));
    assertThat(Files.readAllLines(files.getFirst()))
        .containsExactly("{\"tool\":\"a\"}", "{\"tool\":\"b\"}");
  }

  /** Commits one key per value and returns the journal as a crashed process would leave it. */
  private Path crashWithJournal(List<String> keys) throws IOException {
    Path copy = Files.createTempDirectory("toolgate-store");
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(copy)) {
      for (String k : keys) {
        store.put("tools", k, bytes("value of " + k));
      }
      copyTree(copy, data);
    }
    try (Stream<Path> files = Files.list(data.resolve("store"))) {
      return files.filter(p -> p.toString().endsWith(".log")).findFirst().orElseThrow();
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
