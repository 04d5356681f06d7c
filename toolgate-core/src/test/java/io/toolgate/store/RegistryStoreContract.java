package io.toolgate.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The behaviour every {@link RegistryStore} shows; an implementation's test extends this and says
 * how to open (and reopen) a store. A PostgreSQL store runs the same tests against its database.
 */
public abstract class RegistryStoreContract {
  @TempDir protected Path dir;

  /** Opens the store kept at {@code dir}; opening again after a close sees the same state. */
  protected abstract RegistryStore open(Path dir);

  protected static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  protected static String text(byte[] b) {
    return new String(b, UTF_8);
  }

  @Test
  void aCommittedValueReadsBack() {
    try (RegistryStore store = open(dir)) {
      store.put("tools", "a", bytes("1"));
      assertThat(store.get("tools", "a")).map(RegistryStoreContract::text).contains("1");
      assertThat(store.get("tools", "b")).isEmpty();
      assertThat(store.get("other", "a")).isEmpty();
    }
  }

  @Test
  void committedValuesSurviveReopening() {
    try (RegistryStore store = open(dir)) {
      store.put("tools", "a", bytes("1"));
      store.put("tools", "b", bytes("2"));
      store.delete("tools", "a");
    }
    try (RegistryStore store = open(dir)) {
      assertThat(store.get("tools", "a")).isEmpty();
      assertThat(store.get("tools", "b")).map(RegistryStoreContract::text).contains("2");
    }
  }

  @Test
  void deleteSaysWhetherTheKeyWasThere() {
    try (RegistryStore store = open(dir)) {
      store.put("tools", "a", bytes("1"));
      assertThat(store.delete("tools", "a")).isTrue();
      assertThat(store.delete("tools", "a")).isFalse();
    }
  }

  @Test
  void listIsSortedByKeyAndScopedToTheNamespace() {
    try (RegistryStore store = open(dir)) {
      store.put("tools", "b", bytes("2"));
      store.put("tools", "a", bytes("1"));
      store.put("vectors", "x", bytes("v"));
      assertThat(store.list("tools").keySet()).containsExactly("a", "b");
      assertThat(store.list("nothing")).isEmpty();
    }
  }

  @Test
  void aCommitOfSeveralOpsIsAppliedInOrder() {
    try (RegistryStore store = open(dir)) {
      store.commit(
          List.of(
              new StoreOp.Put("tools", "a", bytes("1")),
              new StoreOp.Put("tools", "a", bytes("2")),
              new StoreOp.Delete("tools", "missing")));
      assertThat(store.get("tools", "a")).map(RegistryStoreContract::text).contains("2");
    }
  }

  @Test
  void valuesAreCopiedInAndOut() {
    try (RegistryStore store = open(dir)) {
      byte[] value = bytes("abc");
      store.put("tools", "a", value);
      value[0] = 'x';
      store.get("tools", "a").orElseThrow()[1] = 'y';
      store.list("tools").get("a")[2] = 'z';
      assertThat(store.get("tools", "a")).map(RegistryStoreContract::text).contains("abc");
    }
  }

  @Test
  void concurrentCommitsAreAllKept() throws Exception {
    try (RegistryStore store = open(dir);
        ExecutorService pool = Executors.newFixedThreadPool(8)) {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 50; i++) {
                    store.put("tools", thread + "-" + i, bytes("v" + i));
                  }
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    }
    try (RegistryStore store = open(dir)) {
      assertThat(store.list("tools")).hasSize(400);
    }
  }

  @Test
  void aStoreWithNoOtherWriterIsCurrent() {
    try (RegistryStore store = open(dir)) {
      store.put("tools", "a", bytes("1"));
      store.put("tools", "b", bytes("2"));
      StoreStatus status = store.status();
      assertThat(status.connected()).isTrue();
      assertThat(status.behind()).isZero();
      assertThat(status.appliedSeq()).isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void ownCommitsAreNotDeliveredToItsFollowers() throws Exception {
    List<StoreOp> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (RegistryStore store = open(dir)) {
      store.follow(java.util.Set.of("tools"), heard::addAll);
      store.put("tools", "a", bytes("1"));
      Thread.sleep(300);
      assertThat(heard).isEmpty();
    }
  }

  @Test
  void describeNamesTheStore() {
    try (RegistryStore store = open(dir)) {
      assertThat(store.describe()).isNotBlank();
    }
  }
}
