package dev.sluice;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A transaction-pooling proxy for tests, doing what PgBouncer does with {@code pool_mode =
 * transaction} and {@code max_prepared_statements = 0}: it accepts client connections and answers
 * their startup itself (AuthenticationOk, the ParameterStatus values its first backend reported, a
 * BackendKeyData of its own, ReadyForQuery), keeps a fixed set of backend connections to the real
 * server (as one user, to one database, with trust authentication), and lends a client a backend
 * only from its first message after an idle ReadyForQuery until the next one. Idle backends are
 * lent first-in first-out, so with two backends one client's consecutive transactions run on
 * different backends, which is exactly what a busy PgBouncer may do.
 *
 * <p>Both directions are framed message by message (type byte, length). A backend goes back to the
 * pool at a ReadyForQuery with status 'I' only when the client has no other Sync or Query in flight
 * and has not started another group of extended-protocol messages (Parse/Bind/… without their Sync
 * yet): those were already sent to this backend and must be answered by it. A cursor read with
 * Execute and Flush therefore keeps its backend until its Sync, as with PgBouncer.
 *
 * <p>Made with {@link #withPreparedStatements}, it also tracks protocol-level prepared statements
 * as PgBouncer 1.21+ does with {@code max_prepared_statements > 0} ({@link PoolerStatements}:
 * renamed, prepared again on whichever backend the client gets, Close answered by the proxy). The
 * client's messages then go through an outbox of their own, written by a thread of their own, so
 * that both pumps can put the proxy's own answers in order without waiting for the client to read.
 *
 * <p>What it does not emulate: TLS (SSLRequest and GSSENCRequest are answered 'N'); protocol 3.2
 * (answered with NegotiateProtocolVersion for 3.0); passwords. A CancelRequest is passed on to the
 * backend the client holds at that moment, with that backend's key. The startups and the cancel it
 * speaks itself, and the framing of a message, are {@link PoolerWire}'s.
 */
final class TransactionPooler implements AutoCloseable {
  private final ServerSocket listener;
  private final String host;
  private final int port;
  private final String user;
  private final String database;
  private final List<Backend> backends = new CopyOnWriteArrayList<>();
  private final BlockingQueue<Backend> idle = new LinkedBlockingQueue<>();
  private final Map<Integer, Client> clients = new ConcurrentHashMap<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger nextClientKey = new AtomicInteger(1);
  private final AtomicInteger loans = new AtomicInteger();

  /** ParameterStatus values of the first backend, replayed to every client at its startup. */
  private final Map<String, String> parameters = new LinkedHashMap<>();

  private volatile boolean closed;

  /** The tracking of prepared statements, or null when the clients' messages pass unchanged. */
  private final PoolerStatements statements;

  /** Opens {@code size} backends to {@code host:port} as {@code user} on {@code database}. */
  TransactionPooler(String host, int port, String user, String database, int size, boolean prepared)
      throws IOException {
    this.statements = prepared ? new PoolerStatements() : null;
    this.host = host;
    this.port = port;
    this.user = user;
    this.database = database;
    for (int i = 0; i < size; i++) {
      Backend b = openBackend();
      backends.add(b);
      idle.add(b);
    }
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "pooler-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** A pooler in front of {@code tdb}'s database with {@code size} backends. */
  static TransactionPooler of(dev.sluice.testkit.TestDatabase tdb, int size) throws IOException {
    return new TransactionPooler(tdb.host(), tdb.port(), tdb.user(), tdb.name(), size, false);
  }

  /** As {@link #of}, tracking prepared statements as PgBouncer 1.21+ does. */
  static TransactionPooler withPreparedStatements(dev.sluice.testkit.TestDatabase tdb, int size)
      throws IOException {
    return new TransactionPooler(tdb.host(), tdb.port(), tdb.user(), tdb.name(), size, true);
  }

  /** How many Parse messages reached a backend (only when tracking prepared statements). */
  int serverParses() {
    return statements.serverParses();
  }

  /** The URL of the pooled database through this proxy (any user name is accepted). */
  String url() {
    return "postgresql://" + user + "@127.0.0.1:" + listener.getLocalPort() + "/" + database;
  }

  /** The process IDs of the backends, in the order they were opened. */
  List<Integer> backendPids() {
    List<Integer> pids = new ArrayList<>();
    for (Backend b : backends) {
      pids.add(b.pid);
    }
    return pids;
  }

  /** Messages of each type the clients sent (as the proxy forwarded them). */
  private final java.util.concurrent.ConcurrentHashMap<
          Character, java.util.concurrent.atomic.AtomicInteger>
      clientMessages = new java.util.concurrent.ConcurrentHashMap<>();

  /** How many messages of {@code type} ('d': CopyData, 'B': Bind, …) the clients sent. */
  int clientMessages(char type) {
    java.util.concurrent.atomic.AtomicInteger n = clientMessages.get(type);
    return n == null ? 0 : n.get();
  }

  /** How many times a backend was lent to a client (one per transaction, or per statement). */
  int loans() {
    return loans.get();
  }

  @Override
  public void close() throws IOException {
    closed = true;
    listener.close();
    for (Socket s : sockets) {
      s.close();
    }
    for (Backend b : backends) {
      b.socket.close();
    }
  }

  // ---------------------------------------------------------------- backends

  /** A connection to the real server, lent to one client at a time. */
  private final class Backend {
    final Socket socket;
    final DataInputStream in;
    final OutputStream out;
    int pid;
    byte[] secret;

    /** The client it is lent to, or null while idle; changed under that client's lock. */
    volatile Client owner;

    /** Its prepared statements and the answers it owes (used only when they are tracked). */
    final PoolerStatements.ServerSide prepared = new PoolerStatements.ServerSide();

    Backend(Socket socket) throws IOException {
      this.socket = socket;
      this.in = new DataInputStream(socket.getInputStream());
      this.out = socket.getOutputStream();
    }
  }

  private Backend openBackend() throws IOException {
    Socket s = new Socket(host, port);
    s.setTcpNoDelay(true);
    Backend b = new Backend(s);
    PoolerWire.BackendKey key = PoolerWire.startBackend(b.in, b.out, user, database, parameters);
    b.pid = key.pid();
    b.secret = key.secret();
    Thread reader = new Thread(() -> pumpBackend(b), "pooler-backend-" + b.pid);
    reader.setDaemon(true);
    reader.start();
    return b;
  }

  /** Forwards a backend's messages to the client it is lent to, releasing it when idle. */
  private void pumpBackend(Backend b) {
    try {
      for (; ; ) {
        byte type = b.in.readByte();
        byte[] message = PoolerWire.readMessage(b.in, type);
        Client c = b.owner; // set only while idle, cleared only below: stable here
        if (c == null) {
          continue; // a notice or ParameterStatus between loans: nobody to tell
        }
        // Written outside the client's lock, so that its pump is never held up by a client that
        // is not reading yet (a pipeline still being sent); only this thread writes to it now.
        if (type != 'Z' && statements != null) {
          statements.fromServer(b.prepared, message, c.outbox::add);
          continue;
        }
        if (type != 'Z') {
          c.out.write(message);
          if (b.in.available() == 0) {
            c.out.flush();
          }
          continue;
        }
        // At ReadyForQuery the loan is decided before the client can read it, as PgBouncer does:
        // the client's next message then borrows again, and this backend is lent (to it or to
        // another) only once the ReadyForQuery is written.
        boolean release;
        synchronized (c) {
          c.pendingSyncs--;
          release = message[5] == 'I' && c.pendingSyncs == 0 && !c.openGroup;
          if (statements != null) {
            // Queued for the client before the loan ends (the queue never blocks): the client's
            // next message may borrow another backend at once, and an answer the pooler gives
            // itself there (a Close's CloseComplete) must not overtake this ReadyForQuery.
            statements.fromServer(b.prepared, message, c.outbox::add);
          }
          if (release) {
            c.backend = null;
            b.owner = null;
          }
        }
        if (statements == null) {
          c.out.write(message);
          c.out.flush();
        }
        if (release) {
          idle.add(b);
        }
      }
    } catch (IOException e) {
      Client c = b.owner;
      if (c != null) {
        PoolerWire.closeQuietly(c.socket);
      }
    }
  }

  /** Closes {@code b} and opens another in its place. */
  private void discard(Backend b) {
    PoolerWire.closeQuietly(b.socket);
    backends.remove(b);
    if (closed) {
      return;
    }
    try {
      Backend fresh = openBackend();
      backends.add(fresh);
      idle.add(fresh);
    } catch (IOException e) {
      // the pool shrinks; a test waiting for a backend then times out and says so
    }
  }

  // ---------------------------------------------------------------- clients

  /** One client connection and the backend it holds, if any. */
  private final class Client {
    final Socket socket;
    final DataInputStream in;
    final OutputStream out;
    final int key;

    /** The backend lent to this client, or null between transactions. */
    Backend backend;

    /** Syncs and Queries sent to {@link #backend} and not yet answered by ReadyForQuery. */
    int pendingSyncs;

    /** Extended-protocol messages were sent after the last Sync: their group is still open. */
    boolean openGroup;

    /** Its statements (only when they are tracked). */
    final PoolerStatements.ClientSide prepared = new PoolerStatements.ClientSide();

    /** Messages for it, written by its own thread (only when statements are tracked). */
    final BlockingQueue<byte[]> outbox = new LinkedBlockingQueue<>();

    Client(Socket socket, int key) throws IOException {
      this.socket = socket;
      this.in = new DataInputStream(socket.getInputStream());
      this.out = socket.getOutputStream();
      this.key = key;
    }
  }

  private void accept() {
    while (!closed) {
      try {
        Socket s = listener.accept();
        s.setTcpNoDelay(true);
        sockets.add(s);
        Thread t = new Thread(() -> serve(s), "pooler-client");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket s) {
    Client c = null;
    try {
      c = new Client(s, nextClientKey.getAndIncrement());
      if (!startup(c)) {
        return;
      }
      clients.put(c.key, c);
      if (statements != null) {
        Client writing = c;
        Thread writer = new Thread(() -> write(writing), "pooler-client-writer");
        writer.setDaemon(true);
        writer.start();
      }
      pumpClient(c);
    } catch (IOException | InterruptedException e) {
      // the client went away
    } finally {
      if (c != null) {
        clients.remove(c.key);
        leave(c);
        c.outbox.add(new byte[0]); // ends its writer
      }
      PoolerWire.closeQuietly(s);
    }
  }

  /** Writes {@code c}'s outbox to it, flushing whenever the outbox is empty, until an empty one. */
  private static void write(Client c) {
    try {
      for (; ; ) {
        byte[] m = c.outbox.take();
        if (m.length == 0) {
          return;
        }
        c.out.write(m);
        if (c.outbox.isEmpty()) {
          c.out.flush();
        }
      }
    } catch (IOException | InterruptedException e) {
      PoolerWire.closeQuietly(c.socket);
    }
  }

  /** Answers the startup (or a cancel) itself; false when the connection ends with it. */
  private boolean startup(Client c) throws IOException {
    return PoolerWire.answerStartup(c.in, c.out, parameters, c.key, this::passCancel);
  }

  /** Forwards the client's messages, borrowing a backend for the first one of a transaction. */
  private void pumpClient(Client c) throws IOException, InterruptedException {
    for (; ; ) {
      byte type;
      try {
        type = c.in.readByte();
      } catch (EOFException e) {
        return;
      }
      byte[] message = PoolerWire.readMessage(c.in, type);
      if (type == 'X') {
        return; // Terminate: the backend stays open for the next client
      }
      clientMessages
          .computeIfAbsent((char) type, t -> new java.util.concurrent.atomic.AtomicInteger())
          .incrementAndGet();
      // Counted before the message is written, in the same critical section that finds the
      // backend, so that the ReadyForQuery of an earlier Sync cannot release the backend between
      // the two; written outside the lock, so that the backend's pump, which takes the lock at
      // each ReadyForQuery, is never held up by a full socket.
      boolean ends = type == 'S' || type == 'Q';
      Backend b;
      synchronized (c) {
        b = c.backend;
        if (b != null) {
          count(c, type);
        }
      }
      if (b == null) {
        b = idle.take(); // outside the client's lock: the backend pump takes it to release
        synchronized (c) {
          c.backend = b;
          b.owner = c;
          loans.incrementAndGet();
          count(c, type);
        }
      }
      if (statements == null) {
        b.out.write(message);
      } else {
        for (byte[] m : statements.fromClient(c.prepared, b.prepared, message, c.outbox::add)) {
          b.out.write(m);
        }
      }
      if (ends || type == 'H' || c.in.available() == 0) {
        b.out.flush();
      }
    }
  }

  /** Notes a message of {@code type} sent by {@code c} (under its lock). */
  private static void count(Client c, byte type) {
    if (type == 'S' || type == 'Q') {
      c.pendingSyncs++;
      c.openGroup = false;
    } else if (type != 'H' && type != 'd' && type != 'c' && type != 'f') {
      c.openGroup = true; // Parse, Bind, Describe, Execute, Close: a group until its Sync
    }
  }

  /**
   * The client is gone. A backend it still holds is mid-transaction or mid-exchange (an idle one
   * went back at its ReadyForQuery): its session holds state the next client must not see, so it is
   * replaced rather than lent again.
   */
  private void leave(Client c) {
    Backend b;
    synchronized (c) {
      b = c.backend;
      c.backend = null;
      if (b != null) {
        b.owner = null;
      }
    }
    if (b != null) {
      discard(b);
    }
  }

  /** Sends a CancelRequest for the statement the client with {@code key} runs, if it holds one. */
  private void passCancel(int key) {
    Client c = clients.get(key);
    if (c == null) {
      return;
    }
    Backend b;
    synchronized (c) {
      b = c.backend;
    }
    if (b == null) {
      return;
    }
    PoolerWire.sendCancel(host, port, new PoolerWire.BackendKey(b.pid, b.secret));
  }
}
