package dev.sluice.driver;

import dev.sluice.Interval;
import dev.sluice.PgException;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.CompositeCodec;
import dev.sluice.driver.codec.ParameterEncoder;
import dev.sluice.driver.codec.TypeRegistry;
import dev.sluice.driver.config.StatementMode;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;

/**
 * Encodes frontend messages into the connection's one {@link WriteBuffer}, named after the messages
 * of the protocol's "Message Formats" chapter; {@link #send()} writes everything encoded so far to
 * the socket in one write.
 *
 * <p>Each message is encoded whole or not at all: if encoding fails half-way (a parameter value
 * that cannot be encoded, a C string holding a NUL, which the protocol cannot carry), the bytes of
 * that message are dropped before the exception leaves, so no half-written message is ever sent.
 * What earlier messages left in the buffer is the caller's to send or {@link #discardUnsent()
 * discard}.
 */
public final class MessageWriter {
  final WriteBuffer out;

  MessageWriter(WriteBuffer out, TypeRegistry types) {
    this.types = types;
    this.out = out;
  }

  /** Writes everything encoded so far to the socket. */
  void send() throws IOException {
    out.flush();
  }

  /** Bytes encoded and not yet sent. */
  int unsent() {
    return out.size();
  }

  /** Drops every message encoded and not yet sent. */
  void discardUnsent() {
    out.truncate(0);
  }

  /**
   * Writes {@code s} as a C string; {@code what} names it in the error if it holds a NUL, which
   * would end it early on the server (a statement cut short is a different statement), and {@code
   * statement} is the statement the error names.
   */
  private void cstring(String s, String what, String statement) {
    if (s.indexOf('\0') >= 0) {
      throw new PgException(
          "22021",
          what + " contains a NUL character (U+0000), which PostgreSQL cannot receive in it",
          statement,
          null);
    }
    out.putCString(s);
  }

  // ---------------------------------------------------------------- startup

  /** StartupMessage (protocol 3.0) with these parameters, in order. */
  void startupMessage(int protocolVersion, Map<String, String> parameters) {
    int mark = out.position();
    try {
      out.beginUntyped().putInt(protocolVersion);
      for (Map.Entry<String, String> e : parameters.entrySet()) {
        cstring(e.getKey(), "the startup parameter name " + e.getKey(), null);
        cstring(e.getValue(), "the value of startup parameter " + e.getKey(), null);
      }
      out.putByte(0);
      out.end();
    } catch (RuntimeException e) {
      out.truncate(mark);
      throw e;
    }
  }

  /** PasswordMessage: a password (cleartext or MD5 hash) followed by a NUL. */
  public void passwordMessage(byte[] password) {
    for (byte b : password) {
      if (b == 0) {
        throw new PgException(
            "22021", "the password contains a NUL character, which PostgreSQL cannot receive");
      }
    }
    out.begin(Protocol.PASSWORD_MESSAGE).putBytes(password).putByte(0);
    out.end();
  }

  /** SASLInitialResponse: the mechanism chosen and the client-first message. */
  public void saslInitialResponse(String mechanism, byte[] data) {
    out.begin(Protocol.PASSWORD_MESSAGE).putCString(mechanism).putInt(data.length).putBytes(data);
    out.end();
  }

  /** SASLResponse: the client-final message. */
  public void saslResponse(byte[] data) {
    out.begin(Protocol.PASSWORD_MESSAGE).putBytes(data);
    out.end();
  }

  /**
   * CancelRequest, sent on a connection of its own: it has no type byte. The key is as long as
   * BackendKeyData's: 4 bytes before protocol 3.2, up to 256 from it.
   */
  static byte[] cancelRequest(int processId, byte[] secretKey) {
    byte[] msg = new byte[12 + secretKey.length];
    Bytes.putInt(msg, 0, msg.length);
    Bytes.putInt(msg, 4, Protocol.CANCEL_REQUEST_CODE);
    Bytes.putInt(msg, 8, processId);
    System.arraycopy(secretKey, 0, msg, 12, secretKey.length);
    return msg;
  }

  // ---------------------------------------------------------------- extended query

  /** Parse: a named statement, with a parameter type declared from each Java value. */
  void parse(String name, String sql, Object[] params) {
    if (params.length > Protocol.MAX_PARAMETERS) {
      // The count would wrap to params.length - 65,536 and the message be malformed.
      throw new PgException(
          "54023",
          "a statement can take at most 65,535 parameters (the protocol counts them in 16 bits);"
              + " this one was given "
              + params.length
              + ": pass the values as one array parameter (= ANY($1), unnest($1)) or use COPY",
          sql,
          null);
    }
    int mark = out.position();
    try {
      out.begin(Protocol.PARSE).putCString(name);
      cstring(sql, "the statement", sql);
      out.putShort(params.length);
      for (Object v : params) {
        out.putInt(ParameterEncoder.declaredOid(v));
      }
      out.end();
    } catch (RuntimeException e) {
      out.truncate(mark);
      throw e;
    }
  }

  /**
   * Parse of {@code p}'s text as the unnamed statement, with the parameter types its description
   * gave, ahead of its Bind in the same batch ({@link StatementMode#UNNAMED}).
   */
  void parseUnnamed(Prepared p) {
    int[] oids = p.paramOids;
    int mark = out.position();
    try {
      out.begin(Protocol.PARSE).putByte(0);
      cstring(p.sql, "the statement", p.sql);
      out.putShort(oids.length);
      for (int oid : oids) {
        out.putInt(oid);
      }
      out.end();
    } catch (RuntimeException e) {
      out.truncate(mark);
      throw e;
    }
  }

  /** Describe of the unnamed portal: RowDescription (with the formats Bind asked for) or NoData. */
  void describePortal() {
    out.begin(Protocol.DESCRIBE).putByte(Protocol.TARGET_PORTAL).putByte(0);
    out.end();
  }

  /** Describe of a named statement: ParameterDescription, then RowDescription or NoData. */
  void describeStatement(String name) {
    out.begin(Protocol.DESCRIBE).putByte(Protocol.TARGET_STATEMENT).putCString(name);
    out.end();
  }

  /**
   * Bind of {@code p} to the unnamed portal: each value in the format its parameter type takes,
   * results binary for every column with a codec. A value that cannot be encoded leaves nothing of
   * the message behind, and its error names the statement.
   */
  void bind(Prepared p, Object[] params) {
    int n = params.length;
    int[] oids = p.paramOids;
    if (n != oids.length) {
      throw new PgException(
          "07001",
          "the statement has " + oids.length + " parameter(s) but " + n + " value(s) were given",
          p.sql,
          null);
    }
    WriteBuffer out = this.out;
    int mark = out.position();
    try {
      out.begin(Protocol.BIND).putByte(0).putCString(p.name);
      out.putShort(n);
      for (int i = 0; i < n; i++) {
        Object v = params[i];
        out.putShort(
            CompositeCodec.isComposite(v)
                ? Protocol.FORMAT_BINARY
                : ParameterEncoder.format(v, oids[i]));
      }
      out.putShort(n);
      for (int i = 0; i < n; i++) {
        Object v = params[i];
        if (v == null) {
          out.putInt(-1);
        } else {
          if (!infiniteIntervals) {
            requireFiniteIntervals(v, i + 1);
          }
          int at = out.reserveInt();
          if (CompositeCodec.isComposite(v)) {
            CompositeCodec.encodeParameter(out, v, oids[i], types, i + 1);
          } else {
            ParameterEncoder.encode(out, v, oids[i], ParameterEncoder.format(v, oids[i]), i + 1);
          }
          out.patchLength(at);
        }
      }
      out.putBytes(p.resultFormats);
      out.end();
    } catch (RuntimeException e) {
      out.truncate(mark);
      if (e instanceof PgException pe && pe.statement() == null) {
        throw new PgException(pe.sqlState(), pe.serverMessage(), p.sql, pe);
      }
      throw e;
    }
  }

  /**
   * Whether the server has infinite intervals (PostgreSQL 17 and later, or a version not reported);
   * set by the session from server_version.
   */
  boolean infiniteIntervals = true;

  /**
   * The session's registry of user types, for records bound as composites (their types are looked
   * up before the Bind is written: see {@link Preparer}).
   */
  final TypeRegistry types;

  /**
   * Fails for {@link Interval#INFINITY} or {@link Interval#NEGATIVE_INFINITY} (alone, or in a
   * Collection or Object[]) bound to a server before PostgreSQL 17: their fields would be stored as
   * an ordinary, finite interval there. (The rows of a batch's array form are not looked into.)
   */
  private static void requireFiniteIntervals(Object v, int index) {
    if (v instanceof Interval i) {
      if (i.isInfinite()) {
        throw new PgException(
            "22008",
            "parameter $"
                + index
                + " is "
                + i
                + ", but this server (PostgreSQL before 17) has no infinite intervals: it would"
                + " store Interval."
                + (i.equals(Interval.INFINITY) ? "INFINITY" : "NEGATIVE_INFINITY")
                + "'s fields as a finite interval");
      }
    } else if (v instanceof Collection<?> c) {
      for (Object o : c) {
        requireFiniteIntervals(o, index);
      }
    } else if (v instanceof Object[] a) {
      for (Object o : a) {
        requireFiniteIntervals(o, index);
      }
    }
  }

  /** Execute of the unnamed portal, every row. */
  void execute() {
    out.begin(Protocol.EXECUTE).putByte(0).putInt(0);
    out.end();
  }

  /** Execute of the unnamed portal, at most {@code maxRows} rows (then PortalSuspended). */
  void execute(int maxRows) {
    out.begin(Protocol.EXECUTE).putByte(0).putInt(maxRows);
    out.end();
  }

  /** Close of the unnamed portal. */
  void closePortal() {
    out.begin(Protocol.CLOSE).putByte(Protocol.TARGET_PORTAL).putByte(0);
    out.end();
  }

  /** Execute of a portal that does not exist: fails on the server with 34000 (see its use). */
  void executeMissingPortal(String portal) {
    out.begin(Protocol.EXECUTE).putCString(portal).putInt(0);
    out.end();
  }

  /** Close of a named statement (closing a name that does not exist is no error). */
  void closeStatement(String name) {
    out.begin(Protocol.CLOSE).putByte(Protocol.TARGET_STATEMENT).putCString(name);
    out.end();
  }

  /** Sync: ends the exchange; the server answers ReadyForQuery. */
  void sync() {
    out.begin(Protocol.SYNC);
    out.end();
  }

  /** Flush: asks the server to send what it has buffered, without ending the exchange. */
  void flush() {
    out.begin(Protocol.FLUSH);
    out.end();
  }

  // ---------------------------------------------------------------- simple query, COPY, end

  /** Query: one or more statements, simple protocol. */
  void query(String sql) {
    int mark = out.position();
    try {
      out.begin(Protocol.QUERY);
      cstring(sql, "the statement", sql);
      out.end();
    } catch (RuntimeException e) {
      out.truncate(mark);
      throw e;
    }
  }

  void copyData(byte[] data, int off, int len) {
    out.begin(Protocol.COPY_DATA).putBytes(data, off, len);
    out.end();
  }

  void copyDone() {
    out.begin(Protocol.COPY_DONE);
    out.end();
  }

  /** CopyFail: aborts the COPY with {@code reason} as its error message (NULs replaced). */
  void copyFail(String reason) {
    out.begin(Protocol.COPY_FAIL).putCString(reason.replace('\0', ' '));
    out.end();
  }

  void terminate() {
    out.begin(Protocol.TERMINATE);
    out.end();
  }
}
