package dev.sluice.testkit;

import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * One server of a {@link ReplicatedPair}: a data directory run by the binaries' own {@code pg_ctl}
 * (zonky only ran initdb), so that it can be stopped, started, promoted and killed as an operator
 * would. Listens on 127.0.0.1 only, on a port fixed for its life, and on a Unix socket in its own
 * directory. As root (containers), every command runs under {@code unshare -U}, as zonky does,
 * since PostgreSQL refuses to run as root.
 */
final class PairNode {
  private static final long COMMAND_TIMEOUT_SECONDS = 60;

  /** "primary" or "standby", for messages. */
  private final String role;

  /** The node's directory: data/, server.log and the Unix socket. */
  private final Path directory;

  private final Path binDirectory;
  private final int port;

  /** Whether pg_ctl started the server and nobody stopped or killed it since. */
  private volatile boolean running;

  PairNode(String role, Path directory, Path binDirectory, int port) {
    this.role = role;
    this.directory = directory;
    this.binDirectory = binDirectory;
    this.port = port;
  }

  int port() {
    return port;
  }

  Path dataDirectory() {
    return directory.resolve("data");
  }

  boolean isRunning() {
    return running;
  }

  /** Appends settings to postgresql.conf, where they override what comes before. */
  void appendSettings(Map<String, String> settings) {
    StringBuilder conf = new StringBuilder("\n# ReplicatedPair (" + role + ")\n");
    settings.forEach(
        (name, value) ->
            conf.append(name).append(" = '").append(value.replace("'", "''")).append("'\n"));
    append(dataDirectory().resolve("postgresql.conf"), conf.toString());
  }

  void append(Path file, String text) {
    try {
      Files.writeString(
          file,
          text,
          StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + file, e);
    }
  }

  /** pg_ctl start, waiting until the server accepts connections (a standby: hot standby). */
  void start() {
    pgCtl("start", "-w", "-t", "60", "-l", directory.resolve("server.log").toString());
    running = true;
  }

  /** pg_ctl stop in fast mode: sessions are terminated, a checkpoint is written. */
  void stop() {
    pgCtl("stop", "-w", "-m", "fast");
    running = false;
  }

  /** pg_ctl promote, waiting until the standby has left recovery. */
  void promote() {
    pgCtl("promote", "-w", "-t", "60");
  }

  /**
   * SIGKILL to the postmaster named in postmaster.pid, then to every process it had started: the
   * host is gone, its clients see their connections reset. The data directory is left as a crash
   * leaves it.
   */
  void kill() {
    Optional<ProcessHandle> postmaster = postmaster();
    if (postmaster.isEmpty()) {
      throw new TestkitException("no " + role + " server is running in " + dataDirectory());
    }
    List<ProcessHandle> children = new ArrayList<>();
    postmaster.get().descendants().forEach(children::add);
    postmaster.get().destroyForcibly();
    for (ProcessHandle child : children) {
      child.destroyForcibly();
    }
    awaitExit(postmaster.get());
    for (ProcessHandle child : children) {
      awaitExit(child);
    }
    running = false;
  }

  /** Stops the server if it runs (killing it if pg_ctl cannot); never throws for a dead one. */
  void stopQuietly() {
    if (!running) {
      return;
    }
    try {
      stop();
    } catch (RuntimeException e) {
      if (postmaster().isPresent()) {
        kill();
      }
      running = false;
    }
  }

  /** The running postmaster, from the first line of postmaster.pid. */
  Optional<ProcessHandle> postmaster() {
    Path pidFile = dataDirectory().resolve("postmaster.pid");
    try {
      if (!Files.isRegularFile(pidFile)) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
      if (lines.isEmpty() || lines.get(0).isBlank()) {
        return Optional.empty();
      }
      return ProcessHandle.of(Long.parseLong(lines.get(0).trim())).filter(ProcessHandle::isAlive);
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** A pgjdbc connection to the {@code postgres} database as the superuser; the caller closes. */
  Connection jdbc() throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", "postgres");
    properties.setProperty("ApplicationName", "sluice-testkit");
    properties.setProperty("connectTimeout", "5");
    return DriverManager.getConnection(
        "jdbc:postgresql://127.0.0.1:" + port + "/postgres", properties);
  }

  String logTail() {
    Path log = directory.resolve("server.log");
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return "\n--- end of "
          + log
          + " ---\n"
          + String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "\n(no log at " + log + ")";
    }
  }

  @Override
  public String toString() {
    return role + " on 127.0.0.1:" + port;
  }

  private void pgCtl(String... arguments) {
    List<String> command = new ArrayList<>();
    if (LinuxUtils.isUnshareAvailable()) {
      command.add("unshare");
      command.add("-U");
    }
    command.add(binDirectory.resolve("pg_ctl").toString());
    command.add("-D");
    command.add(dataDirectory().toString());
    command.addAll(List.of(arguments));
    Path output = directory.resolve("pg_ctl.out");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(Redirect.to(output.toFile()))
              .start();
      if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new TestkitException(
            String.join(" ", command) + " did not end within 60 s" + logTail());
      }
      if (process.exitValue() != 0) {
        throw new TestkitException(
            String.join(" ", command)
                + " failed ("
                + process.exitValue()
                + "): "
                + Files.readString(output, StandardCharsets.UTF_8).strip()
                + logTail());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestkitException("interrupted while running " + command);
    }
  }

  private static void awaitExit(ProcessHandle process) {
    try {
      process.onExit().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new TestkitException("process " + process.pid() + " outlived SIGKILL by 10 s", e);
    }
  }
}
