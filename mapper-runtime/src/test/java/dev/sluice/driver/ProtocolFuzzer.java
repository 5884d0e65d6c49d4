package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.InetNetwork;
import dev.sluice.Interval;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.driver.FuzzCorpus.Mood;
import dev.sluice.driver.FuzzMutator.Case;
import dev.sluice.driver.codec.Oids;
import dev.sluice.generated.InOrderRow;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A seeded fuzzer over the message reader and every binary codec: mutations ({@link FuzzMutator})
 * of valid backend messages ({@link FuzzCorpus}) are fed through a {@link ReadBuffer} over a
 * ByteArrayInputStream (so EOF ends each case) into a loop shaped like {@link Session}'s: {@link
 * MessageReader}'s decoder for each message, and for DataRows {@link RowView#next()} and every
 * typed getter of the column's type, or {@link InOrderRow#nextRow()} and the in-order readers.
 *
 * <p>The oracle, per case:
 *
 * <ul>
 *   <li>only typed exceptions: {@link ProtocolException} or EOF from the reader, {@link
 *       PgException} with SQLSTATE 08P01 (malformed), 22xxx (a value out of a Java type's range, or
 *       NULL for a primitive), 42804 (a getter of another type) or 0A000 (a multi-dimensional
 *       array) from RowView and the codecs — never another exception or an Error;
 *   <li>progress: every turn of the loop consumes bytes or fails (Session's loop would spin
 *       otherwise), and a case takes under two seconds;
 *   <li>bounded memory: a case allocates at most {@link #ALLOCATION_LIMIT} plus 64 bytes per input
 *       byte, whatever length fields it holds;
 *   <li>no read outside the received bytes: each case runs twice, with the receive buffer's unused
 *       tail filled with 0x00 and with 0xA5; the transcripts (every value and error) must match.
 * </ul>
 *
 * Each case's bytes depend only on the seed and the case index: a failure prints both, and {@link
 * #replay} runs that one case again.
 */
public final class ProtocolFuzzer {
  public static final long DEFAULT_SEED = 0x5_1CE_F022L;

  /**
   * Allocation allowed per case besides 64 bytes per input byte: a valid numeric can have 131,072
   * digits, and BigDecimal takes tens of megabytes to scale and print one; a length taken on trust
   * costs gigabytes.
   */
  static final long ALLOCATION_LIMIT = 128L << 20;

  /** How far past the received bytes the second run of a case fills the buffer with 0xA5. */
  private static final int FILL_REACH = 16 * 1024;

  private static final long CASE_TIME_LIMIT_NANOS = 2_000_000_000L;

  private final long seed;
  private final List<FuzzCorpus.Seed> corpus = FuzzCorpus.build();
  private final FuzzMutator mutator = new FuzzMutator(corpus);
  private final com.sun.management.ThreadMXBean threads =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** Per decoder or getter: reached, accepted, rejected. */
  private final Map<String, long[]> reach = new TreeMap<>();

  /** Rejections per SQLSTATE (ProtocolException and EOF under their own names). */
  private final Map<String, Long> rejections = new TreeMap<>();

  private final int[] mutatorCounts = new int[FuzzMutator.IN_FRAME.length + FuzzMutator.RAW.length];
  private long cases;

  /** The slowest case's time and index, for the report. */
  private long slowestNanos;

  private String slowest;

  /** Cases over 10 ms, and their total time. */
  private long slowCases;

  private long slowNanos;
  private long framed;
  private final List<Failure> failures = new ArrayList<>();

  /** Failures per kind (the exception and where it was thrown, or the oracle broken). */
  private final Map<String, Long> failureKinds = new TreeMap<>();

  public ProtocolFuzzer(long seed) {
    this.seed = seed;
  }

  /** A case that broke the oracle, with what it takes to replay it. */
  public static final class Failure {
    public final long seed;
    public final int index;
    public final String what;
    public final String mutations;
    public final String hex;
    public final Throwable cause;

    Failure(long seed, int index, String what, Case c, Throwable cause) {
      this.seed = seed;
      this.index = index;
      this.what = what;
      this.mutations = c.mutations;
      this.hex = hex(c.bytes);
      this.cause = cause;
    }

    @Override
    public String toString() {
      return "seed "
          + seed
          + " case "
          + index
          + ": "
          + what
          + (cause == null ? "" : ": " + cause)
          + "\n  mutations: "
          + mutations
          + "\n  bytes: "
          + (hex.length() > 600
              ? hex.substring(0, 600) + "… (" + hex.length() / 2 + " bytes)"
              : hex)
          + (cause == null ? "" : "\n  at " + frames(cause));
    }
  }

  public List<Failure> failures() {
    return failures;
  }

  /**
   * Runs cases {@code [0, count)}; keeps the first failure of each kind, and stops after {@code
   * maxFailures} kinds.
   */
  public void run(int count, int maxFailures) {
    for (int i = 0; i < count && failures.size() < maxFailures; i++) {
      runCase(i);
    }
  }

  private void fail(Failure f) {
    String kind =
        f.cause != null && f.cause.getStackTrace().length > 0
            ? f.cause.getClass().getSimpleName() + " at " + f.cause.getStackTrace()[0]
            : f.what.replaceAll("[0-9]+", "N").replaceAll("(differ at line N: [^ ]*).*", "$1");
    if (failureKinds.merge(kind, 1L, Long::sum) == 1) {
      failures.add(f);
    }
  }

  /** Failures per kind: only the first case of each is in {@link #failures()}. */
  public Map<String, Long> failureKinds() {
    return failureKinds;
  }

  /** Runs case {@code index} of {@code seed} alone; its failure, or null. */
  public static Failure replay(long seed, int index) {
    ProtocolFuzzer f = new ProtocolFuzzer(seed);
    f.runCase(index);
    return f.failures.isEmpty() ? null : f.failures.get(0);
  }

  private void runCase(int index) {
    Case c = mutator.generate(seed, index, mutatorCounts);
    cases++;
    if (c.framed) {
      framed++;
    }
    long allocated = threads.getCurrentThreadAllocatedBytes();
    long started = System.nanoTime();
    String first;
    try {
      first = execute(c, (byte) 0, true);
    } catch (CaseFailure e) {
      fail(new Failure(seed, index, e.getMessage(), c, e.getCause()));
      return;
    }
    long took = System.nanoTime() - started;
    if (took > 10_000_000L) {
      slowCases++;
      slowNanos += took;
    }
    if (took > slowestNanos) {
      slowestNanos = took;
      slowest = index + " (" + c.mutations + ")";
    }
    long used = threads.getCurrentThreadAllocatedBytes() - allocated;
    if (used > ALLOCATION_LIMIT + 64L * c.bytes.length) {
      fail(new Failure(seed, index, "allocated " + used + " bytes for " + c.bytes.length, c, null));
      return;
    }
    if (took > CASE_TIME_LIMIT_NANOS) {
      fail(new Failure(seed, index, "took " + took / 1_000_000 + " ms", c, null));
      return;
    }
    String second;
    try {
      second = execute(c, (byte) 0xA5, false);
    } catch (CaseFailure e) {
      fail(new Failure(seed, index, "second run: " + e.getMessage(), c, e.getCause()));
      return;
    }
    if (!first.equals(second)) {
      fail(
          new Failure(
              seed,
              index,
              "read outside the received bytes: transcripts differ at "
                  + firstDifference(first, second),
              c,
              null));
    }
  }

  // ---------------------------------------------------------------- the loop

  /** Breaks the oracle; the message says how. */
  private static final class CaseFailure extends Exception {
    CaseFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** What one run of a case saw, and the counting of reach (on the first of its two runs). */
  private final class Transcript {
    final StringBuilder out = new StringBuilder();
    final boolean count;
    String current;

    Transcript(boolean count) {
      this.count = count;
    }

    void enter(String name) {
      current = name;
    }

    void accept(Object value) {
      out.append(current).append(" = ").append(render(value)).append('\n');
      tally(current, 1);
      current = null;
    }

    /** A call that turned out not to apply (RowView.next with no complete DataRow). */
    void skip() {
      current = null;
    }

    void reject(Throwable e, String state) {
      out.append(current).append(" ! ").append(state).append(' ').append(e.getMessage());
      out.append('\n');
      if (count) {
        rejections.merge(state, 1L, Long::sum);
      }
      tally(current, 2);
      current = null;
    }

    private void tally(String name, int outcome) {
      if (count && name != null) {
        long[] r = reach.computeIfAbsent(name, k -> new long[3]);
        r[0]++;
        r[outcome]++;
      }
    }
  }

  private static boolean allowed(PgException e) {
    String s = e.sqlState();
    return s != null
        && (s.equals("08P01") || s.startsWith("22") || s.equals("42804") || s.equals("0A000"));
  }

  private String execute(Case c, byte fill, boolean count) throws CaseFailure {
    ReadBuffer in = new ReadBuffer(new ByteArrayInputStream(c.bytes));
    if (fill != 0) {
      // The tail past the received bytes, as far as a decoder reading a neighbour could reach
      // (farther reads fail on the array's end); a new array is already all zeros.
      byte[] a = in.array();
      Arrays.fill(a, 0, Math.min(a.length, c.bytes.length + FILL_REACH), fill);
    }
    MessageReader reader = new MessageReader(in);
    RowView rows = new RowView(in);
    FuzzCorpus.Seed s = c.seed;
    if (s.columns != null) {
      rows.start(s.columns, s.binaryOids);
    }
    Transcript t = new Transcript(count);
    for (; ; ) {
      int before = in.position();
      try {
        boolean row = false;
        if (s.columns != null) {
          t.enter(c.inOrder ? "InOrderRow.nextRow" : "RowView.next");
          row = c.inOrder ? InOrderRow.of(rows).nextRow() : rows.next();
          if (row) {
            t.accept(rows.rowCount());
            if (c.inOrder) {
              readInOrder(rows, s.columns, t);
            } else {
              readFramed(rows, s.columns, t);
            }
          } else {
            t.skip();
          }
        }
        if (!row) {
          t.enter("ReadBuffer.nextMessage");
          byte type = reader.next();
          t.accept((char) type);
          dispatch(type, reader, rows, c, t);
        }
      } catch (EOFException e) {
        t.out.append("eof\n");
        return t.out.toString();
      } catch (ProtocolException e) {
        t.reject(e, "ProtocolException");
        return t.out.toString();
      } catch (PgException e) {
        if (!allowed(e)) {
          throw new CaseFailure("PgException " + e.sqlState() + " from " + t.current, e);
        }
        t.reject(e, e.sqlState());
        if ("08P01".equals(e.sqlState())) {
          return t.out.toString(); // the session is broken: nothing after it is read
        }
      } catch (Throwable e) {
        throw new CaseFailure(e.getClass().getSimpleName() + " from " + t.current, e);
      }
      if (in.position() == before) {
        throw new CaseFailure(
            "no progress at position " + before + " (Session's loop would spin)", null);
      }
    }
  }

  /** One message, decoded as Session and the exchanges decode it. */
  private void dispatch(byte type, MessageReader r, RowView rows, Case c, Transcript t)
      throws java.io.IOException {
    switch (type) {
      case Protocol.ERROR_RESPONSE:
        t.enter("MessageReader.errorResponse");
        PgException e = r.errorResponse(null);
        t.accept(e.sqlState() + " " + e.getMessage());
        return;
      case Protocol.NOTICE_RESPONSE:
        t.enter("MessageReader.fields(notice)");
        t.accept(r.fields());
        return;
      case Protocol.ROW_DESCRIPTION:
        t.enter("MessageReader.rowDescription");
        t.accept(describe(r.rowDescription()));
        return;
      case Protocol.PARAMETER_DESCRIPTION:
        t.enter("MessageReader.parameterDescription");
        t.accept(r.parameterDescription());
        return;
      case Protocol.READY_FOR_QUERY:
        t.enter("MessageReader.readyForQuery");
        t.accept((char) r.readyForQuery());
        return;
      case Protocol.PARAMETER_STATUS:
        t.enter("MessageReader.parameterStatus");
        t.accept(r.parameterStatus());
        return;
      case Protocol.COMMAND_COMPLETE:
        if (c.countTags) {
          t.enter("MessageReader.commandCount");
          t.accept(r.commandCount() + " " + r.droppedStatements() + " " + r.takeResidue());
        } else {
          t.enter("MessageReader.commandTag");
          t.accept(r.commandTag() + " " + r.droppedStatements() + " " + r.takeResidue());
        }
        return;
      case Protocol.BACKEND_KEY_DATA:
        t.enter("MessageReader.backendKeyData");
        t.accept(r.backendKeyData());
        return;
      case Protocol.NEGOTIATE_PROTOCOL_VERSION:
        t.enter("MessageReader.negotiateProtocolVersion");
        t.accept(r.negotiateProtocolVersion());
        return;
      case Protocol.AUTHENTICATION:
        {
          t.enter("MessageReader.authenticationCode");
          int code = r.authenticationCode();
          t.accept(code);
          if (code == 10) {
            t.enter("MessageReader.saslMechanisms");
            t.accept(r.saslMechanisms());
          } else if (code == 5 || code == 11 || code == 12) {
            t.enter("MessageReader.authenticationData");
            t.accept(r.authenticationData());
          }
          r.skip();
          return;
        }
      case Protocol.DATA_ROW:
        if (c.seed.columns == null) {
          t.enter("MessageReader.firstColumnText");
          t.accept(r.firstColumnText());
          return;
        }
        // As ExtendedQuery hands a DataRow to its sink: the row view frames it (or must fail).
        t.enter(c.inOrder ? "InOrderRow.nextRow" : "RowView.next");
        if (c.inOrder ? InOrderRow.of(rows).nextRow() : rows.next()) {
          t.accept(rows.rowCount());
          if (c.inOrder) {
            readInOrder(rows, c.seed.columns, t);
          } else {
            readFramed(rows, c.seed.columns, t);
          }
        } else {
          t.skip();
        }
        return;
      default:
        t.enter("MessageReader.skip");
        r.skip();
        t.accept((char) type);
    }
  }

  // ---------------------------------------------------------------- getters

  /** The getters a decoder would call on a column of this type, besides getString/getObject. */
  private static String[] gettersFor(int oid, boolean binary) {
    if (!binary) {
      return oid == FuzzCorpus.MOOD_ARRAY_OID
          ? new String[] {"getList(String)", "getList(Mood)", "getList(Object)"}
          : new String[] {"getEnum"};
    }
    switch (oid) {
      case Oids.BOOL:
        return new String[] {"getBoolean"};
      case Oids.INT2:
        return new String[] {"getShort", "getInt", "getLong", "getBigDecimal", "getDouble"};
      case Oids.INT4:
        return new String[] {"getInt", "getLong", "getShort", "getBigDecimal"};
      case Oids.INT8:
      case Oids.OID:
        return new String[] {"getLong", "getInt", "getBigDecimal"};
      case Oids.FLOAT4:
        return new String[] {"getFloat", "getDouble"};
      case Oids.FLOAT8:
        return new String[] {"getDouble"};
      case Oids.NUMERIC:
        return new String[] {"getBigDecimal", "getDouble"};
      case Oids.BYTEA:
        return new String[] {"getBytes"};
      case Oids.UUID:
        return new String[] {"getUuid"};
      case Oids.DATE:
        return new String[] {"getLocalDate"};
      case Oids.TIME:
        return new String[] {"getLocalTime"};
      case Oids.TIMETZ:
        return new String[] {"getOffsetTime"};
      case Oids.TIMESTAMP:
        return new String[] {"getLocalDateTime"};
      case Oids.TIMESTAMPTZ:
        return new String[] {"getInstant", "getOffsetDateTime"};
      case Oids.INTERVAL:
        return new String[] {"getInterval"};
      case Oids.INET:
      case Oids.CIDR:
        return new String[] {"getInetNetwork", "getInetAddress"};
      case Oids.TEXT:
      case Oids.VARCHAR:
        return new String[] {"getEnum"};
      default:
        if (Oids.elementOf(oid) != 0) {
          return new String[] {"getList(Object)", "getList(" + elementClass(oid) + ")"};
        }
        return new String[0];
    }
  }

  private static String elementClass(int arrayOid) {
    switch (Oids.elementOf(arrayOid)) {
      case Oids.INT2:
        return "Integer";
      case Oids.INT4:
        return "Long";
      case Oids.INT8:
        return "BigDecimal";
      case Oids.FLOAT8:
        return "Double";
      case Oids.NUMERIC:
        return "BigDecimal";
      case Oids.UUID:
        return "UUID";
      case Oids.DATE:
        return "LocalDate";
      case Oids.TIMESTAMPTZ:
        return "OffsetDateTime";
      case Oids.BYTEA:
        return "byte[]";
      case Oids.INET:
        return "InetAddress";
      case Oids.BOOL:
        return "Boolean";
      case Oids.INTERVAL:
        return "Interval";
      case Oids.TIME:
        return "LocalTime";
      default:
        return "String";
    }
  }

  private static Object get(RowView v, int c, String getter) {
    switch (getter) {
      case "getBoolean":
        return v.getBoolean(c);
      case "getShort":
        return v.getShort(c);
      case "getInt":
        return v.getInt(c);
      case "getLong":
        return v.getLong(c);
      case "getFloat":
        return v.getFloat(c);
      case "getDouble":
        return v.getDouble(c);
      case "getBigDecimal":
        return v.getBigDecimal(c);
      case "getBytes":
        return v.getBytes(c);
      case "getUuid":
        return v.getUuid(c);
      case "getLocalDate":
        return v.getLocalDate(c);
      case "getLocalTime":
        return v.getLocalTime(c);
      case "getOffsetTime":
        return v.getOffsetTime(c);
      case "getLocalDateTime":
        return v.getLocalDateTime(c);
      case "getInstant":
        return v.getInstant(c);
      case "getOffsetDateTime":
        return v.getOffsetDateTime(c);
      case "getInterval":
        return v.getInterval(c);
      case "getInetNetwork":
        return v.getInetNetwork(c);
      case "getInetAddress":
        return v.getInetAddress(c);
      case "getEnum":
        return v.getEnum(c, Mood.class);
      case "getString":
        return v.getString(c);
      case "getObject":
        return v.getObject(c);
      case "isNull":
        return v.isNull(c);
      case "getList(Object)":
        return v.getList(c, Object.class);
      case "getList(String)":
        return v.getList(c, String.class);
      case "getList(Mood)":
        return v.getList(c, Mood.class);
      case "getList(Integer)":
        return v.getList(c, Integer.class);
      case "getList(Long)":
        return v.getList(c, Long.class);
      case "getList(BigDecimal)":
        return v.getList(c, BigDecimal.class);
      case "getList(Double)":
        return v.getList(c, Double.class);
      case "getList(UUID)":
        return v.getList(c, UUID.class);
      case "getList(LocalDate)":
        return v.getList(c, LocalDate.class);
      case "getList(OffsetDateTime)":
        return v.getList(c, OffsetDateTime.class);
      case "getList(byte[])":
        return v.getList(c, byte[].class);
      case "getList(InetAddress)":
        return v.getList(c, InetAddress.class);
      case "getList(Boolean)":
        return v.getList(c, Boolean.class);
      case "getList(Interval)":
        return v.getList(c, Interval.class);
      case "getList(LocalTime)":
        return v.getList(c, LocalTime.class);
      default:
        throw new IllegalArgumentException("no getter " + getter);
    }
  }

  private static final String[] ALWAYS = {"isNull", "getString", "getObject"};

  /** After {@link RowView#next()}: every getter of each column's type, then the general ones. */
  private void readFramed(RowView rows, Columns columns, Transcript t) {
    for (int c = 0; c < columns.count(); c++) {
      boolean binary = rows.isBinary(c);
      for (String g : gettersFor(columns.typeOid(c), binary)) {
        call(rows, c, g, t);
      }
      for (String g : ALWAYS) {
        call(rows, c, g, t);
      }
    }
  }

  private void call(RowView rows, int c, String getter, Transcript t) {
    t.enter("RowView." + getter);
    try {
      t.accept(get(rows, c, getter));
    } catch (PgException e) {
      if (!allowed(e)) {
        throw e; // reported by the case loop as a failure
      }
      t.reject(e, e.sqlState());
    }
  }

  /**
   * After {@link InOrderRow#nextRow()}: each column with the reader a generated decoder uses for
   * its type, {@link InOrderRow#nullNext()} first; a failing reader abandons the row, as the
   * decoder's exception would. Then {@link InOrderRow#endRow()}.
   */
  private void readInOrder(RowView rows, Columns columns, Transcript t) {
    InOrderRow r = InOrderRow.of(rows);
    for (int c = 0; c < columns.count(); c++) {
      t.enter("InOrderRow.nullNext");
      boolean isNull = r.nullNext();
      t.accept(isNull);
      if (isNull) {
        continue;
      }
      String component = "component " + columns.name(c) + " of Row";
      int oid = columns.typeOid(c);
      String name = reader(oid);
      t.enter("InOrderRow." + name);
      try {
        t.accept(read(r, name, component));
      } catch (PgException e) {
        if (!allowed(e) || "08P01".equals(e.sqlState())) {
          throw e; // the case loop reports it, or ends the case: the session is broken
        }
        t.reject(e, e.sqlState());
        return;
      }
    }
    t.enter("InOrderRow.endRow");
    r.endRow();
    t.accept("end");
  }

  private static String reader(int oid) {
    switch (oid) {
      case Oids.BOOL:
        return "readBoolean";
      case Oids.INT2:
        return "readShort";
      case Oids.INT4:
        return "readInt";
      case Oids.INT8:
        return "readLong";
      case Oids.FLOAT4:
        return "readFloat";
      case Oids.FLOAT8:
        return "readDouble";
      case Oids.NUMERIC:
        return "readBigDecimal";
      case Oids.BYTEA:
        return "readBytes";
      case Oids.UUID:
        return "readUuid";
      case Oids.DATE:
        return "readLocalDate";
      case Oids.TIME:
        return "readLocalTime";
      case Oids.TIMESTAMP:
        return "readLocalDateTime";
      case Oids.TIMESTAMPTZ:
        return "readInstant";
      case FuzzCorpus.MOOD_OID:
        return "readEnum";
      default:
        return "readString";
    }
  }

  private static final dev.sluice.generated.EnumLabels<Mood> MOODS =
      dev.sluice.generated.EnumLabels.of(Mood.class);

  private static Object read(InOrderRow v, String reader, String component) {
    switch (reader) {
      case "readBoolean":
        return v.readBoolean(component);
      case "readShort":
        return v.readShort(component);
      case "readInt":
        return v.readInt(component);
      case "readLong":
        return v.readLong(component);
      case "readFloat":
        return v.readFloat(component);
      case "readDouble":
        return v.readDouble(component);
      case "readBigDecimal":
        return v.readBigDecimal(component);
      case "readBytes":
        return v.readBytes(component);
      case "readUuid":
        return v.readUuid(component);
      case "readLocalDate":
        return v.readLocalDate(component);
      case "readLocalTime":
        return v.readLocalTime(component);
      case "readLocalDateTime":
        return v.readLocalDateTime(component);
      case "readInstant":
        return v.readInstant(component);
      case "readEnum":
        return v.readEnum(MOODS, component);
      default:
        return v.readString(component);
    }
  }

  // ---------------------------------------------------------------- rendering and the report

  private static String describe(Columns c) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < c.count(); i++) {
      b.append(c.name(i)).append(':').append(c.typeOid(i)).append(':').append(c.format(i));
      b.append(' ');
    }
    return b.toString();
  }

  static String render(Object v) {
    if (v instanceof byte[] bytes) {
      return "0x" + hex(bytes);
    }
    if (v instanceof int[] ints) {
      return Arrays.toString(ints);
    }
    if (v instanceof String[] strings) {
      return Arrays.toString(strings);
    }
    if (v instanceof List<?> list) {
      StringBuilder b = new StringBuilder("[");
      for (Object o : list) {
        b.append(render(o)).append(", ");
      }
      return b.append(']').toString();
    }
    if (v instanceof BigDecimal d) {
      // Not the digits: a numeric may have 131,072 of them, and printing them is the fuzzer's
      // cost, not the decoder's.
      BigInteger u = d.unscaledValue();
      return d.scale() + ":" + u.bitLength() + ":" + u.hashCode();
    }
    if (v instanceof InetNetwork || v instanceof OffsetTime || v instanceof LocalDateTime) {
      return v.toString();
    }
    if (v instanceof Instant || v instanceof InetAddress || v instanceof Interval) {
      return v.toString();
    }
    return String.valueOf(v);
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder(2 * b.length);
    for (byte x : b) {
      s.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
    }
    return s.toString();
  }

  private static String frames(Throwable e) {
    StringBuilder b = new StringBuilder();
    StackTraceElement[] st = e.getStackTrace();
    for (int i = 0; i < Math.min(6, st.length); i++) {
      b.append(i == 0 ? "" : " < ").append(st[i]);
    }
    return b.toString();
  }

  private static String firstDifference(String a, String b) {
    String[] x = a.split("\n", -1);
    String[] y = b.split("\n", -1);
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (!x[i].equals(y[i])) {
        return "line " + i + ": " + x[i] + " / " + y[i];
      }
    }
    return "line " + Math.min(x.length, y.length) + " (one transcript is longer)";
  }

  /** The report: cases, the framing share, the mutator mix, per decoder reach and outcome. */
  public void report(PrintStream out) {
    out.printf(
        "seed %d: %d cases, %d with valid framing (%.1f%%), %d failures%n",
        seed, cases, framed, 100.0 * framed / Math.max(1, cases), failures.size());
    out.println("mutators:");
    for (int i = 0; i < mutatorCounts.length; i++) {
      String name =
          i < FuzzMutator.IN_FRAME.length
              ? "in-frame " + FuzzMutator.IN_FRAME[i]
              : "raw " + FuzzMutator.RAW[i - FuzzMutator.IN_FRAME.length];
      out.printf("  %-34s %9d%n", name, mutatorCounts[i]);
    }
    out.printf("  %-44s %10s %10s %10s%n", "decoder / getter", "reached", "accepted", "rejected");
    for (Map.Entry<String, long[]> e : reach.entrySet()) {
      long[] r = e.getValue();
      out.printf("  %-44s %10d %10d %10d%n", e.getKey(), r[0], r[1], r[2]);
    }
    out.printf(
        "slowest case: %.1f ms, case %s; %d cases over 10 ms took %.1f s%n",
        slowestNanos / 1e6, slowest, slowCases, slowNanos / 1e9);
    out.println("rejections by kind: " + rejections);
    out.println("failures by kind: " + failureKinds);
    for (Failure f : failures) {
      out.println("FAILURE " + f);
    }
  }

  /** Cases run, and how many of them kept valid framing. */
  public long cases() {
    return cases;
  }

  public long framedCases() {
    return framed;
  }

  /** Per decoder or getter: {reached, accepted, rejected}. */
  public Map<String, long[]> reach() {
    return reach;
  }
}
