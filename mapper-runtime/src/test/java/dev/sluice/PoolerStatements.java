package dev.sluice;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The protocol-level prepared statements of {@link TransactionPooler}, as PgBouncer 1.21+ tracks
 * them with {@code max_prepared_statements > 0}: a client's named Parse is remembered by the
 * client's name and given the pooler's own name ({@code PGBOUNCER_n}, one per distinct text and
 * parameter types, shared by every client); it is sent to a server session only when that session
 * has not prepared the name yet, and otherwise answered with a ParseComplete of the pooler's own.
 * Bind and Describe of a client's statement are renamed, and preceded by a Parse of their own when
 * the session the client holds now has not seen it (its ParseComplete is swallowed). A Close of a
 * statement is answered by the pooler (CloseComplete) and only forgets the client's name: the
 * server session keeps the statement for the next client with the same text.
 *
 * <p>Since the pooler adds messages and answers some itself, it keeps, per server session, the
 * requests whose answers are still due, in order, and matches each server message to the oldest: an
 * answer of its own goes out when every answer before it has, and after an ErrorResponse the
 * requests the server skips up to the next Sync are dropped with it (a Parse among them did not
 * prepare anything).
 *
 * <p>Not emulated: the limit itself (PgBouncer closes a session's least recently used statements
 * past it), and SQL {@code DEALLOCATE ALL} or {@code DISCARD ALL} sent by the client, after which
 * the pooler still believes the session's statements exist.
 */
final class PoolerStatements {
  private static final byte[] PARSE_COMPLETE = {'1', 0, 0, 0, 4};
  private static final byte[] CLOSE_COMPLETE = {'3', 0, 0, 0, 4};

  /** The pooler's name of each Parse body after its name (text, parameter types). */
  private final Map<String, String> names = new ConcurrentHashMap<>();

  static final boolean DEBUG = Boolean.getBoolean("pooler.debug");
  private final AtomicInteger next = new AtomicInteger(1);

  /** How many Parse messages reached a server (the client's, renamed, and the pooler's own). */
  private final AtomicInteger serverParses = new AtomicInteger();

  /** How many Parse messages reached a server. */
  int serverParses() {
    return serverParses.get();
  }

  /** A client's statements: its name to the Parse body after the name. */
  static final class ClientSide {
    final Map<String, byte[]> statements = new HashMap<>();
  }

  /** A server session's statements and the answers it still owes, in order. */
  static final class ServerSide {
    final Set<String> prepared = new HashSet<>();
    final ArrayDeque<Due> due = new ArrayDeque<>();

    /** An error came before the client's Sync did: the server ignores all up to that Sync. */
    boolean skipping;
  }

  /**
   * An answer still owed for a {@code request} (the client message's type): {@code own} is the
   * pooler's own answer, sent in its turn; {@code swallow}, the answer to a message the pooler
   * added; {@code prepares}, the pooler's name a Parse sent to the server would create.
   */
  private record Due(byte request, byte[] own, boolean swallow, String prepares) {}

  /**
   * The messages to send to the server session {@code s} for one client message; answers of the
   * pooler's own that are due at once go to {@code toClient} (called under {@code s}'s lock, so it
   * must not block).
   */
  List<byte[]> fromClient(ClientSide c, ServerSide s, byte[] message, Consumer<byte[]> toClient) {
    synchronized (s) {
      if (DEBUG) System.err.println("C> " + (char) message[0] + " due=" + s.due);
      List<byte[]> out = new ArrayList<>(2);
      byte type = message[0];
      if (s.skipping) {
        // The server ignores it and answers nothing; a Parse prepares nothing.
        s.skipping = type != 'S';
        if (type == 'S') {
          forward(s, out, message, null);
        } else {
          out.add(message);
        }
        return out;
      }
      ByteBuffer m = ByteBuffer.wrap(message, 5, message.length - 5);
      switch (type) {
        case 'P' -> {
          String name = cstring(m);
          if (name.isEmpty()) {
            forward(s, out, message, null);
            break;
          }
          byte[] body = Arrays.copyOfRange(message, m.position(), message.length);
          c.statements.put(name, body);
          String ours = nameOf(body);
          if (s.prepared.contains(ours)) {
            own(s, PARSE_COMPLETE, toClient);
          } else {
            s.prepared.add(ours);
            serverParses.incrementAndGet();
            forward(s, out, parse(ours, body), ours);
          }
        }
        case 'B' -> {
          String portal = cstring(m);
          String name = cstring(m);
          byte[] body = c.statements.get(name);
          if (name.isEmpty() || body == null) {
            forward(s, out, message, null);
            break;
          }
          String ours = ensure(s, out, body);
          byte[] rest = Arrays.copyOfRange(message, m.position(), message.length);
          ByteBuffer b = ByteBuffer.allocate(rest.length + 64 + 4 * portal.length());
          b.put(type).putInt(0);
          cstring(b, portal);
          cstring(b, ours);
          b.put(rest);
          forward(s, out, framed(b), null);
        }
        case 'D', 'C' -> {
          byte kind = m.get();
          String name = cstring(m);
          byte[] body = c.statements.get(name);
          if (kind != 'S' || name.isEmpty()) {
            forward(s, out, message, null);
          } else if (type == 'C') {
            c.statements.remove(name);
            own(s, CLOSE_COMPLETE, toClient);
          } else if (body == null) {
            forward(s, out, message, null); // the server names the missing statement
          } else {
            String ours = ensure(s, out, body);
            ByteBuffer b = ByteBuffer.allocate(64);
            b.put(type).putInt(0).put(kind);
            cstring(b, ours);
            forward(s, out, framed(b), null);
          }
        }
        case 'H', 'd', 'c', 'f' -> out.add(message); // nothing owed for these
        default -> forward(s, out, message, null); // Execute, Sync, Query, FunctionCall
      }
      return out;
    }
  }

  /** Passes (or swallows) one server message, with the pooler's own answers due before it. */
  void fromServer(ServerSide s, byte[] message, Consumer<byte[]> toClient) {
    synchronized (s) {
      byte type = message[0];
      if (DEBUG) System.err.println("S< " + (char) type + " due=" + s.due);
      if (type == 'N' || type == 'A' || type == 'S') {
        toClient.accept(message); // notices, notifications, ParameterStatus: owed to nobody
        return;
      }
      ownAnswers(s, toClient);
      Due head = s.due.peek();
      if (head == null) {
        toClient.accept(message);
        return;
      }
      boolean error = type == 'E';
      if (!head.swallow() || error) {
        toClient.accept(message);
      }
      boolean ends =
          error ? head.request() != 'S' && head.request() != 'Q' : ends(head.request(), type);
      if (!ends) {
        return;
      }
      s.due.poll();
      if (error) {
        forget(s, head);
        // The server skips everything up to the Sync: nothing is owed for those, and a Parse
        // among them prepared nothing.
        while (!s.due.isEmpty() && s.due.peek().request() != 'S') {
          forget(s, s.due.poll());
        }
        s.skipping = s.due.isEmpty() && head.request() != 'Q';
      }
      ownAnswers(s, toClient);
    }
  }

  private static void forget(ServerSide s, Due d) {
    if (d.prepares() != null) {
      s.prepared.remove(d.prepares());
    }
  }

  /** Whether a server message of {@code type} is the last answer to a {@code request}. */
  private static boolean ends(byte request, byte type) {
    return switch (request) {
      case 'P' -> type == '1';
      case 'B' -> type == '2';
      case 'C' -> type == '3';
      case 'D' -> type == 'T' || type == 'n';
      case 'E' -> type == 'C' || type == 'I' || type == 's';
      case 'S', 'Q' -> type == 'Z';
      case 'F' -> type == 'V';
      default -> false;
    };
  }

  private static void ownAnswers(ServerSide s, Consumer<byte[]> toClient) {
    while (!s.due.isEmpty() && s.due.peek().own() != null) {
      toClient.accept(s.due.poll().own());
    }
  }

  private static void own(ServerSide s, byte[] answer, Consumer<byte[]> toClient) {
    if (s.due.isEmpty()) {
      toClient.accept(answer);
    } else {
      s.due.add(new Due((byte) 0, answer, false, null));
    }
  }

  private static void forward(ServerSide s, List<byte[]> out, byte[] message, String prepares) {
    s.due.add(new Due(message[0], null, false, prepares));
    out.add(message);
  }

  /**
   * The pooler's name of {@code body}, prepared on {@code s} first (answer swallowed) if need be.
   */
  private String ensure(ServerSide s, List<byte[]> out, byte[] body) {
    String ours = nameOf(body);
    if (s.prepared.add(ours)) {
      serverParses.incrementAndGet();
      byte[] p = parse(ours, body);
      s.due.add(new Due((byte) 'P', null, true, ours));
      out.add(p);
    }
    return ours;
  }

  private String nameOf(byte[] body) {
    return names.computeIfAbsent(
        new String(body, StandardCharsets.ISO_8859_1), k -> "PGBOUNCER_" + next.getAndIncrement());
  }

  private static byte[] parse(String name, byte[] body) {
    ByteBuffer b = ByteBuffer.allocate(body.length + 64);
    b.put((byte) 'P').putInt(0);
    cstring(b, name);
    b.put(body);
    return framed(b);
  }

  private static byte[] framed(ByteBuffer b) {
    b.putInt(1, b.position() - 1);
    return Arrays.copyOf(b.array(), b.position());
  }

  private static void cstring(ByteBuffer b, String s) {
    b.put(s.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
  }

  private static String cstring(ByteBuffer b) {
    int start = b.position();
    while (b.get() != 0) {
      // to the NUL
    }
    return new String(b.array(), start, b.position() - start - 1, StandardCharsets.UTF_8);
  }
}
