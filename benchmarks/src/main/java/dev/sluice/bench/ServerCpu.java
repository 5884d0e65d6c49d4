package dev.sluice.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The CPU time of a PostgreSQL server on this machine: the postmaster and every process it forked
 * (backends, WAL writer, checkpointer, …), summed from their {@code /proc/<pid>/stat} (utime +
 * stime, in clock ticks of 10 ms, {@code USER_HZ} = 100 on Linux). The postmaster is found as the
 * parent of the admin connection's backend ({@code pg_backend_pid()}). COPY moves work from the
 * client to the server, so its cells report both. A process that exits during an iteration takes
 * its time with it; the cells' connections live as long as the cell.
 */
final class ServerCpu {
  private static final long NANOS_PER_TICK = 10_000_000L;

  /** The postmaster's process id. */
  private final long postmaster;

  private ServerCpu(long postmaster) {
    this.postmaster = postmaster;
  }

  /** The server {@code admin} is connected to, or null when its processes cannot be read here. */
  static ServerCpu of(Connection admin) throws SQLException {
    long backend;
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      backend = rs.getLong(1);
    }
    long[] stat = stat(Path.of("/proc", Long.toString(backend), "stat"));
    return stat == null ? null : new ServerCpu(stat[0]);
  }

  /** The server's CPU time so far, in ns; -1 if /proc could not be read. */
  long nanos() {
    long ticks = 0;
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : procs) {
        long pid = Long.parseLong(p.getFileName().toString());
        long[] stat = stat(p.resolve("stat"));
        if (stat != null && (pid == postmaster || stat[0] == postmaster)) {
          ticks += stat[1];
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return ticks * NANOS_PER_TICK;
  }

  /** {parent pid, utime + stime} from a /proc stat file, or null if it is gone or unreadable. */
  private static long[] stat(Path file) {
    String line;
    try {
      line = Files.readString(file);
    } catch (IOException e) {
      return null; // the process ended, or this is no Linux
    }
    // The command name is in parentheses and may hold spaces: fields count from after ')'.
    String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
    // f[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return new long[] {Long.parseLong(f[1]), Long.parseLong(f[11]) + Long.parseLong(f[12])};
  }
}
