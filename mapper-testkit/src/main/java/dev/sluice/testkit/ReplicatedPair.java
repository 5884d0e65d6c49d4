package dev.sluice.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A primary and a streaming-replication standby, for tests of failover, target_session_attrs and
 * read replicas.
 *
 * <p>The embedded binaries hold only initdb, pg_ctl and postgres (no pg_basebackup), so the standby
 * is a cold copy of a cleanly stopped primary: zonky runs initdb and a first start, in which a
 * physical replication slot ({@value #SLOT_NAME}) is made; the server is stopped (a shutdown
 * checkpoint: the files are consistent) and its data directory kept as a template for the JVM (see
 * {@link PairTemplate}), which every pair copies twice. The primary's copy gets a replication line
 * in pg_hba.conf; the standby's loses the copied slot ({@code pg_replslot/*}: a standby must not
 * hold the primary's slot, which would keep WAL forever) and gains {@code standby.signal}, {@code
 * primary_conninfo} with {@code application_name} {@value #STANDBY_NAME}, and {@code
 * primary_slot_name}. Both then run under their own {@code pg_ctl}, on 127.0.0.1 only (a port each,
 * fixed for the pair's life), with the testkit's throwaway settings ({@code fsync} off: nothing
 * here survives a crash of the machine) plus {@code wal_level=replica} and {@code hot_standby=on}.
 *
 * <p>Two kinds: {@link #startSynchronous()} runs the primary with {@code synchronous_commit=on} and
 * sets {@code synchronous_standby_names} to the standby once it streams (set earlier, every commit
 * of the setup itself would wait for a standby not yet there), so a COMMIT that returned is on the
 * standby too; {@link #startAsynchronous()} leaves {@code synchronous_commit} off, for tests where
 * the standby goes away.
 *
 * <p>The roles are named as the pair started: after {@link #promoteStandby()} the "standby" is a
 * primary. Starting a pair takes about 3 s; share one across a test class. {@link #close()} stops
 * both servers (or kills them) and deletes every file; a JVM shutdown hook does so if nobody closed
 * the pair. Misuse to avoid: a killed or stopped primary is not restarted by this class, and after
 * a promotion the old primary must never be started again as it is (it would be a second primary,
 * its timeline diverged).
 */
public final class ReplicatedPair implements AutoCloseable {
  /** The standby's application_name, which synchronous_standby_names names. */
  public static final String STANDBY_NAME = "sluice_standby";

  /** The physical replication slot on the primary that the standby streams from. */
  public static final String SLOT_NAME = "sluice_standby_slot";

  private static final long AWAIT_MILLIS = 30_000;

  private final boolean synchronous;
  private final Path baseDirectory;
  private final PairNode primary;
  private final PairNode standby;
  private final Thread shutdownHook;

  private ReplicatedPair(
      boolean synchronous, Path baseDirectory, PairNode primary, PairNode standby) {
    this.synchronous = synchronous;
    this.baseDirectory = baseDirectory;
    this.primary = primary;
    this.standby = standby;
    this.shutdownHook = new Thread(this::stopAndDelete, "sluice-pair-stop");
  }

  /**
   * Starts a pair whose commits wait for the standby (synchronous_commit=on, a synchronous
   * standby): a COMMIT that returned on the primary is on the standby too. Whatever was started is
   * stopped and deleted again if the start fails.
   *
   * @return the running pair, the standby streaming, which the caller closes
   * @throws TestkitException if a server fails to start, or the standby does not stream within 30
   *     s; the message carries the end of the server's log
   * @throws java.io.UncheckedIOException if the pair's directories cannot be made or copied
   */
  public static ReplicatedPair startSynchronous() {
    return start(true);
  }

  /**
   * Starts a pair whose commits do not wait for the standby, for tests where the standby goes away.
   * Whatever was started is stopped and deleted again if the start fails.
   *
   * @return the running pair, the standby streaming, which the caller closes
   * @throws TestkitException if a server fails to start, or the standby does not stream within 30
   *     s; the message carries the end of the server's log
   * @throws java.io.UncheckedIOException if the pair's directories cannot be made or copied
   */
  public static ReplicatedPair startAsynchronous() {
    return start(false);
  }

  private static ReplicatedPair start(boolean synchronous) {
    Path base;
    try {
      base = Files.createTempDirectory("sluice-pair-");
    } catch (IOException e) {
      throw new UncheckedIOException("could not create a directory for a replicated pair", e);
    }
    ReplicatedPair pair = null;
    try {
      PairTemplate template = PairTemplate.forBinaries(PgServer.defaultBinaries());
      template.copyTo(base.resolve("primary").resolve("data"), false);
      template.copyTo(base.resolve("standby").resolve("data"), true);
      Path bin = template.binDirectory();
      pair =
          new ReplicatedPair(
              synchronous,
              base,
              new PairNode("primary", base.resolve("primary"), bin, freePort()),
              new PairNode("standby", base.resolve("standby"), bin, freePort()));
      Runtime.getRuntime().addShutdownHook(pair.shutdownHook);
      pair.configure();
      pair.primary.start();
      pair.standby.start();
      pair.awaitStreaming();
      if (synchronous) {
        pair.makeStandbySynchronous();
      }
      return pair;
    } catch (RuntimeException e) {
      if (pair != null) {
        pair.close();
      } else {
        deleteRecursively(base);
      }
      throw e;
    }
  }

  private void configure() {
    Map<String, String> common = new LinkedHashMap<>();
    common.put("listen_addresses", "127.0.0.1");
    common.put("wal_level", "replica");
    common.put("hot_standby", "on");
    common.put("wal_receiver_status_interval", "1s");
    // zonky's first start ran with max_connections=300 (its command line), which the control file
    // recorded: a standby refuses to replay with a lower value than the primary had.
    common.put("max_connections", "300");

    Map<String, String> primarySettings = new LinkedHashMap<>(common);
    primarySettings.put("port", Integer.toString(primary.port()));
    primarySettings.put("unix_socket_directories", baseDirectory.resolve("primary").toString());
    primarySettings.put("synchronous_commit", synchronous ? "on" : "off");
    primary.appendSettings(primarySettings);
    primary.append(
        primary.dataDirectory().resolve("pg_hba.conf"),
        "\nhost replication postgres 127.0.0.1/32 trust\n");

    Map<String, String> standbySettings = new LinkedHashMap<>(common);
    standbySettings.put("port", Integer.toString(standby.port()));
    standbySettings.put("unix_socket_directories", baseDirectory.resolve("standby").toString());
    standbySettings.put(
        "primary_conninfo",
        "host=127.0.0.1 port="
            + primary.port()
            + " user=postgres application_name="
            + STANDBY_NAME);
    standbySettings.put("primary_slot_name", SLOT_NAME);
    standby.appendSettings(standbySettings);
    standby.append(standby.dataDirectory().resolve("standby.signal"), "");
  }

  /** Waits until pg_stat_replication on the primary shows the standby streaming. */
  private void awaitStreaming() {
    awaitOnPrimary(
        "SELECT count(*) > 0 FROM pg_stat_replication"
            + " WHERE application_name = '"
            + STANDBY_NAME
            + "' AND state = 'streaming'",
        "the standby to stream");
  }

  /**
   * synchronous_standby_names through ALTER SYSTEM (postgresql.auto.conf of the primary only: the
   * standby, once promoted, has none and does not wait), a reload, and a wait until the primary
   * reports the standby as synchronous.
   */
  private void makeStandbySynchronous() {
    try (Connection c = primary.jdbc();
        Statement s = c.createStatement()) {
      s.execute("ALTER SYSTEM SET synchronous_standby_names = '" + STANDBY_NAME + "'");
      s.execute("SELECT pg_reload_conf()");
    } catch (SQLException e) {
      throw new TestkitException("could not set synchronous_standby_names" + primary.logTail(), e);
    }
    awaitOnPrimary(
        "SELECT count(*) > 0 FROM pg_stat_replication"
            + " WHERE application_name = '"
            + STANDBY_NAME
            + "' AND sync_state = 'sync'",
        "the standby to become synchronous");
  }

  private void awaitOnPrimary(String condition, String what) {
    long deadline = System.currentTimeMillis() + AWAIT_MILLIS;
    SQLException last = null;
    while (System.currentTimeMillis() < deadline) {
      try (Connection c = primary.jdbc();
          Statement s = c.createStatement();
          ResultSet rows = s.executeQuery(condition)) {
        rows.next();
        if (rows.getBoolean(1)) {
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      pause(50);
    }
    throw new TestkitException(
        "timed out after " + AWAIT_MILLIS + " ms waiting for " + what + standby.logTail(), last);
  }

  /**
   * Whether commits on the primary wait for the standby.
   *
   * @return true for a pair of {@link #startSynchronous()}
   */
  public boolean isSynchronous() {
    return synchronous;
  }

  /**
   * The host both servers listen on.
   *
   * @return {@code 127.0.0.1}
   */
  public String host() {
    return "127.0.0.1";
  }

  /**
   * The primary's TCP port, fixed for the pair's life.
   *
   * @return the port
   */
  public int primaryPort() {
    return primary.port();
  }

  /**
   * The standby's TCP port, fixed for the pair's life (also once promoted).
   *
   * @return the port
   */
  public int standbyPort() {
    return standby.port();
  }

  /**
   * {@code postgresql://postgres@127.0.0.1:<primary>,127.0.0.1:<standby>/postgres}, with {@code
   * query} ({@code "target_session_attrs=read-write"}) after a '?' unless it is empty.
   *
   * @param query the URL's query, without the '?'; null or empty for none
   * @return a Sluice driver URL naming both servers, the primary first, as {@code postgres}
   */
  public String url(String query) {
    return "postgresql://postgres@127.0.0.1:"
        + primary.port()
        + ",127.0.0.1:"
        + standby.port()
        + "/postgres"
        + (query == null || query.isEmpty() ? "" : "?" + query);
  }

  /**
   * A Sluice driver URL naming the primary only.
   *
   * @return {@code postgresql://postgres@127.0.0.1:<primary>/postgres}
   */
  public String primaryUrl() {
    return "postgresql://postgres@127.0.0.1:" + primary.port() + "/postgres";
  }

  /**
   * A Sluice driver URL naming the standby only.
   *
   * @return {@code postgresql://postgres@127.0.0.1:<standby>/postgres}
   */
  public String standbyUrl() {
    return "postgresql://postgres@127.0.0.1:" + standby.port() + "/postgres";
  }

  /**
   * Opens a pgjdbc connection to the primary's {@code postgres} database as {@code postgres}.
   *
   * @return the open connection, which the caller closes
   * @throws SQLException if the connection fails, e.g. the primary is stopped
   */
  public Connection jdbcPrimary() throws SQLException {
    return primary.jdbc();
  }

  /**
   * Opens a pgjdbc connection to the standby's {@code postgres} database as {@code postgres}.
   *
   * @return the open connection, which the caller closes
   * @throws SQLException if the connection fails, e.g. the standby is stopped
   */
  public Connection jdbcStandby() throws SQLException {
    return standby.jdbc();
  }

  /**
   * Runs SQL in the primary's {@code postgres} database, with autocommit.
   *
   * @param sql one statement or several separated by semicolons
   * @throws TestkitException if the connection or a statement fails; the message names the SQL
   */
  public void executeOnPrimary(String sql) {
    try (Connection c = primary.jdbc();
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new TestkitException("on the primary, running " + sql + ": " + e.getMessage(), e);
    }
  }

  /**
   * Waits until the standby has replayed all WAL the primary has inserted so far: what was
   * committed on the primary before this call is visible on the standby after it (asynchronous
   * pairs too, whose commits may not even be written to disk yet: hence the insert position).
   */
  public void awaitReplay() {
    String lsn;
    try (Connection c = primary.jdbc();
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT pg_current_wal_insert_lsn()::text")) {
      rows.next();
      lsn = rows.getString(1);
    } catch (SQLException e) {
      throw new TestkitException("could not read the primary's WAL position", e);
    }
    long deadline = System.currentTimeMillis() + AWAIT_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      try (Connection c = standby.jdbc();
          PreparedStatement s =
              c.prepareStatement("SELECT pg_last_wal_replay_lsn() >= ?::text::pg_lsn")) {
        s.setString(1, lsn);
        try (ResultSet rows = s.executeQuery()) {
          rows.next();
          if (rows.getBoolean(1)) {
            return;
          }
        }
      } catch (SQLException e) {
        throw new TestkitException("could not read the standby's replay position", e);
      }
      pause(20);
    }
    throw new TestkitException("the standby did not replay up to " + lsn + standby.logTail());
  }

  /** Promotes the standby (pg_ctl promote), returning once it accepts writes. */
  public void promoteStandby() {
    standby.promote();
  }

  /** Stops the primary in fast mode: its sessions get a FATAL 57P01, then the socket closes. */
  public void stopPrimary() {
    primary.stop();
  }

  /**
   * Kills the primary: SIGKILL to the postmaster (its pid from postmaster.pid) and to its children,
   * as when its host dies; clients see their connections reset, nothing more.
   */
  public void killPrimary() {
    primary.kill();
  }

  /** Stops the standby (fast mode); on a synchronous pair, commits on the primary then wait. */
  public void stopStandby() {
    standby.stop();
  }

  /** Starts the stopped standby again, returning once it accepts connections. */
  public void startStandby() {
    standby.start();
  }

  /**
   * Whether the primary's server is running (not stopped nor killed).
   *
   * @return true while its postmaster runs
   */
  public boolean isPrimaryRunning() {
    return primary.isRunning();
  }

  /** Stops both servers (killing what will not stop) and deletes their directories. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // The hook runs now; stopAndDelete is safe to run twice.
    }
    stopAndDelete();
  }

  @Override
  public String toString() {
    return "ReplicatedPair("
        + (synchronous ? "synchronous" : "asynchronous")
        + ", "
        + primary
        + ", "
        + standby
        + ")";
  }

  private synchronized void stopAndDelete() {
    try {
      standby.stopQuietly();
    } finally {
      try {
        primary.stopQuietly();
      } finally {
        deleteRecursively(baseDirectory);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Files and ports

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("could not find a free port", e);
    }
  }

  private static void deleteRecursively(Path directory) {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete " + directory, e);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestkitException("interrupted while waiting for a replicated pair");
    }
  }
}
