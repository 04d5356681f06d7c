package io.toolgate.invoke.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProcessTreeTest {
  @Test
  void returnsOnlyOnceTheProcessAndItsChildAreGone() throws Exception {
    Process shell =
        new ProcessBuilder("sh", "-c", "sleep 60 & echo $!; echo $$; wait")
            .redirectErrorStream(true)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
    List<Long> pids = List.of(Long.parseLong(out.readLine()), Long.parseLong(out.readLine()));

    ProcessTree.kill(shell, 10_000);

    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("pid %d", pid).isEmpty();
    }
  }

  /**
   * A timed-out call is cancelled by interrupting its worker, which may already be killing the
   * tree; SIGKILL lands asynchronously (late on a loaded machine: simulated here by 300 ms), and
   * the kill must still return only once every process is gone.
   */
  @Test
  void anInterruptWhileKillingDoesNotCutTheWaitForTheTreeShortAndIsKept() {
    SlowToDie child = new SlowToDie(2);
    SlowToDie shell = new SlowToDie(1);

    Thread.currentThread().interrupt();
    ProcessTree.kill(new FakeProcess(shell, child), 10_000);
    boolean stillInterrupted = Thread.interrupted();

    assertThat(child.isAlive()).as("the child").isFalse();
    assertThat(shell.isAlive()).as("the process").isFalse();
    assertThat(stillInterrupted).isTrue();
  }

  /** A process that exits 300 ms after it is sent SIGKILL. */
  private static final class SlowToDie implements ProcessHandle {
    private final long pid;
    private final CompletableFuture<ProcessHandle> exit = new CompletableFuture<>();

    SlowToDie(long pid) {
      this.pid = pid;
    }

    @Override
    public boolean destroyForcibly() {
      exit.completeAsync(() -> this, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
      return true;
    }

    @Override
    public boolean isAlive() {
      return !exit.isDone();
    }

    @Override
    public CompletableFuture<ProcessHandle> onExit() {
      return exit;
    }

    @Override
    public long pid() {
      return pid;
    }

    @Override
    public Optional<ProcessHandle> parent() {
      return Optional.empty();
    }

    @Override
    public Stream<ProcessHandle> children() {
      return Stream.empty();
    }

    @Override
    public Stream<ProcessHandle> descendants() {
      return Stream.empty();
    }

    @Override
    public Info info() {
      return ProcessHandle.current().info();
    }

    @Override
    public boolean supportsNormalTermination() {
      return true;
    }

    @Override
    public boolean destroy() {
      return destroyForcibly();
    }

    @Override
    public int compareTo(ProcessHandle other) {
      return Long.compare(pid, other.pid());
    }
  }

  /** A process with one descendant, both {@link SlowToDie}. */
  private static final class FakeProcess extends Process {
    private final SlowToDie self;
    private final SlowToDie child;

    FakeProcess(SlowToDie self, SlowToDie child) {
      this.self = self;
      this.child = child;
    }

    @Override
    public Stream<ProcessHandle> descendants() {
      return child.isAlive() ? Stream.of(child) : Stream.empty();
    }

    @Override
    public ProcessHandle toHandle() {
      return self;
    }

    @Override
    public Process destroyForcibly() {
      self.destroyForcibly();
      return this;
    }

    @Override
    public void destroy() {
      self.destroyForcibly();
    }

    @Override
    public int exitValue() {
      if (self.isAlive()) {
        throw new IllegalThreadStateException("running");
      }
      return 137;
    }

    @Override
    public int waitFor() throws InterruptedException {
      try {
        self.onExit().get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException(e);
      }
      return exitValue();
    }

    @Override
    public OutputStream getOutputStream() {
      return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream getInputStream() {
      return InputStream.nullInputStream();
    }

    @Override
    public InputStream getErrorStream() {
      return InputStream.nullInputStream();
    }
  }
}
