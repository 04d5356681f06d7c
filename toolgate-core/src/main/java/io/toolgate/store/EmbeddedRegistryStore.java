package io.toolgate.store;

import io.toolgate.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 */
public final class EmbeddedRegistryStore implements RegistryStore {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedRegistryStore.class);
  private static final Pattern SNAPSHOT = Pattern.compile("snapshot-(\\d{16})\\.bin");
  private static final Pattern JOURNAL = Pattern.compile("journal-(\\d{16})\\.log");
  private static final byte[] SNAPSHOT_MAGIC = "TGSNAP01".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SNAPSHOT_END = "TGSNAPOK".getBytes(StandardCharsets.US_ASCII);
  private static final int SNAPSHOT_CHUNK_BYTES = 4 * 1024 * 1024;

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
  private final Map<String, ConcurrentSkipListMap<String, byte[]>> state =
      new ConcurrentHashMap<>();
  private final ReentrantLock writeLock = new ReentrantLock();
  private final Object syncLock = new Object();
  private final JsonLinesAudit audit;
  private FileChannel lockChannel;
  private FileLock lock;
  private FileChannel journal;
  private long generation;
  private long journalBytes;
  private long lastSeq;
  private final java.util.concurrent.atomic.AtomicLong durableSeq =
      new java.util.concurrent.atomic.AtomicLong();
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
        store.recover();
      }
      return store;
    } catch (IOException e) {
      throw new StoreException(
          "cannot read the registry store in " + store.dir + ": " + e.getMessage(), e);
    }
  }

  private void openForWriting() throws IOException {
    Files.createDirectories(dir);
    fsyncDirectory(root);
    lockChannel =
        FileChannel.open(
            dir.resolve("LOCK"),
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE);
    try {
      lock = lockChannel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      String holder = Files.readString(dir.resolve("LOCK")).strip();
      throw new StoreException(
          "the data directory "
              + root
              + " is in use by another Toolgate process"
              + (holder.isEmpty() ? "" : " (pid " + holder + ")")
              + "; stop it, or give this one another --data-dir");
    }
    lockChannel.truncate(0);
    lockChannel.write(
        ByteBuffer.wrap(
            Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)),
        0);
    try (DirectoryStream<Path> tmp = Files.newDirectoryStream(dir, "*.tmp")) {
      for (Path t : tmp) {
        Files.deleteIfExists(t);
      }
    }
    Recovery recovery = recovery();
    for (Path damaged : recovery.damaged) {
      // The compaction below deletes the journal: keep what was dropped for a post-mortem.
      Path kept = StoreDamage.keep(damaged);
      LOG.warn("kept a copy of the damaged journal as {}", kept);
    }
    // Start a fresh generation whenever the journal holds anything: recovery stays bounded, a torn
    // tail is gone for good, and leftovers from an interrupted compaction are cleaned up.
    if (recovery.journalFrames > 0 || !recovery.damaged.isEmpty() || recovery.leftovers) {
      compact();
    } else {
      journal = openJournal(generation, false);
      journalBytes = journal.size();
    }
  }

  private record Recovery(int journalFrames, List<Path> damaged, boolean leftovers) {}

  private void recover() throws IOException {
    recovery();
  }

  private Recovery recovery() throws IOException {
    TreeMap<Long, Path> snapshots = files(SNAPSHOT);
    TreeMap<Long, Path> journals = files(JOURNAL);
    generation = snapshots.isEmpty() ? 0 : snapshots.lastKey();
    if (!snapshots.isEmpty()) {
      loadSnapshot(snapshots.lastEntry().getValue());
    }
    if (!journals.isEmpty() && journals.lastKey() > generation) {
      throw StoreDamage.missingSnapshot(journals.lastEntry().getValue(), journals.lastKey());
    }
    int frames = 0;
    List<Path> damaged = new ArrayList<>();
    for (Map.Entry<Long, Path> j : journals.tailMap(generation, true).entrySet()) {
      try (FileChannel channel = FileChannel.open(j.getValue(), StandardOpenOption.READ)) {
        FrameReader reader = new FrameReader(channel, 0);
        int read = 0;
        for (Optional<List<StoreOp>> ops = reader.next(); ops.isPresent(); ops = reader.next()) {
          apply(ops.get());
          read++;
        }
        frames += read;
        if (reader.damagedBytes() > 0) {
          int after = reader.intactFramesAfterDamage();
          if (after > 0) {
            throw StoreDamage.damagedJournal(j.getValue(), reader, read, after);
          }
          damaged.add(j.getValue());
          LOG.warn(StoreDamage.tornTail(j.getValue(), reader));
        }
      }
      generation = Math.max(generation, j.getKey());
    }
    boolean leftovers =
        snapshots.size() > 1
            || journals.headMap(generation, false).size() > 0
            || journals.size() > 1;
    return new Recovery(frames, damaged, leftovers);
  }

  private TreeMap<Long, Path> files(Pattern pattern) throws IOException {
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

  private void loadSnapshot(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      ByteBuffer magic = ByteBuffer.allocate(SNAPSHOT_MAGIC.length);
      channel.read(magic, 0);
      ByteBuffer trailer = ByteBuffer.allocate(SNAPSHOT_END.length + 4);
      if (size >= SNAPSHOT_MAGIC.length + trailer.capacity()) {
        channel.read(trailer, size - trailer.capacity());
      }
      if (!java.util.Arrays.equals(magic.array(), SNAPSHOT_MAGIC)
          || !java.util.Arrays.equals(
              java.util.Arrays.copyOf(trailer.array(), SNAPSHOT_END.length), SNAPSHOT_END)) {
        throw damagedSnapshot(file, "its header or trailer is missing");
      }
      int expectedFrames = trailer.getInt(SNAPSHOT_END.length);
      FrameReader reader = new FrameReader(channel.position(0), SNAPSHOT_MAGIC.length);
      int frames = 0;
      for (Optional<List<StoreOp>> ops = reader.next(); ops.isPresent(); ops = reader.next()) {
        apply(ops.get());
        frames++;
        if (frames == expectedFrames) {
          break;
        }
      }
      if (frames != expectedFrames || reader.goodEnd() != size - trailer.capacity()) {
        throw damagedSnapshot(
            file, "read " + frames + " of " + expectedFrames + " frames; " + reader.stopReason());
      }
    }
  }

  private StoreException damagedSnapshot(Path file, String why) throws IOException {
    return StoreDamage.damagedSnapshot(file, why, files(JOURNAL));
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
        int length = frame.remaining();
        while (frame.hasRemaining()) {
          journal.write(frame);
        }
        journalBytes += length;
      } catch (IOException e) {
        throw fail("writing the journal " + journalPath(generation), e);
      }
      apply(ops);
      seq = ++lastSeq;
      if (journalBytes >= options.compactAfterBytes()) {
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
      FileChannel channel;
      writeLock.lock();
      try {
        target = lastSeq;
        channel = journal;
      } finally {
        writeLock.unlock();
      }
      try {
        channel.force(false);
      } catch (java.nio.channels.ClosedChannelException e) {
        // A compaction replaced this journal; its snapshot made every earlier commit durable.
        if (durableSeq.get() >= seq) {
          return;
        }
        throw fail("syncing the journal " + journalPath(generation), e);
      } catch (IOException e) {
        throw fail("syncing the journal " + journalPath(generation), e);
      }
      durableSeq.accumulateAndGet(target, Math::max);
    }
  }

  /** Writes the whole state to a new snapshot and starts an empty journal. Holds the write lock. */
  private void compact() throws IOException {
    long next = generation + 1;
    Path snapshot = dir.resolve(String.format("snapshot-%016d.bin", next));
    Path tmp = dir.resolve(snapshot.getFileName() + ".tmp");
    try (FileChannel out =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      OutputStream stream =
          new java.io.BufferedOutputStream(
              java.nio.channels.Channels.newOutputStream(out), 1 << 16);
      stream.write(SNAPSHOT_MAGIC);
      int frames = 0;
      List<StoreOp> chunk = new ArrayList<>();
      long chunkBytes = 0;
      for (Map.Entry<String, ConcurrentSkipListMap<String, byte[]>> ns :
          new TreeMap<>(state).entrySet()) {
        for (Map.Entry<String, byte[]> e : ns.getValue().entrySet()) {
          chunk.add(new StoreOp.Put(ns.getKey(), e.getKey(), e.getValue()));
          chunkBytes += e.getValue().length + e.getKey().length() + 16;
          if (chunkBytes >= SNAPSHOT_CHUNK_BYTES) {
            writeFrame(stream, chunk);
            frames++;
            chunk.clear();
            chunkBytes = 0;
          }
        }
      }
      if (!chunk.isEmpty()) {
        writeFrame(stream, chunk);
        frames++;
      }
      stream.write(SNAPSHOT_END);
      stream.write(ByteBuffer.allocate(4).putInt(frames).array());
      stream.flush();
      out.force(true);
    }
    Files.move(tmp, snapshot, StandardCopyOption.ATOMIC_MOVE);
    fsyncDirectory(dir);
    // The snapshot now holds everything: from here on a crash recovers from it.
    FileChannel fresh = openJournal(next, true);
    fsyncDirectory(dir);
    FileChannel old = journal;
    long oldGeneration = generation;
    journal = fresh;
    journalBytes = 0;
    generation = next;
    durableSeq.accumulateAndGet(lastSeq, Math::max);
    if (old != null) {
      old.close();
    }
    for (Path f : files(SNAPSHOT).headMap(next, false).values()) {
      Files.deleteIfExists(f);
    }
    for (Path f : files(JOURNAL).headMap(next, false).values()) {
      Files.deleteIfExists(f);
    }
    LOG.debug("registry store compacted generation {} into {}", oldGeneration, next);
  }

  private static void writeFrame(OutputStream out, List<StoreOp> ops) throws IOException {
    ByteBuffer frame = Records.frame(ops);
    out.write(frame.array(), frame.position(), frame.remaining());
  }

  private FileChannel openJournal(long gen, boolean createNew) throws IOException {
    return FileChannel.open(
        journalPath(gen),
        createNew ? StandardOpenOption.CREATE_NEW : StandardOpenOption.CREATE,
        StandardOpenOption.WRITE,
        StandardOpenOption.APPEND);
  }

  private Path journalPath(long gen) {
    return dir.resolve(String.format("journal-%016d.log", gen));
  }

  private void apply(List<StoreOp> ops) {
    for (StoreOp op : ops) {
      switch (op) {
        case StoreOp.Put put ->
            state
                .computeIfAbsent(put.namespace(), n -> new ConcurrentSkipListMap<>())
                .put(put.key(), put.bytes());
        case StoreOp.Delete delete -> {
          NavigableMap<String, byte[]> ns = state.get(delete.namespace());
          if (ns != null) {
            ns.remove(delete.key());
          }
        }
      }
    }
  }

  @Override
  public Optional<byte[]> get(String namespace, String key) {
    NavigableMap<String, byte[]> ns = state.get(namespace);
    byte[] value = ns == null ? null : ns.get(key);
    return value == null ? Optional.empty() : Optional.of(value.clone());
  }

  @Override
  public Map<String, byte[]> list(String namespace) {
    NavigableMap<String, byte[]> ns = state.get(namespace);
    if (ns == null) {
      return Map.of();
    }
    TreeMap<String, byte[]> out = new TreeMap<>();
    ns.forEach((k, v) -> out.put(k, v.clone()));
    return Collections.unmodifiableSortedMap(out);
  }

  @Override
  public void appendAudit(JsonNode entry) {
    if (readOnly) {
      throw new StoreException("the registry store in " + dir + " was opened read-only");
    }
    audit.append(Json.write(entry));
  }

  @Override
  public void follow(java.util.Set<String> namespaces, StoreListener listener) {
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
          journal.force(false);
          if (journalBytes > 0) {
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
    for (AutoCloseable c : new AutoCloseable[] {journal, lock, lockChannel}) {
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

  private static void fsyncDirectory(Path directory) {
    // Makes a rename or a new file durable. Some platforms cannot open a directory; they order
    // metadata writes themselves.
    try (FileChannel d = FileChannel.open(directory, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      LOG.trace("cannot fsync directory {}: {}", directory, e.toString());
    }
  }
}
