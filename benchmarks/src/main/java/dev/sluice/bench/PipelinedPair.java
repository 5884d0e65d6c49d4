package dev.sluice.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * The pipelined pool's client-CPU target measured in one JVM ({@link Client#PIPELINED_PAIRED}):
 * Sluice's pipelined pool and pgjdbc + HikariCP, each with its 4 connections, take turns on the
 * same 16 caller threads, in blocks of a tenth of the iteration's W3c lookups, in the order Sluice,
 * pgjdbc, pgjdbc, Sluice, … so that a steady drift of the machine's speed weighs on both alike.
 *
 * <p>Why: the separate cells compare two JVMs run at different times, and here pgjdbc + HikariCP's
 * cell alone runs at anything from 17,000 to 36,000 q/s from one JVM to the next. In one JVM, both
 * clients share the moment, the machine's state and the callers; only the client differs.
 *
 * <p>Each block's CPU is the 16 callers' (their run time from the OS), which is where both clients
 * do their work: neither has a thread of its own on this path (HikariCP's housekeeper wakes every
 * 30 s). The JIT's and GC's threads cannot be told apart by half. The latencies recorded are the
 * Sluice half's.
 */
final class PipelinedPair extends BenchClient {
  /** Blocks per iteration: each client runs half of them. */
  static final int BLOCKS = 10;

  final SluiceClient pipelined = new SluiceClient(false, CellMain.PIPELINING);
  final PgjdbcClient hikari = new PgjdbcClient(PgjdbcClient.Mode.BINARY);

  private final ThreadMXBean clock = ManagementFactory.getThreadMXBean();

  /** The last iteration's callers' CPU ns in each half. */
  long pipelinedNanos;

  long hikariNanos;

  /**
   * Runs ids[from, to) through {@code client} on the 16 callers; the latency of ids[k] goes to
   * latencies[at + k - from] unless {@code at} is negative.
   */
  interface Block {
    long run(BenchClient client, int from, int to, int at) throws Exception;
  }

  @Override
  void setUp(CellSpec spec) throws Exception {
    if (spec.lookups() % (2 * BLOCKS) != 0) {
      throw new IllegalArgumentException(
          Client.PIPELINED_PAIRED.id()
              + " needs a lookup count divisible by "
              + 2 * BLOCKS
              + " (equal halves): "
              + spec.lookups());
    }
    pipelined.setUp(spec);
    hikari.setUp(spec);
  }

  @Override
  void beforeIteration() throws Exception {
    pipelined.beforeIteration();
    hikari.beforeIteration();
  }

  /**
   * One iteration of {@code lookups} lookups in {@link #BLOCKS} blocks; the Sluice half's latencies
   * go to {@code at…} unless it is negative. Returns the lookups done.
   */
  long iteration(Block block, List<Thread> callers, int lookups, int at) throws Exception {
    int size = lookups / BLOCKS;
    long sluice = 0;
    long pgjdbc = 0;
    int sluiceDone = 0;
    long done = 0;
    for (int b = 0; b < BLOCKS; b++) {
      int from = b * size;
      boolean first = b % 4 == 0 || b % 4 == 3;
      long t0 = cpu(callers);
      if (first) {
        done += block.run(pipelined, from, from + size, at < 0 ? -1 : at + sluiceDone);
        sluiceDone += size;
        sluice += cpu(callers) - t0;
      } else {
        done += block.run(hikari, from, from + size, -1);
        pgjdbc += cpu(callers) - t0;
      }
    }
    pipelinedNanos = sluice;
    hikariNanos = pgjdbc;
    return done;
  }

  /** The callers' CPU time so far, in ns. */
  private long cpu(List<Thread> callers) {
    long sum = 0;
    for (Thread t : callers) {
      long ns = clock.getThreadCpuTime(t.getId());
      if (ns < 0) {
        throw new IllegalStateException("no CPU time for caller " + t.getName());
      }
      sum += ns;
    }
    return sum;
  }

  @Override
  public void close() throws Exception {
    try {
      pipelined.close();
    } finally {
      hikari.close();
    }
  }
}
