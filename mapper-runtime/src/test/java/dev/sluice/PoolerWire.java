package dev.sluice;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The protocol's edges that {@link TransactionPooler} speaks itself rather than passes on: the
 * framing of one message, its backends' startup (trust authentication only), the startup it answers
 * for each client, and the CancelRequest it sends on a client's behalf.
 */
final class PoolerWire {
  static final int SSL_REQUEST = 80877103;
  static final int GSSENC_REQUEST = 80877104;
  static final int CANCEL_REQUEST = 80877102;

  private PoolerWire() {}

  /** A backend's BackendKeyData: what a CancelRequest for it carries. */
  record BackendKey(int pid, byte[] secret) {}

  /**
   * Reads the rest of a message whose type byte was read: the whole message, type and length first,
   * as it is forwarded.
   */
  static byte[] readMessage(DataInputStream in, byte type) throws IOException {
    int length = in.readInt();
    byte[] message = new byte[1 + length];
    message[0] = type;
    ByteBuffer.wrap(message, 1, 4).putInt(length);
    in.readFully(message, 5, length - 4);
    return message;
  }

  /**
   * Starts a backend session as {@code user} on {@code database} up to its first ReadyForQuery; the
   * ParameterStatus values it reports are added to {@code parameters} where absent.
   */
  static BackendKey startBackend(
      DataInputStream in,
      OutputStream out,
      String user,
      String database,
      Map<String, String> parameters)
      throws IOException {
    ByteBuffer startup = ByteBuffer.allocate(1024);
    startup.putInt(0).putInt(3 << 16);
    cstring(startup, "user");
    cstring(startup, user);
    cstring(startup, "database");
    cstring(startup, database);
    startup.put((byte) 0);
    startup.putInt(0, startup.position());
    out.write(startup.array(), 0, startup.position());
    out.flush();
    BackendKey key = null;
    for (; ; ) {
      byte type = in.readByte();
      byte[] body = new byte[in.readInt() - 4];
      in.readFully(body);
      ByteBuffer m = ByteBuffer.wrap(body);
      switch (type) {
        case 'R':
          if (m.getInt() != 0) {
            throw new IOException("the pooler's backends need trust authentication");
          }
          break;
        case 'S':
          synchronized (parameters) {
            String name = cstring(m);
            parameters.putIfAbsent(name, cstring(m));
          }
          break;
        case 'K':
          int pid = m.getInt();
          byte[] secret = new byte[m.remaining()];
          m.get(secret);
          key = new BackendKey(pid, secret);
          break;
        case 'E':
          throw new IOException(
              "backend refused the pooler: " + new String(body, StandardCharsets.UTF_8));
        case 'Z':
          return key;
        default:
          break; // NoticeResponse and the like
      }
    }
  }

  /**
   * Answers a client's startup (or a cancel, passed to {@code cancel} with the key it names); false
   * when the connection ends with it. SSLRequest and GSSENCRequest are refused ('N'); protocol 3.2
   * is answered with NegotiateProtocolVersion for 3.0, as PgBouncer does. The client is told
   * AuthenticationOk, {@code parameters}, a BackendKeyData of {@code key}, and ReadyForQuery.
   */
  static boolean answerStartup(
      DataInputStream in,
      OutputStream out,
      Map<String, String> parameters,
      int key,
      IntConsumer cancel)
      throws IOException {
    for (; ; ) {
      int length = in.readInt();
      byte[] body = new byte[length - 4];
      in.readFully(body);
      ByteBuffer m = ByteBuffer.wrap(body);
      int code = m.getInt();
      if (code == SSL_REQUEST || code == GSSENC_REQUEST) {
        out.write('N');
        out.flush();
        continue;
      }
      if (code == CANCEL_REQUEST) {
        cancel.accept(m.getInt());
        return false;
      }
      ByteBuffer reply = ByteBuffer.allocate(4096);
      if ((code & 0xffff) != 0) {
        // Only 3.0, as PgBouncer: NegotiateProtocolVersion, newest minor 0, no options refused.
        reply.put((byte) 'v').putInt(12).putInt(0).putInt(0);
      }
      reply.put((byte) 'R').putInt(8).putInt(0);
      synchronized (parameters) {
        for (Map.Entry<String, String> p : parameters.entrySet()) {
          int start = reply.position();
          reply.put((byte) 'S').putInt(0);
          cstring(reply, p.getKey());
          cstring(reply, p.getValue());
          reply.putInt(start + 1, reply.position() - start - 1);
        }
      }
      reply.put((byte) 'K').putInt(12).putInt(key).putInt(key * 7919);
      reply.put((byte) 'Z').putInt(5).put((byte) 'I');
      out.write(reply.array(), 0, reply.position());
      out.flush();
      return true;
    }
  }

  /** Sends a CancelRequest for the backend with {@code key} to {@code host:port}; best effort. */
  static void sendCancel(String host, int port, BackendKey key) {
    try (Socket s = new Socket(host, port)) {
      byte[] secret = key.secret();
      ByteBuffer m = ByteBuffer.allocate(12 + secret.length);
      m.putInt(12 + secret.length).putInt(CANCEL_REQUEST).putInt(key.pid()).put(secret);
      s.getOutputStream().write(m.array());
      s.getOutputStream().flush();
      s.getInputStream().read(); // the server closes it once the request is taken
    } catch (IOException e) {
      // a cancel is best effort, on a real server too
    }
  }

  static void cstring(ByteBuffer b, String s) {
    b.put(s.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
  }

  static String cstring(ByteBuffer b) {
    int start = b.position();
    while (b.get() != 0) {
      // to the NUL
    }
    return new String(b.array(), start, b.position() - start - 1, StandardCharsets.UTF_8);
  }

  static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
