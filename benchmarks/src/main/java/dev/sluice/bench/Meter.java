package dev.sluice.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Measures one iteration: wall time, the process's CPU time (all threads: the client's, its I/O
 * threads', the JIT's and the GC's) and the JIT compiler threads' part of it, and the bytes
 * allocated by every live thread, summed from per-thread counters taken before and after. A thread
 * that ends between the two snapshots loses its count, so cells keep their worker threads alive
 * across iterations.
 *
 * <p>CPU time comes from {@code /proc/self/task/<tid>/schedstat} where Linux has it: the
 * nanoseconds each thread ran, summed over the process's threads. {@code
 * OperatingSystemMXBean.getProcessCpuTime} (the fallback elsewhere) counts in clock ticks of 10 ms
 * on Linux, too coarse for iterations of 100 ms.
 */
final class Meter {
  private final com.sun.management.ThreadMXBean threads =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final List<GarbageCollectorMXBean> collectors =
      ManagementFactory.getGarbageCollectorMXBeans();

  private long[] idsBefore;
  private long[] bytesBefore;
  private long cpuBefore;
  private long jitBefore;
  private long gcBefore;
  private long wallBefore;

  Meter() {
    if (!threads.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot count allocated bytes per thread");
    }
    threads.setThreadAllocatedMemoryEnabled(true);
  }

  /**
   * Reading the CPU clock allocates (a directory listing, a string per thread), so it happens
   * outside the window in which bytes are counted: first and last.
   */
  void start() {
    long[] cpu = cpuNanos();
    cpuBefore = cpu[0];
    jitBefore = cpu[1];
    gcBefore = gcMillis();
    idsBefore = threads.getAllThreadIds();
    bytesBefore = threads.getThreadAllocatedBytes(idsBefore);
    wallBefore = System.nanoTime();
  }

  Sample stop(long units) {
    long wall = System.nanoTime() - wallBefore;
    long[] ids = threads.getAllThreadIds();
    long[] bytes = threads.getThreadAllocatedBytes(ids);
    long gc = gcMillis() - gcBefore;
    long[] cpu = cpuNanos();
    long jit = jitBefore < 0 || cpu[1] < 0 ? -1 : cpu[1] - jitBefore;
    return new Sample(
        wall,
        cpu[0] - cpuBefore,
        allocatedBetween(idsBefore, bytesBefore, ids, bytes),
        gc,
        units,
        jit);
  }

  private static final Path TASKS = Path.of("/proc/self/task");
  private static final boolean SCHEDSTAT = Files.isReadable(TASKS.resolve(pid() + "/schedstat"));

  private static String pid() {
    return Long.toString(ProcessHandle.current().pid());
  }

  /** Which CPU clock {@link #stop} uses, for the report. */
  static String cpuClock() {
    return SCHEDSTAT
        ? "the threads' run time from /proc/self/task/*/schedstat (ns)"
        : "OperatingSystemMXBean.getProcessCpuTime";
  }

  /**
   * CPU time of the process so far, [0]: its live threads' run time, or the OS's process figure;
   * and [1] the part its JIT compiler threads ran (by their names, "C1 CompilerThre…" and "C2
   * CompilerThre…"), -1 without schedstat.
   */
  private long[] cpuNanos() {
    if (!SCHEDSTAT) {
      return new long[] {os.getProcessCpuTime(), -1};
    }
    long total = 0;
    long jit = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        try {
          String line = Files.readString(task.resolve("schedstat"));
          int space = line.indexOf(' ');
          long ran = Long.parseLong(space < 0 ? line.trim() : line.substring(0, space));
          total += ran;
          String name = Files.readString(task.resolve("comm"));
          if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
            jit += ran;
          }
        } catch (IOException | NumberFormatException e) {
          // The thread ended while being read: it no longer counts, as in the byte counts.
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new long[] {total, jit};
  }

  /** Collection time so far, summed over the collectors (G1 Young and Old Generation). */
  private long gcMillis() {
    long total = 0;
    for (GarbageCollectorMXBean c : collectors) {
      total += Math.max(0, c.getCollectionTime());
    }
    return total;
  }

  /**
   * Bytes allocated between two snapshots of (thread id, bytes so far): the growth of each thread
   * alive at the end, counting from zero for threads started in between. A count of -1 means the
   * thread ended while being sampled; it is left out.
   */
  static long allocatedBetween(
      long[] idsBefore, long[] bytesBefore, long[] idsAfter, long[] bytesAfter) {
    long total = 0;
    for (int k = 0; k < idsAfter.length; k++) {
      if (bytesAfter[k] < 0) {
        continue;
      }
      long before = 0;
      for (int j = 0; j < idsBefore.length; j++) {
        if (idsBefore[j] == idsAfter[k]) {
          before = Math.max(0, bytesBefore[j]);
          break;
        }
      }
      total += bytesAfter[k] - before;
    }
    return total;
  }
}
