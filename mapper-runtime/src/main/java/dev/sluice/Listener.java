package dev.sluice;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * LISTEN for a {@link Database}: one connection of its own, outside the pool, read by one thread.
 *
 * <p>The thread waits on the idle connection in slices ({@link #SLICE_MILLIS}) with the transport's
 * bounded wait, so it never closes the socket to stop waiting: between slices it runs the LISTEN
 * and UNLISTEN callers asked for. Notifications go to each subscription's bounded queue ({@link
 * Listening}); the reader never waits for a consumer. When nothing has come for the heartbeat, it
 * sends a round trip ({@code SELECT 1}) with the heartbeat as its time limit: a dead peer is found
 * within two heartbeats. A lost connection is made again with a back-off that doubles from {@value
 * #FIRST_BACKOFF_MILLIS} ms up to {@value #MAX_BACKOFF_MILLIS} ms, every channel listened to again,
 * and every subscription told that notifications may have been missed ({@link
 * MissedNotifications.Reason#RECONNECTED}): PostgreSQL keeps nothing for a session that is gone.
 */
final class Listener implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(Listener.class.getName());

  static final long SLICE_MILLIS = 100;
  static final long FIRST_BACKOFF_MILLIS = 100;
  static final long MAX_BACKOFF_MILLIS = 5_000;

  /** NAMEDATALEN - 1: a longer name would be truncated by LISTEN, with only a NOTICE. */
  static final int MAX_CHANNEL_BYTES = 63;

  private final ConnectionConfig config;
  private final long heartbeatMillis;
  private final int queueCapacity;

  private final ReentrantLock lock = new ReentrantLock();

  /** Subscriptions by channel. Guarded by lock. */
  private final Map<String, List<Listening>> byChannel = new HashMap<>();

  /** LISTEN / UNLISTEN statements for the thread to run, each with its completion. */
  private final ConcurrentLinkedQueue<Command> commands = new ConcurrentLinkedQueue<>();

  private record Command(String sql, CompletableFuture<Void> done) {}

  /**
   * Completed with the server encoding once a connection has been made; until then, each failed
   * attempt fails the future callers wait on and puts a new one in its place.
   */
  private volatile CompletableFuture<String> connected = new CompletableFuture<>();

  private volatile boolean closed;
  private final Thread thread;

  /** Runs the heartbeat's time limit. */
  private final ScheduledThreadPoolExecutor timer;

  /** Hears the LISTEN and UNLISTEN statements (not the heartbeats); null: none. */
  private final SluiceListener observer;

  /** The connection; the listener thread's alone. */
  private PgConnection connection;

  Listener(
      ConnectionConfig config, Duration heartbeat, int queueCapacity, SluiceListener observer) {
    if (config.statementMode() == dev.sluice.driver.config.StatementMode.UNNAMED) {
      // LISTEN belongs to a session; a transaction-pooling proxy lends the session it ran on to
      // other clients at its end, and their notifications would never come here.
      throw new PgException(
          "0A000",
          "LISTEN needs a server session of its own, which statement_mode=unnamed (for"
              + " transaction-pooling proxies) does not give: listen through a Database connected"
              + " to the server directly, or to a pool in session mode");
    }
    this.config = config;
    this.observer = observer;
    this.heartbeatMillis = Math.max(1, heartbeat.toMillis());
    this.queueCapacity = queueCapacity;
    this.timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "sluice-listener-heartbeat");
              t.setDaemon(true);
              return t;
            });
    timer.setRemoveOnCancelPolicy(true);
    this.thread = new Thread(this::run, "sluice-listener");
    thread.setDaemon(true);
    thread.start();
  }

  /** Refuses a channel name PostgreSQL would truncate or refuse; {@code encoding} the server's. */
  static void checkChannel(String channel, String encoding) {
    if (channel == null || channel.isEmpty()) {
      throw new IllegalArgumentException("a channel name must not be empty");
    }
    if (channel.indexOf('\0') >= 0) {
      throw new PgException("22021", "a channel name cannot contain NUL", null, null);
    }
    int bytes = ServerEncodings.byteLength(channel, encoding);
    if (bytes > MAX_CHANNEL_BYTES) {
      throw new PgException(
          "42622",
          "the channel name \""
              + channel
              + "\" is "
              + bytes
              + " bytes in the server's encoding ("
              + (encoding == null ? "UTF8" : encoding)
              + "); at most 63 are allowed (LISTEN would silently listen on a truncated name)",
          null,
          null);
    }
  }

  Listening subscribe(String channel, Consumer<? super ListenEvent> handler) {
    if (closed) {
      throw new PgException("08003", "the database is closed", null, null);
    }
    String encoding = await(connected, "connecting the listener");
    checkChannel(channel, encoding);
    Listening l = new Listening(this, channel, handler, queueCapacity);
    boolean first;
    lock.lock();
    try {
      List<Listening> list = byChannel.computeIfAbsent(channel, c -> new ArrayList<>());
      first = list.isEmpty();
      list.add(l);
    } finally {
      lock.unlock();
    }
    if (first) {
      try {
        run("LISTEN " + ConnectionQueries.quoteIdentifier(channel));
      } catch (RuntimeException e) {
        l.close();
        throw e;
      }
    }
    return l;
  }

  void unsubscribe(Listening l) {
    boolean last;
    lock.lock();
    try {
      List<Listening> list = byChannel.get(l.channel());
      if (list == null || !list.remove(l)) {
        return;
      }
      last = list.isEmpty();
      if (last) {
        byChannel.remove(l.channel());
      }
    } finally {
      lock.unlock();
    }
    if (last && !closed && Thread.currentThread() != thread) {
      run("UNLISTEN " + ConnectionQueries.quoteIdentifier(l.channel()));
    }
  }

  /** Has the listener thread run {@code sql}, and waits for it. */
  private void run(String sql) {
    Command c = new Command(sql, new CompletableFuture<>());
    commands.add(c);
    await(c.done, sql);
  }

  private <T> T await(CompletableFuture<T> f, String what) {
    long limit = config.connectTimeout().toMillis() + 10_000;
    try {
      return f.get(limit, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new PgException("08006", what + " failed: " + cause, null, cause);
    } catch (TimeoutException e) {
      throw new PgException(
          "08006", what + " did not finish within " + limit + " ms (the listener is reconnecting)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PgException("08006", "interrupted while " + what);
    }
  }

  // ---------------------------------------------------------------- the listener thread

  private void run() {
    long backoff = FIRST_BACKOFF_MILLIS;
    boolean wasConnected = false;
    long lastHeard = System.nanoTime();
    while (!closed) {
      try {
        if (connection == null || connection.isBroken()) {
          connect(wasConnected);
          wasConnected = true;
          backoff = FIRST_BACKOFF_MILLIS;
          lastHeard = System.nanoTime();
        }
        runCommands();
        if (connection.awaitServer(Duration.ofMillis(SLICE_MILLIS))) {
          lastHeard = System.nanoTime();
          connection.checkIdle(false); // notifications to the queues; false if it broke
        } else if (System.nanoTime() - lastHeard >= heartbeatMillis * 1_000_000) {
          ping();
          lastHeard = System.nanoTime();
        }
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "listener connection failed: {0}", e.getMessage());
        CompletableFuture<String> waiting = connected;
        if (!waiting.isDone()) {
          connected = new CompletableFuture<>();
          waiting.completeExceptionally(e);
        }
        if (connection != null) {
          connection.markBroken();
        }
        if (!sleep(backoff)) {
          break;
        }
        backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
      }
    }
    if (connection != null) {
      connection.close();
    }
    failCommands(new PgException("08003", "the database is closed"));
  }

  /**
   * A round trip that must end within the heartbeat: past it the connection is closed (no cancel:
   * there is nothing to cancel, and a dead peer would not take one), which fails the read.
   */
  private void ping() {
    PgConnection c = connection;
    ScheduledFuture<?> cut = timer.schedule(c::markBroken, heartbeatMillis, TimeUnit.MILLISECONDS);
    try {
      c.heartbeat(); // not the application's statement: the observer does not hear it
    } finally {
      cut.cancel(false);
    }
  }

  private void connect(boolean reconnecting) {
    if (connection != null) {
      connection.close();
      connection = null;
    }
    PgConnection c = PgConnection.connect(config, null, observer);
    c.onNotification(this::dispatch);
    try {
      for (String channel : channels()) {
        c.simpleQuery("LISTEN " + ConnectionQueries.quoteIdentifier(channel));
      }
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
    connection = c;
    connected.complete(c.parameter("server_encoding"));
    if (reconnecting) {
      for (Listening l : subscriptions()) {
        l.offer(new MissedNotifications(l.channel(), MissedNotifications.Reason.RECONNECTED));
      }
    }
    // Commands asked for meanwhile run next, on this connection: a LISTEN that ran above already
    // runs again harmlessly, and so does an UNLISTEN of a channel not listened to.
  }

  /** Runs the LISTEN and UNLISTEN asked for; a server error fails the caller's command. */
  private void runCommands() {
    Command c;
    while ((c = commands.peek()) != null) {
      try {
        connection.simpleQuery(c.sql);
        commands.poll();
        c.done.complete(null);
      } catch (PgException e) {
        if (connection.isBroken()) {
          throw e; // the connection's fault: reconnecting runs every LISTEN anyway
        }
        commands.poll();
        c.done.completeExceptionally(e);
      }
    }
  }

  /** Fails every waiting command: the listener is closed. */
  private void failCommands(PgException failure) {
    Command c;
    while ((c = commands.poll()) != null) {
      c.done.completeExceptionally(failure);
    }
  }

  private void dispatch(Notification n) {
    List<Listening> targets;
    lock.lock();
    try {
      List<Listening> list = byChannel.get(n.channel());
      targets = list == null ? List.of() : new ArrayList<>(list);
    } finally {
      lock.unlock();
    }
    for (Listening l : targets) {
      l.offer(n);
    }
  }

  private List<String> channels() {
    lock.lock();
    try {
      return new ArrayList<>(byChannel.keySet());
    } finally {
      lock.unlock();
    }
  }

  private List<Listening> subscriptions() {
    lock.lock();
    try {
      List<Listening> all = new ArrayList<>();
      byChannel.values().forEach(all::addAll);
      return all;
    } finally {
      lock.unlock();
    }
  }

  private boolean sleep(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      return false;
    }
  }

  @Override
  public void close() {
    closed = true;
    for (Listening l : subscriptions()) {
      l.stop(); // their delivery threads end; the connection's end UNLISTENs everything
    }
    timer.shutdownNow();
    thread.interrupt();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
