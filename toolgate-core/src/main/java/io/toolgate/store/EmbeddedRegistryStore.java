package io.toolgate.store;

import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The default {@link RegistryStore}: files in the data directory, safe against a crash or {@code
 * kill -9} at any moment.
 *
 * <pre>
 * &lt;data&gt;/store/LOCK                          held while a process has the store open
 * &lt;data&gt;/store/snapshot-0000000000000007.bin  the whole state as of generation 7
 * &lt;data&gt;/store/journal-0000000000000007.log   commits since that snapshot
 * &lt;data&gt;/audit/audit-2026-03-01.jsonl         the audit log, one JSON object per line (UTC days)
 * </pre>
 *
 * <p><b>Writes.</b> A commit is one frame appended to the journal ({@code length, CRC32, payload}),
 * and {@link #commit} returns only after {@code fsync}; concurrent committers share one {@code
 * fsync} (group commit). When the journal passes {@link Options#compactAfterBytes()}, the whole
 * state is written to a new snapshot (temporary file, {@code fsync}, atomic rename, directory
 * {@code fsync}), a new empty journal is started, and the old files are deleted.
 *
 * <p><b>Recovery.</b> On open the newest snapshot is loaded and its journal replayed; a torn last
 * frame (a crash during a write that was therefore never acknowledged) is dropped, a copy of the
 * journal is kept as {@code damaged-journal-…}, and the store starts a fresh generation. Damage
 * that acknowledged data would be lost to is an error that changes no file: a damaged snapshot, a
 * damaged frame followed by intact ones (a corrupt middle, not a torn tail), a journal whose
 * snapshot is missing ({@link StoreDamage} says which, and what each way out costs). Leftover
 * temporary files are removed.
 *
 * <p>One process at a time: a second {@link #open} of the same directory fails naming the holder's
 * pid. {@link #openReadOnly} reads a snapshot of the state without the lock (for CLI listings while
 * a server runs). Thread-safe.
 *
 * <p>This class orchestrates (the write lock, group commit, compaction); the parts live beside it:
 * {@link StoreState} (the state in memory), {@link Journal} (one journal file), {@link
 * SnapshotFile} (the snapshot format), {@link Records} and {@link FrameReader} (the frames both
 * share), {@link Recovery} (reading the directory at open), {@link StoreDamage} (what damage
 * refuses, keeps and says), {@link DirectoryLock} ({@code LOCK}) and {@link StoreFiles} (numbered
 * files, leftover temporary files, directory {@code fsync}).
 */
public final class EmbeddedRegistryStore implements RegistryStore {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedRegistryStore.class);

  /**
   * Tuning of the embedded store.
   *
   * @param compactAfterBytes journal size that triggers a new snapshot; at least 1 KiB
   */
  public record Options(long compactAfterBytes) {
    /** Compact after 8 MiB of journal. */
    public static final Options DEFAULTS = new Options(8L * 1024 * 1024);

    public Options {
      if (compactAfterBytes < 1024) {
        throw new IllegalArgumentException(
            "compactAfterBytes must be at least 1024, got " + compactAfterBytes);
      }
    }
  }

  private final Path root;
  private final Path dir;
  private final Options options;
  private final boolean readOnly;
  private final StoreState state = new StoreState();
  private final ReentrantLock writeLock = new ReentrantLock();
  private final Object syncLock = new Object();
  private final JsonLinesAudit audit;
  private DirectoryLock lock;
  private Journal journal;
  private long generation;
  private long lastSeq;
  private final AtomicLong durableSeq = new AtomicLong();
  private volatile boolean failed;
  private volatile boolean closed;

  private EmbeddedRegistryStore(Path root, Options options, boolean readOnly) {
    this.root = root.toAbsolutePath().normalize();
    this.dir = this.root.resolve("store");
    this.options = Objects.requireNonNull(options, "options");
    this.readOnly = readOnly;
    this.audit = new JsonLinesAudit(this.root.resolve("audit"));
  }

  /**
   * Opens (creating if needed) the store in {@code dataDir}, recovering from any crash.
   *
   * @throws StoreException when the directory is used by another process, a snapshot is damaged, or
   *     the disk fails
   */
  public static EmbeddedRegistryStore open(Path dataDir) {
    return open(dataDir, Options.DEFAULTS);
  }

  /** Opens the store with explicit {@link Options}. */
  public static EmbeddedRegistryStore open(Path dataDir, Options options) {
    EmbeddedRegistryStore store = new EmbeddedRegistryStore(dataDir, options, false);
    try {
      store.openForWriting();
      return store;
    } catch (IOException | RuntimeException e) {
      store.releaseQuietly();
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException(
          "cannot open the registry store in " + store.dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads the current state of {@code dataDir} without taking the lock or changing any file. Its
   * {@link #commit} and {@link #appendAudit} throw. A missing store reads as empty.
   */
  public static EmbeddedRegistryStore openReadOnly(Path dataDir) {
    EmbeddedRegistryStore store = new EmbeddedRegistryStore(dataDir, Options.DEFAULTS, true);
    try {
      if (Files.isDirectory(store.dir)) {
        store.generation = Recovery.replay(store.dir, store.state::apply).generation();
      }
      return store;
    } catch (IOException e) {
      throw new StoreException(
          "cannot read the registry store in " + store.dir + ": " + e.getMessage(), e);
    }
  }

  private void openForWriting() throws IOException {
    Files.createDirectories(dir);
    StoreFiles.fsyncDirectory(root);
    lock = DirectoryLock.acquire(root, dir);
    StoreFiles.deleteTemporaryFiles(dir);
    Recovery recovery = Recovery.replay(dir, state::apply);
    generation = recovery.generation();
    for (Path damaged : recovery.damaged()) {
      // The compaction below deletes the journal: keep what was dropped for a post-mortem.
      Path kept = StoreDamage.keep(damaged);
      LOG.warn("kept a copy of the damaged journal as {}", kept);
    }
    // Start a fresh generation whenever the journal holds anything: recovery stays bounded, a torn
    // tail is gone for good, and leftovers from an interrupted compaction are cleaned up.
    if (recovery.journalFrames() > 0 || !recovery.damaged().isEmpty() || recovery.leftovers()) {
      compact();
    } else {
      journal = Journal.open(dir, generation, false);
    }
  }

  @Override
  public void commit(List<StoreOp> ops) {
    Objects.requireNonNull(ops, "ops");
    if (ops.isEmpty()) {
      return;
    }
    checkWritable();
    ByteBuffer frame = Records.frame(List.copyOf(ops));
    long seq;
    writeLock.lock();
    try {
      checkWritable();
      try {
        journal.append(frame);
      } catch (IOException e) {
        throw fail("writing the journal " + Journal.path(dir, generation), e);
      }
      state.apply(ops);
      seq = ++lastSeq;
      if (journal.bytes() >= options.compactAfterBytes()) {
        try {
          compact();
        } catch (IOException e) {
          throw fail("writing a snapshot in " + dir, e);
        }
      }
    } finally {
      writeLock.unlock();
    }
    sync(seq);
  }

  /** Makes every commit up to {@code seq} durable; one fsync serves all waiting committers. */
  private void sync(long seq) {
    synchronized (syncLock) {
      if (durableSeq.get() >= seq) {
        return;
      }
      checkWritable();
      long target;
      Journal current;
      writeLock.lock();
      try {
        target = lastSeq;
        current = journal;
      } finally {
        writeLock.unlock();
      }
      try {
        current.force();
      } catch (ClosedChannelException e) {
        // A compaction replaced this journal; its snapshot made every earlier commit durable.
        if (durableSeq.get() >= seq) {
          return;
        }
        throw fail("syncing the journal " + Journal.path(dir, generation), e);
      } catch (IOException e) {
        throw fail("syncing the journal " + Journal.path(dir, generation), e);
      }
      durableSeq.accumulateAndGet(target, Math::max);
    }
  }

  /** Writes the whole state to a new snapshot and starts an empty journal. Holds the write lock. */
  private void compact() throws IOException {
    long next = generation + 1;
    SnapshotFile.write(dir, next, state.namespaces());
    // The snapshot now holds everything: from here on a crash recovers from it.
    Journal fresh = Journal.open(dir, next, true);
    StoreFiles.fsyncDirectory(dir);
    Journal old = journal;
    long oldGeneration = generation;
    journal = fresh;
    generation = next;
    durableSeq.accumulateAndGet(lastSeq, Math::max);
    if (old != null) {
      old.close();
    }
    for (Path f : SnapshotFile.list(dir).headMap(next, false).values()) {
      Files.deleteIfExists(f);
    }
    for (Path f : Journal.list(dir).headMap(next, false).values()) {
      Files.deleteIfExists(f);
    }
    LOG.debug("registry store compacted generation {} into {}", oldGeneration, next);
  }

  @Override
  public Optional<byte[]> get(String namespace, String key) {
    return state.get(namespace, key);
  }

  @Override
  public Map<String, byte[]> list(String namespace) {
    return state.list(namespace);
  }

  @Override
  public void appendAudit(JsonNode entry) {
    if (readOnly) {
      throw new StoreException("the registry store in " + dir + " was opened read-only");
    }
    audit.append(Json.write(entry));
  }

  @Override
  public void follow(Set<String> namespaces, StoreListener listener) {
    Objects.requireNonNull(namespaces, "namespaces");
    Objects.requireNonNull(listener, "listener");
    // A single writer: there is never a commit from elsewhere to deliver.
  }

  /** Local and always current; the sequence counts this process's commits since it opened. */
  @Override
  public StoreStatus status() {
    writeLock.lock();
    try {
      return StoreStatus.local("embedded", lastSeq);
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public String describe() {
    return "embedded:" + root;
  }

  /** The data directory this store lives in. */
  public Path dataDir() {
    return root;
  }

  /** The current generation (bumped by every snapshot); for tests and diagnostics. */
  public long generation() {
    writeLock.lock();
    try {
      return generation;
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    writeLock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      if (!readOnly && !failed && journal != null) {
        try {
          journal.force();
          if (journal.bytes() > 0) {
            compact();
          }
        } catch (IOException e) {
          LOG.warn("closing the registry store in {}: {}", dir, e.toString());
        }
      }
      audit.close();
      releaseQuietly();
    } finally {
      writeLock.unlock();
    }
  }

  private void releaseQuietly() {
    for (AutoCloseable c : new AutoCloseable[] {journal, lock}) {
      if (c != null) {
        try {
          c.close();
        } catch (Exception e) {
          LOG.debug("closing {}", c, e);
        }
      }
    }
    journal = null;
  }

  private void checkWritable() {
    if (readOnly) {
      throw new StoreException("the registry store in " + dir + " was opened read-only");
    }
    if (closed) {
      throw new StoreException("the registry store in " + dir + " is closed");
    }
    if (failed) {
      throw new StoreException(
          "the registry store in "
              + dir
              + " stopped accepting writes after a disk error; fix the disk and restart");
    }
  }

  private StoreException fail(String what, IOException e) {
    failed = true;
    LOG.error("registry store: {} failed; refusing further writes", what, e);
    return new StoreException(what + " failed: " + e.getMessage(), e);
  }
}
