package dev.sluice;

import dev.sluice.driver.ConnectionPool;
import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.StatementMode;
import dev.sluice.dsl.StatementExecutor;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A PostgreSQL database behind a pool of connections. Thread-safe; close it when done.
 *
 * <pre>{@code
 * try (Database db = Database.connect("postgresql://user:secret@localhost:5432/pagila")) {
 *   List<Film> films = db.query("SELECT * FROM film WHERE length > $1", Film.class, 120);
 *   long n = db.transaction(tx -> tx.execute("UPDATE film SET rental_rate = $1 WHERE film_id = $2", rate, 1));
 * }
 * }</pre>
 *
 * <p>Each call outside a transaction takes a connection from the pool and gives it back. A
 * transaction keeps one connection from BEGIN to COMMIT; an exception inside it rolls back and is
 * rethrown, and a transaction in which a statement failed is rolled back, never committed. If the
 * connection is lost while COMMIT is in flight, the outcome is unknown to the client, and it is
 * reported as such: a {@link PgException} with SQLSTATE 08007 (transaction resolution unknown),
 * never as success or as a plain failure.
 */
public final class Database extends ConnectionQueries implements AutoCloseable {
  private final ConnectionPool pool;
  private final Duration listenerHeartbeat;
  private final int listenerQueueCapacity;

  /** The LISTEN connection, made on the first {@link #listen}. Guarded by this. */
  private Listener listener;

  private boolean closed;

  /** Shared, pipelined connections ({@link Builder#pipelining}), or null. */
  private final SharedRoute shared;

  private Database(
      ConnectionPool pool,
      SharedRoute shared,
      Duration listenerHeartbeat,
      int listenerQueueCapacity) {
    this.pool = pool;
    this.shared = shared;
    this.listenerHeartbeat = listenerHeartbeat;
    this.listenerQueueCapacity = listenerQueueCapacity;
  }

  /**
   * Connects with a {@code postgresql://} or {@code postgres://} URL, or a libpq key/value string
   * ({@code host=db1 dbname=app}), and default pool settings; what it leaves out comes from the
   * service, the environment (PGHOST, PGUSER, …) and the password file, as in libpq.
   *
   * <p>Nothing connects yet: the pool opens connections as calls need them.
   *
   * @param url the URL or key/value string
   * @return the database
   * @throws PgException with SQLSTATE 08001 if the string is not a connection string or names an
   *     unknown keyword
   */
  public static Database connect(String url) {
    return builder().url(url).build();
  }

  /**
   * A builder of a Database's settings: a URL or its parts, the pool's limits, timeouts, listeners.
   *
   * @return a new builder, with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  PgConnection acquire() {
    return pool.acquire();
  }

  @Override
  SharedRoute shared() {
    return shared;
  }

  /**
   * Runs {@code body} with every statement on one connection held for it: session state (a SET, a
   * temporary table, an advisory lock, LISTEN) lasts from one statement to the next, which a
   * pipelined database's shared connections never allow. The connection goes back to the pool, its
   * session state cleared, when {@code body} returns. The {@link Queries} given are valid only
   * inside {@code body}, and for one thread at a time.
   *
   * @param <R> what {@code body} returns
   * @param body the calls to run on the one connection
   * @return what {@code body} returned
   */
  public <R> R pinned(java.util.function.Function<Queries, R> body) {
    PgConnection c = pool.acquire();
    PinnedQueries q = new PinnedQueries(c);
    try {
      return body.apply(q);
    } finally {
      q.end();
      pool.release(c);
    }
  }

  @Override
  void release(PgConnection c) {
    pool.release(c);
  }

  /**
   * The same queries with another client-side limit on each call (see {@link
   * Builder#queryTimeout}); zero for none.
   *
   * @param timeout the limit on each call; zero for none
   * @return the queries on this database, with the limit
   * @throws IllegalArgumentException if {@code timeout} is negative
   */
  public Queries withQueryTimeout(Duration timeout) {
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("query timeout < 0: " + timeout);
    }
    Database db = this;
    SharedRoute route = shared == null ? null : shared.withTimeout(timeout.toMillis());
    return new ConnectionQueries() {
      @Override
      SharedRoute shared() {
        return route;
      }

      @Override
      PgConnection acquire() {
        PgConnection c = db.acquire();
        c.queryTimeout(timeout);
        return c;
      }

      @Override
      void release(PgConnection c) {
        c.resetQueryTimeout();
        db.release(c);
      }
    };
  }

  /**
   * {@link #transaction(TxFunction)}: a transaction of its own, rolled back if {@code body} throws.
   */
  @Override
  public <R> R atomically(Function<? super StatementExecutor, ? extends R> body) {
    return transaction(tx -> body.apply(tx));
  }

  /**
   * Runs {@code body} in a transaction and commits it, returning what {@code body} returns.
   *
   * @param <R> what {@code body} returns
   * @param body the transaction's statements, run on the {@link Transaction} it is given
   * @return what {@code body} returned, after COMMIT
   * @throws PgException if a statement or COMMIT fails (the transaction rolled back), or with
   *     SQLSTATE 08007 if the connection was lost with COMMIT in flight
   */
  public <R> R transaction(TxFunction<R> body) {
    return transaction(TxOptions.DEFAULT, body);
  }

  /**
   * Runs {@code body} in a transaction begun with {@code options} and commits it; with {@link
   * TxOptions#attempts} above 1, runs the whole transaction again after a failure that surely left
   * nothing committed (see {@link TxRetry}): a serialization failure, a deadlock, or a connection
   * lost or refused before COMMIT, as in a failover. Never after an unknown COMMIT outcome (08007).
   *
   * @param <R> what {@code body} returns
   * @param options the isolation level, read-only and deferrable modes, and the attempts
   * @param body the transaction's statements, run on the {@link Transaction} it is given; on a
   *     retry, run again from the start
   * @return what {@code body} returned, after COMMIT
   * @throws PgException if a statement or COMMIT fails and no attempt is left (or the failure is
   *     not one to retry), or with SQLSTATE 08007 if the connection was lost with COMMIT in flight
   */
  public <R> R transaction(TxOptions options, TxFunction<R> body) {
    for (int attempt = 1; ; attempt++) {
      try {
        return TransactionRun.attempt(pool, options, body);
      } catch (PgException e) {
        if (attempt >= options.attempts() || !TxRetry.isRetryable(e, options)) {
          throw e;
        }
        TxRetry.pause(attempt, e);
      }
    }
  }

  /**
   * Runs {@code body} in a transaction and commits it.
   *
   * @param body the transaction's statements, run on the {@link Transaction} it is given
   * @throws PgException as {@link #transaction(TxFunction)} does
   */
  public void useTransaction(TxAction body) {
    useTransaction(TxOptions.DEFAULT, body);
  }

  /**
   * Runs {@code body} in a transaction begun with {@code options} and commits it, retrying as
   * {@link #transaction(TxOptions, TxFunction)} does.
   *
   * @param options the isolation level, read-only and deferrable modes, and the attempts
   * @param body the transaction's statements, run on the {@link Transaction} it is given
   * @throws PgException as {@link #transaction(TxOptions, TxFunction)} does
   */
  public void useTransaction(TxOptions options, TxAction body) {
    transaction(
        options,
        tx -> {
          body.run(tx);
          return null;
        });
  }

  // ---------------------------------------------------------------- LISTEN / NOTIFY

  /**
   * Listens on {@code channel}: {@code handler} gets each {@link Notification}, and a {@link
   * MissedNotifications} wherever some may have been lost (the connection was lost and made again,
   * or the handler fell so far behind that the queue was full). The handler runs on a thread of the
   * subscription's own, one event at a time; a slow one never stops the connection being read.
   * Close the returned {@link Listening} to stop.
   *
   * <p>The channel is a quoted identifier, so it is case-sensitive: {@code listen("Orders")} hears
   * {@code NOTIFY "Orders"} and {@code pg_notify('Orders', …)}, but not another application's
   * unquoted {@code NOTIFY Orders}, which means {@code orders}. A name of more than 63 bytes in the
   * server's encoding is refused (LISTEN would truncate it with only a NOTICE and listen on another
   * channel). Notifications arrive only when the sending transaction commits; identical ones (same
   * channel and payload) within one transaction are folded into one; those of one sending
   * transaction arrive in the order sent, and transactions' in commit order; nothing is ordered
   * across a reconnection. Listening uses one connection of its own, outside the pool, for all
   * channels.
   *
   * @param channel the channel's name, case-sensitive, at most 63 bytes
   * @param handler called with each event, on the subscription's thread
   * @return the subscription; close it to stop
   * @throws IllegalArgumentException if {@code handler} is null or {@code channel} empty
   * @throws PgException if the channel's name is refused, the database is closed (08003), or the
   *     LISTEN fails
   */
  public Listening listen(
      String channel, java.util.function.Consumer<? super ListenEvent> handler) {
    if (handler == null) {
      throw new IllegalArgumentException("handler is null; listen(channel) is the polling form");
    }
    return listener().subscribe(channel, handler);
  }

  /**
   * {@link #listen(String, java.util.function.Consumer)} without a handler: events wait in the
   * subscription's bounded queue for {@link Listening#poll}.
   *
   * @param channel the channel's name, case-sensitive, at most 63 bytes
   * @return the subscription, to poll; close it to stop
   * @throws IllegalArgumentException if {@code channel} is empty
   * @throws PgException if the channel's name is refused, the database is closed (08003), or the
   *     LISTEN fails
   */
  public Listening listen(String channel) {
    return listener().subscribe(channel, null);
  }

  private synchronized Listener listener() {
    if (closed) {
      throw new PgException("08003", "the database is closed");
    }
    if (listener == null) {
      listener =
          new Listener(pool.config(), listenerHeartbeat, listenerQueueCapacity, pool.listener());
    }
    return listener;
  }

  /**
   * Sends a notification through {@code pg_notify}, with both values bound: delivered to listeners
   * when the transaction commits (at once outside one). A payload of 8,000 bytes or more, or a
   * channel name over 63 bytes, counted in the server's encoding, is refused before anything is
   * sent. On a {@link Transaction}, run {@code tx.execute("SELECT pg_notify($1, $2)", …)}.
   *
   * @param channel the channel's name, at most 63 bytes in the server's encoding
   * @param payload the payload, under 8,000 bytes in the server's encoding; null is empty
   * @throws IllegalArgumentException if {@code channel} is empty
   * @throws PgException with SQLSTATE 22023 if the payload is too long, or as the channel's name is
   *     refused, or if the call fails
   */
  public void notify(String channel, String payload) {
    String p = payload == null ? "" : payload;
    withConnection(
        c -> {
          String encoding = c.parameter("server_encoding");
          Listener.checkChannel(channel, encoding);
          int bytes = ServerEncodings.byteLength(p, encoding);
          if (bytes >= 8000) {
            throw new PgException(
                "22023",
                "a notification payload must be under 8,000 bytes in the server's encoding; this"
                    + " one is "
                    + bytes,
                null,
                null);
          }
          return c.execute("SELECT pg_catalog.pg_notify($1, $2)", new Object[] {channel, p});
        });
  }

  /**
   * Connections open now, idle and in use.
   *
   * @return the number of open connections
   */
  public int poolSize() {
    return pool.size();
  }

  /**
   * Idle connections now.
   *
   * @return the number of idle connections
   */
  public int idleConnections() {
    return pool.idleCount();
  }

  /**
   * The most connections the pool opens ({@link Builder#maxPoolSize}).
   *
   * @return the pool's limit
   */
  public int maxPoolSize() {
    return pool.maxSize();
  }

  /** Closes every connection, the listener's too; calls after this fail. */
  @Override
  public void close() {
    Listener l;
    synchronized (this) {
      closed = true;
      l = listener;
    }
    if (l != null) {
      l.close();
    }
    if (shared != null) {
      shared.close();
    }
    pool.close();
  }

  @Override
  public String toString() {
    return "Database[" + pool.config() + ", pool " + pool.size() + "/" + pool.maxSize() + "]";
  }

  /** Settings of a {@link Database}: a URL, or parts, and the pool's limits. */
  public static final class Builder {
    private final ConnectionConfig.Builder config = ConnectionConfig.builder();
    private int maxPoolSize = 10;
    private Duration acquireTimeout = Duration.ofSeconds(30);
    private Duration idleTimeout = Duration.ofMinutes(10);
    private Duration maxLifetime = Duration.ofMinutes(30);
    private NoticeListener noticeListener;
    private Duration listenerHeartbeat = Duration.ofSeconds(10);
    private int listenerQueueCapacity = 10_000;
    private int pipelining;
    private final java.util.List<SluiceListener> listeners = new java.util.ArrayList<>();
    private Duration slowStatementThreshold;

    private Builder() {}

    /**
     * A {@code postgresql://} URL or libpq key/value string; later settings override its parts.
     *
     * @param url the URL or key/value string
     * @return this builder
     * @throws PgException with SQLSTATE 08001 if the string is not a connection string or names an
     *     unknown keyword
     */
    public Builder url(String url) {
      config.url(url);
      return this;
    }

    /**
     * The server's host and port (libpq's {@code host} and {@code port}).
     *
     * @param host the host name or address, or a Unix-domain socket's directory
     * @param port the port
     * @return this builder
     */
    public Builder host(String host, int port) {
      config.host(host, port);
      return this;
    }

    /**
     * The user to connect as (libpq's {@code user}).
     *
     * @param user the user's name
     * @return this builder
     */
    public Builder user(String user) {
      config.user(user);
      return this;
    }

    /**
     * The password, if the server asks for one (libpq's {@code password}).
     *
     * @param password the password
     * @return this builder
     */
    public Builder password(String password) {
      config.password(password);
      return this;
    }

    /**
     * The database to connect to (libpq's {@code dbname}).
     *
     * @param database the database's name
     * @return this builder
     */
    public Builder database(String database) {
      config.database(database);
      return this;
    }

    /**
     * Called for the password on each connection attempt whose server asks for one: each connection
     * the pool opens, each host tried. For short-lived tokens (RDS, Azure and Cloud SQL IAM
     * authentication); a password given by the URL or {@link #password} is used instead. What it
     * throws is the cause of the connect error.
     *
     * @param supplier gives the password, each time it is asked
     * @return this builder
     */
    public Builder passwordSupplier(Supplier<String> supplier) {
      config.passwordSupplier(supplier);
      return this;
    }

    /**
     * The {@code application_name} each connection reports to the server ({@code
     * pg_stat_activity}).
     *
     * @param name the name
     * @return this builder
     */
    public Builder applicationName(String name) {
      config.applicationName(name);
      return this;
    }

    /**
     * Time allowed to connect and authenticate (default 10 s).
     *
     * @param timeout the limit
     * @return this builder
     */
    public Builder connectTimeout(Duration timeout) {
      config.connectTimeout(timeout);
      return this;
    }

    /**
     * The server aborts any statement running longer than this (statement_timeout, SQLSTATE 57014).
     *
     * @param timeout the limit; zero for none
     * @return this builder
     */
    public Builder statementTimeout(Duration timeout) {
      config.startupParameter("statement_timeout", Long.toString(timeout.toMillis()));
      return this;
    }

    /**
     * The client's own limit on each call (default: none), also for a server or network that stops
     * answering: past it the statement is cancelled (SQLSTATE 57014, saying the timeout passed),
     * and if the server does not end it within 5 s more, the connection is closed (08006). A
     * stream's limit covers opening it, not reading its rows. Per call: {@link #withQueryTimeout}.
     *
     * @param timeout the limit; zero for none
     * @return this builder
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public Builder queryTimeout(Duration timeout) {
      config.queryTimeout(timeout);
      return this;
    }

    /**
     * Any server setting for every connection, e.g. ("search_path", "app,public").
     *
     * @param name the setting's name
     * @param value its value
     * @return this builder
     */
    public Builder serverSetting(String name, String value) {
      config.startupParameter(name, value);
      return this;
    }

    /**
     * Prepared statements kept per connection (default 256).
     *
     * @param size the number of statements, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code size} is less than 1
     */
    public Builder statementCacheSize(int size) {
      config.statementCacheSize(size);
      return this;
    }

    /**
     * Runs batches of a plain {@code INSERT … VALUES (…)} as a few statements that each insert many
     * rows (default off; the URL keyword is {@code rewrite_batched_inserts}): {@code INSERT …
     * SELECT … FROM unnest($1, $2, …)} with one binary array per parameter and up to 8,192 rows per
     * execution, or, when some value or column type cannot go into a binary array (a String for a
     * uuid, an enum column, DEFAULT in the tuple), multi-row VALUES of up to 128 rows. Still one
     * pipeline and all or nothing, and much faster; row triggers fire per row as before, statement
     * triggers once per statement. But a row's count is 1 only as part of its statement (-1 when a
     * trigger skipped some of its rows), and a server error names the statement's rows.
     *
     * @param rewrite true to rewrite batched inserts
     * @return this builder
     */
    public Builder rewriteBatchedInserts(boolean rewrite) {
      config.rewriteBatchedInserts(rewrite);
      return this;
    }

    /**
     * How statements are prepared (default {@link StatementMode#NAMED}; the URL keyword is {@code
     * statement_mode}): {@link StatementMode#UNNAMED} for a transaction-pooling proxy without
     * prepared-statement support, such as PgBouncer in {@code pool_mode = transaction} before 1.21
     * or with {@code max_prepared_statements = 0} (see the README's PgBouncer section).
     *
     * @param mode how statements are prepared
     * @return this builder
     */
    public Builder statementMode(StatementMode mode) {
      config.statementMode(mode);
      return this;
    }

    /**
     * Most connections open at once (default 10).
     *
     * @param size the most connections, at least 1 (checked by {@link #build})
     * @return this builder
     */
    public Builder maxPoolSize(int size) {
      this.maxPoolSize = size;
      return this;
    }

    /**
     * How long a caller waits for a free connection before failing (default 30 s).
     *
     * @param timeout the longest wait
     * @return this builder
     */
    public Builder acquireTimeout(Duration timeout) {
      this.acquireTimeout = timeout;
      return this;
    }

    /**
     * An idle connection is closed after this (default 10 min; zero: never).
     *
     * @param timeout the idle time after which a connection is closed; zero for never
     * @return this builder
     */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = timeout;
      return this;
    }

    /**
     * A connection is closed at its first release after this age (default 30 min; zero: never).
     *
     * @param lifetime the age after which a connection is closed; zero for never
     * @return this builder
     */
    public Builder maxLifetime(Duration lifetime) {
      this.maxLifetime = lifetime;
      return this;
    }

    /**
     * Receives server notices (default: System.Logger "dev.sluice.driver.PgConnection").
     *
     * @param listener receives each notice
     * @return this builder
     */
    public Builder noticeListener(NoticeListener listener) {
      this.noticeListener = listener;
      return this;
    }

    /**
     * How long the LISTEN connection may stay silent before it sends a round trip to check its
     * peer, and how long that round trip may take (default 10 s): a dead peer is found within twice
     * this, and the connection made again.
     *
     * @param heartbeat the silence allowed, more than zero
     * @return this builder
     * @throws IllegalArgumentException if {@code heartbeat} is zero or negative
     */
    public Builder listenerHeartbeat(Duration heartbeat) {
      if (heartbeat.isZero() || heartbeat.isNegative()) {
        throw new IllegalArgumentException("listener heartbeat <= 0: " + heartbeat);
      }
      this.listenerHeartbeat = heartbeat;
      return this;
    }

    /**
     * Notifications each subscription holds for a consumer that falls behind (default 10,000);
     * beyond it they are dropped and a {@link MissedNotifications} marks the gap.
     *
     * @param capacity the most notifications held per subscription, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code capacity} is less than 1
     */
    public Builder listenerQueueCapacity(int capacity) {
      if (capacity < 1) {
        throw new IllegalArgumentException("listener queue capacity < 1: " + capacity);
      }
      this.listenerQueueCapacity = capacity;
      return this;
    }

    /**
     * Shares connections between concurrent callers by pipelining (default 0: off): up to {@code
     * maxInFlight} callers' statements in flight on each of up to {@link #maxPoolSize} shared
     * connections, each reply back to its caller. Only {@code query}, {@code queryOne} and {@code
     * execute} of statements whose text shows no change to the session share a connection; each
     * runs as its own implicit transaction. Transactions, streams, {@code forEach}, batches,
     * pipelines, scripts, COPY and statements that change the session (SET, LISTEN, temporary
     * tables, advisory locks, …) take a pinned connection of the ordinary pool, as does {@link
     * Database#pinned}; so up to twice {@code maxPoolSize} connections may be open. A function that
     * changes session state inside its body cannot be seen from the text: run it in {@code pinned}.
     * See docs/PIPELINING.md.
     *
     * @param maxInFlight the most statements in flight per shared connection; 0 for off
     * @return this builder
     * @throws IllegalArgumentException if {@code maxInFlight} is negative
     */
    public Builder pipelining(int maxInFlight) {
      if (maxInFlight < 0) {
        throw new IllegalArgumentException("pipelining < 0: " + maxInFlight);
      }
      this.pipelining = maxInFlight;
      return this;
    }

    /**
     * Adds a listener that hears every statement and pool event (see {@link SluiceListener});
     * listeners added are called in order, and one that throws never fails a statement.
     *
     * @param listener hears the events; not null
     * @return this builder
     * @throws NullPointerException if {@code listener} is null
     */
    public Builder listener(SluiceListener listener) {
      listeners.add(java.util.Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Logs each statement taking {@code threshold} or more at WARNING through the System.Logger
     * {@code dev.sluice.SlowStatementLog}: duration, rows, connection and text, never bound values.
     *
     * @param threshold the shortest duration logged; zero logs every statement
     * @return this builder
     * @throws IllegalArgumentException if {@code threshold} is negative
     */
    public Builder slowStatementThreshold(Duration threshold) {
      if (threshold.isNegative()) {
        throw new IllegalArgumentException("slow statement threshold < 0: " + threshold);
      }
      this.slowStatementThreshold = threshold;
      return this;
    }

    /**
     * Makes the database. Nothing connects yet: the pool opens connections as calls need them.
     *
     * @return the database; close it when done
     * @throws IllegalArgumentException if the pool size is less than 1
     * @throws PgException if a setting taken from the service file or the environment (PGHOST, …)
     *     is refused, naming where it came from
     */
    public Database build() {
      ConnectionConfig built = config.build();
      SluiceListener chain = ListenerChain.of(listeners, slowStatementThreshold);
      SharedRoute shared =
          pipelining == 0
              ? null
              : new SharedRoute(
                  new dev.sluice.driver.PipelinedPool(
                      built,
                      noticeListener,
                      chain,
                      maxPoolSize,
                      pipelining,
                      acquireTimeout,
                      idleTimeout,
                      maxLifetime),
                  built.queryTimeout().toMillis());
      return new Database(
          new ConnectionPool(
              built, noticeListener, maxPoolSize, acquireTimeout, idleTimeout, maxLifetime, chain),
          shared,
          listenerHeartbeat,
          listenerQueueCapacity);
    }
  }
}
