package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.Oids;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The fuzzer's corpus: valid backend messages, written by a small builder from the formats in the
 * protocol's "Message Formats" chapter and the types' send functions (no server is involved, so the
 * corpus is the same on every machine). Every message type {@link MessageReader} decodes has seeds,
 * and DataRows hold every binary type {@link dev.sluice.RowView} reads, with edge values (numeric
 * NaN/±Infinity and large/small scales, date and timestamp ±infinity, time 24:00:00, interval
 * ±infinity, inet/cidr v4 and v6, arrays with NULL elements and empty arrays, jsonb, enums and enum
 * arrays in text format).
 *
 * <p>Each seed records where its inner length and count fields are ({@link Seed#marks}), so the
 * mutators can set exactly those to edge values.
 */
public final class FuzzCorpus {
  private FuzzCorpus() {}

  /** An enum type as the server sends it: text format, an OID of the database's own. */
  static final int MOOD_OID = 16_385;

  static final int MOOD_ARRAY_OID = 16_384;

  /** The labels of the test enum; {@code meh} is a label no constant has. */
  enum Mood {
    sad,
    ok,
    happy
  }

  /** One backend message: type byte and body; the length is written when serialized. */
  static final class Message {
    final byte type;
    byte[] body;

    /** Offsets in {@link #body} of inner length/count fields: int32 if width 4, int16 if 2. */
    final int[] markOffsets;

    final int[] markWidths;

    Message(byte type, byte[] body, int[] markOffsets, int[] markWidths) {
      this.type = type;
      this.body = body;
      this.markOffsets = markOffsets;
      this.markWidths = markWidths;
    }

    Message copy() {
      return new Message(type, body.clone(), markOffsets, markWidths);
    }
  }

  /**
   * A valid stream of messages; for DataRows also the result they belong to ({@code columns} and
   * the per-column binary OIDs as {@link dev.sluice.RowView#start} takes them), null otherwise.
   */
  static final class Seed {
    final String name;
    final List<Message> messages;
    final Columns columns;
    final int[] binaryOids;

    Seed(String name, List<Message> messages, Columns columns, int[] binaryOids) {
      this.name = name;
      this.messages = messages;
      this.columns = columns;
      this.binaryOids = binaryOids;
    }
  }

  // ---------------------------------------------------------------- the builder

  /** Writes one message body; {@link #mark} notes an inner length field before it is written. */
  static final class Body {
    private byte[] b = new byte[64];
    private int n;
    private final List<int[]> marks = new ArrayList<>();

    int size() {
      return n;
    }

    private void ensure(int more) {
      if (n + more > b.length) {
        b = Arrays.copyOf(b, Math.max(b.length * 2, n + more));
      }
    }

    Body mark(int width) {
      marks.add(new int[] {n, width});
      return this;
    }

    Body i8(int v) {
      ensure(1);
      b[n++] = (byte) v;
      return this;
    }

    Body i16(int v) {
      ensure(2);
      Bytes.putShort(b, n, v);
      n += 2;
      return this;
    }

    Body i32(int v) {
      ensure(4);
      Bytes.putInt(b, n, v);
      n += 4;
      return this;
    }

    Body i64(long v) {
      ensure(8);
      Bytes.putLong(b, n, v);
      n += 8;
      return this;
    }

    Body bytes(byte[] v) {
      ensure(v.length);
      System.arraycopy(v, 0, b, n, v.length);
      n += v.length;
      return this;
    }

    Body cstring(String s) {
      return bytes(s.getBytes(StandardCharsets.UTF_8)).i8(0);
    }

    /** A length-prefixed value (a DataRow column, an array element): marked, then its bytes. */
    Body value(byte[] v) {
      mark(4);
      if (v == null) {
        return i32(-1);
      }
      return i32(v.length).bytes(v);
    }

    byte[] toBytes() {
      return Arrays.copyOf(b, n);
    }

    Message message(int type) {
      int[] offs = new int[marks.size()];
      int[] widths = new int[marks.size()];
      for (int i = 0; i < offs.length; i++) {
        offs[i] = marks.get(i)[0];
        widths[i] = marks.get(i)[1];
      }
      return new Message((byte) type, toBytes(), offs, widths);
    }
  }

  // ---------------------------------------------------------------- values (send formats)

  static byte[] bool(boolean v) {
    return new byte[] {(byte) (v ? 1 : 0)};
  }

  static byte[] int2(int v) {
    return new Body().i16(v).toBytes();
  }

  static byte[] int4(int v) {
    return new Body().i32(v).toBytes();
  }

  static byte[] int8(long v) {
    return new Body().i64(v).toBytes();
  }

  static byte[] float4(float v) {
    return int4(Float.floatToRawIntBits(v));
  }

  static byte[] float8(double v) {
    return int8(Double.doubleToRawLongBits(v));
  }

  static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] jsonb(String json) {
    return new Body().i8(1).bytes(text(json)).toBytes();
  }

  static byte[] uuid(long hi, long lo) {
    return new Body().i64(hi).i64(lo).toBytes();
  }

  static byte[] timetz(long micros, int westSeconds) {
    return new Body().i64(micros).i32(westSeconds).toBytes();
  }

  static byte[] interval(long micros, int days, int months) {
    return new Body().i64(micros).i32(days).i32(months).toBytes();
  }

  static byte[] inet(boolean v6, int bits, boolean cidr, byte[] address) {
    return new Body()
        .i8(v6 ? 3 : 2)
        .i8(bits)
        .i8(cidr ? 1 : 0)
        .i8(address.length)
        .bytes(address)
        .toBytes();
  }

  /** numeric NaN (0xC000), +Infinity (0xD000) or -Infinity (0xF000). */
  static byte[] numericSpecial(int sign) {
    return new Body().i16(0).i16(0).i16(sign).i16(0).toBytes();
  }

  /** numeric as numeric_send writes it: base-10000 digits, no leading or trailing zero groups. */
  static byte[] numeric(BigDecimal v) {
    int dscale = Math.max(0, v.scale());
    BigDecimal abs = v.abs();
    String plain = abs.toPlainString();
    int dot = plain.indexOf('.');
    String intPart = dot < 0 ? plain : plain.substring(0, dot);
    String fracPart = dot < 0 ? "" : plain.substring(dot + 1);
    if (intPart.equals("0")) {
      intPart = "";
    }
    int intGroups = (intPart.length() + 3) / 4;
    String paddedInt = "0".repeat(intGroups * 4 - intPart.length()) + intPart;
    int fracGroups = (fracPart.length() + 3) / 4;
    String paddedFrac = fracPart + "0".repeat(fracGroups * 4 - fracPart.length());
    String all = paddedInt + paddedFrac;
    int[] groups = new int[all.length() / 4];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = Integer.parseInt(all.substring(4 * i, 4 * i + 4));
    }
    int weight = intGroups - 1;
    int first = 0;
    while (first < groups.length && groups[first] == 0) {
      first++;
      weight--;
    }
    int last = groups.length;
    while (last > first && groups[last - 1] == 0) {
      last--;
    }
    Body out = new Body();
    out.mark(2).i16(last - first);
    if (last == first) {
      weight = 0;
    }
    out.i16(weight).i16(v.signum() < 0 ? 0x4000 : 0).i16(dscale);
    for (int i = first; i < last; i++) {
      out.i16(groups[i]);
    }
    return out.toBytes();
  }

  /** A one-dimensional array (ndim 0 when empty), elements in their send format. */
  static byte[] array(int elementOid, byte[]... elements) {
    Body out = new Body();
    if (elements.length == 0) {
      return out.i32(0).i32(0).i32(elementOid).toBytes();
    }
    boolean nulls = false;
    for (byte[] e : elements) {
      nulls |= e == null;
    }
    out.i32(1).i32(nulls ? 1 : 0).i32(elementOid).i32(elements.length).i32(1);
    for (byte[] e : elements) {
      out.value(e);
    }
    return out.toBytes();
  }

  // ---------------------------------------------------------------- columns and rows

  /** A column of a row seed: declared type, whether it arrives binary, and its value variants. */
  private static final class Col {
    final String name;
    final int oid;
    final boolean binary;
    final byte[][] variants;

    Col(String name, int oid, boolean binary, byte[]... variants) {
      this.name = name;
      this.oid = oid;
      this.binary = binary;
      this.variants = variants;
    }
  }

  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private static List<Col> scalarColumns() {
    List<Col> cols = new ArrayList<>();
    cols.add(new Col("b", Oids.BOOL, true, bool(true), bool(false), null));
    cols.add(new Col("s", Oids.INT2, true, int2(7), int2(Short.MIN_VALUE), int2(-1), null));
    cols.add(
        new Col("i", Oids.INT4, true, int4(42), int4(Integer.MAX_VALUE), int4(Integer.MIN_VALUE)));
    cols.add(new Col("l", Oids.INT8, true, int8(1L << 40), int8(Long.MIN_VALUE), int8(0), null));
    cols.add(new Col("o", Oids.OID, true, int4(-1), int4(16_385)));
    cols.add(
        new Col(
            "f4",
            Oids.FLOAT4,
            true,
            float4(1.5f),
            float4(Float.NaN),
            float4(Float.NEGATIVE_INFINITY)));
    cols.add(
        new Col("f8", Oids.FLOAT8, true, float8(Math.PI), float8(Double.MIN_VALUE), float8(-0.0)));
    cols.add(new Col("t", Oids.TEXT, true, text("hello"), text(""), text("żółw ✓"), null));
    cols.add(new Col("vc", Oids.VARCHAR, true, text("varchar"), text("x")));
    cols.add(new Col("by", Oids.BYTEA, true, new byte[] {0, 1, (byte) 0xff}, new byte[0], null));
    cols.add(
        new Col(
            "u", Oids.UUID, true, uuid(0x0123_4567_89ab_cdefL, -2L), uuid(0, 0), uuid(-1L, -1L)));
    cols.add(
        new Col(
            "j", Oids.JSONB, true, jsonb("{\"a\": [1, 2]}"), jsonb("null"), jsonb("\"ü\""), null));
    cols.add(new Col("js", Oids.JSON, true, text("{\"k\":1}"), text("[]")));
    cols.add(
        new Col("e", MOOD_OID, false, text("happy"), text("sad"), text("meh"), text(""), null));
    return cols;
  }

  private static List<Col> numericColumns() {
    List<Col> cols = new ArrayList<>();
    cols.add(
        new Col(
            "n1",
            Oids.NUMERIC,
            true,
            numeric(new BigDecimal("12345.6789")),
            numeric(new BigDecimal("-0.0001")),
            numeric(BigDecimal.ZERO),
            numeric(new BigDecimal("0.000")),
            numericSpecial(0xC000)));
    cols.add(
        new Col(
            "n2",
            Oids.NUMERIC,
            true,
            numeric(new BigDecimal(BigInteger.TEN.pow(60).add(BigInteger.ONE), 3)),
            numeric(new BigDecimal("1E+100")),
            numeric(new BigDecimal("1E-50")),
            numericSpecial(0xD000),
            numericSpecial(0xF000)));
    cols.add(
        new Col(
            "n3",
            Oids.NUMERIC,
            true,
            numeric(new BigDecimal("99999999999999999999.99999999999999999999")),
            numeric(new BigDecimal("-1.5")),
            numeric(new BigDecimal("7")),
            null));
    cols.add(new Col("s", Oids.INT2, true, int2(Short.MAX_VALUE), int2(0)));
    cols.add(new Col("i", Oids.INT4, true, int4(-7), int4(65_536), null));
    cols.add(new Col("l", Oids.INT8, true, int8(Long.MAX_VALUE), int8(3_000_000_000L)));
    return cols;
  }

  private static List<Col> timeColumns() {
    List<Col> cols = new ArrayList<>();
    cols.add(
        new Col(
            "d",
            Oids.DATE,
            true,
            int4(8_000),
            int4(Integer.MAX_VALUE),
            int4(Integer.MIN_VALUE),
            int4(-800_000),
            null));
    cols.add(
        new Col("tm", Oids.TIME, true, int8(45_296_000_001L), int8(MICROS_PER_DAY), int8(0), null));
    cols.add(
        new Col(
            "tz",
            Oids.TIMETZ,
            true,
            timetz(3_600_000_000L, -7_200),
            timetz(MICROS_PER_DAY, 57_599),
            timetz(0, -57_599)));
    cols.add(
        new Col(
            "ts",
            Oids.TIMESTAMP,
            true,
            int8(700_000_000_000_000L),
            int8(Long.MAX_VALUE),
            int8(Long.MIN_VALUE),
            int8(-1)));
    cols.add(
        new Col(
            "tt",
            Oids.TIMESTAMPTZ,
            true,
            int8(-63_000_000_000_000L),
            int8(Long.MAX_VALUE),
            int8(Long.MIN_VALUE),
            null));
    cols.add(
        new Col(
            "iv",
            Oids.INTERVAL,
            true,
            interval(1_000_000L, 2, 14),
            interval(Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE),
            interval(Long.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE),
            interval(-5, -1, 0)));
    cols.add(
        new Col(
            "in",
            Oids.INET,
            true,
            inet(false, 32, false, new byte[] {10, 0, 0, 1}),
            inet(
                true,
                128,
                false,
                new byte[] {0x20, 1, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}),
            inet(false, 24, false, new byte[] {(byte) 192, (byte) 168, 1, 7}),
            null));
    cols.add(
        new Col(
            "cn",
            Oids.CIDR,
            true,
            inet(false, 16, true, new byte[] {(byte) 172, 16, 0, 0}),
            inet(
                true,
                48,
                true,
                new byte[] {0x20, 1, 0x0d, (byte) 0xb8, 0, 0x12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
            inet(
                true,
                128,
                false,
                new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 1, 2, 3, 4})));
    return cols;
  }

  private static List<Col> arrayColumns() {
    List<Col> cols = new ArrayList<>();
    cols.add(
        new Col(
            "ai",
            Oids.INT4_ARRAY,
            true,
            array(Oids.INT4, int4(1), int4(2), int4(3)),
            array(Oids.INT4, int4(1), null, int4(-3)),
            array(Oids.INT4),
            null));
    cols.add(
        new Col(
            "at",
            Oids.TEXT_ARRAY,
            true,
            array(Oids.TEXT, text("a"), text(""), null, text("ż")),
            array(Oids.TEXT)));
    cols.add(
        new Col(
            "an",
            Oids.NUMERIC_ARRAY,
            true,
            array(Oids.NUMERIC, numeric(new BigDecimal("1.25")), numericSpecial(0xC000), null),
            array(Oids.NUMERIC, numeric(new BigDecimal("-100000000.00000001")))));
    cols.add(
        new Col(
            "af",
            Oids.FLOAT8_ARRAY,
            true,
            array(Oids.FLOAT8, float8(1.0), float8(Double.NaN)),
            array(Oids.FLOAT8, (byte[]) null)));
    cols.add(
        new Col("au", Oids.UUID_ARRAY, true, array(Oids.UUID, uuid(1, 2), null), array(Oids.UUID)));
    cols.add(
        new Col(
            "ad",
            Oids.DATE_ARRAY,
            true,
            array(Oids.DATE, int4(0), int4(Integer.MAX_VALUE), int4(Integer.MIN_VALUE))));
    cols.add(
        new Col(
            "az",
            Oids.TIMESTAMPTZ_ARRAY,
            true,
            array(Oids.TIMESTAMPTZ, int8(0), int8(Long.MAX_VALUE), null)));
    cols.add(
        new Col(
            "ab", Oids.BYTEA_ARRAY, true, array(Oids.BYTEA, new byte[] {1, 2}, new byte[0], null)));
    cols.add(
        new Col(
            "ap",
            Oids.INET_ARRAY,
            true,
            array(Oids.INET, inet(false, 32, false, new byte[] {127, 0, 0, 1}), null)));
    cols.add(
        new Col(
            "ao",
            Oids.BOOL_ARRAY,
            true,
            array(Oids.BOOL, bool(true), bool(false), null),
            array(Oids.BOOL)));
    cols.add(
        new Col(
            "al",
            Oids.INT8_ARRAY,
            true,
            array(Oids.INT8, int8(Long.MIN_VALUE), int8(5)),
            array(Oids.INT8, (byte[]) null)));
    cols.add(new Col("as", Oids.INT2_ARRAY, true, array(Oids.INT2, int2(-2), int2(3))));
    cols.add(
        new Col(
            "aj", Oids.JSONB_ARRAY, true, array(Oids.JSONB, jsonb("{}"), null), array(Oids.JSONB)));
    cols.add(
        new Col(
            "av",
            Oids.INTERVAL_ARRAY,
            true,
            array(
                Oids.INTERVAL,
                interval(1, 2, 3),
                interval(Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE))));
    cols.add(
        new Col(
            "am",
            Oids.TIME_ARRAY,
            true,
            array(Oids.TIME, int8(0), int8(MICROS_PER_DAY)),
            array(Oids.TIME, (byte[]) null)));
    cols.add(
        new Col(
            "ae",
            MOOD_ARRAY_OID,
            false,
            text("{happy,sad,NULL}"),
            text("{}"),
            text("[0:1]={ok,\"sad\"}"),
            text("{\"meh\",\"a\\\"b\"}"),
            null));
    return cols;
  }

  /** Columns whose every type an in-order reader ({@code InOrderRow.readX}) reads. */
  private static List<Col> readerColumns() {
    List<Col> cols = new ArrayList<>();
    cols.add(new Col("id", Oids.INT8, true, int8(1), int8(-9), null));
    cols.add(new Col("n", Oids.INT4, true, int4(3), int4(-3)));
    cols.add(new Col("sm", Oids.INT2, true, int2(12)));
    cols.add(new Col("ok", Oids.BOOL, true, bool(true), null));
    cols.add(new Col("r", Oids.FLOAT4, true, float4(0.25f)));
    cols.add(new Col("dp", Oids.FLOAT8, true, float8(-2.5), null));
    cols.add(new Col("title", Oids.TEXT, true, text("Film"), text("")));
    cols.add(new Col("price", Oids.NUMERIC, true, numeric(new BigDecimal("9.99")), null));
    cols.add(new Col("raw", Oids.BYTEA, true, new byte[] {9}, new byte[0]));
    cols.add(new Col("u", Oids.UUID, true, uuid(5, 6)));
    cols.add(new Col("d", Oids.DATE, true, int4(1), int4(Integer.MIN_VALUE)));
    cols.add(new Col("tm", Oids.TIME, true, int8(1), int8(MICROS_PER_DAY)));
    cols.add(new Col("ts", Oids.TIMESTAMP, true, int8(1), int8(Long.MAX_VALUE)));
    cols.add(new Col("tt", Oids.TIMESTAMPTZ, true, int8(-1), int8(Long.MIN_VALUE)));
    cols.add(new Col("mood", MOOD_OID, false, text("ok"), text("meh")));
    return cols;
  }

  /** The names of the row shapes, for {@link ProtocolFuzzer}: "rows-reader" is read in order. */
  static final String READER_SHAPE = "rows-reader";

  private static void addRowSeeds(
      List<Seed> out, String shape, List<Col> cols, SplittableRandom r) {
    int n = cols.size();
    String[] names = new String[n];
    int[] typeOids = new int[n];
    int[] binary = new int[n];
    short[] formats = new short[n];
    for (int i = 0; i < n; i++) {
      Col c = cols.get(i);
      names[i] = c.name;
      typeOids[i] = c.oid;
      binary[i] = c.binary ? c.oid : 0;
      formats[i] = (short) (c.binary ? 1 : 0);
    }
    Columns columns = new Columns(names, typeOids, new int[n], new short[n], new int[n], formats);
    int variants = 0;
    for (Col c : cols) {
      variants = Math.max(variants, c.variants.length);
    }
    // One seed per variant index (each column cycles through its variants), and as many again
    // with the variants picked at random: every value appears, in several neighbourhoods.
    for (int v = 0; v < 2 * variants; v++) {
      List<Message> messages = new ArrayList<>();
      for (int row = 0; row < 2; row++) {
        Body d = new Body();
        d.mark(2).i16(n);
        for (Col c : cols) {
          int pick = v < variants ? (v + row) % c.variants.length : r.nextInt(c.variants.length);
          d.value(c.variants[pick]);
        }
        messages.add(d.message(Protocol.DATA_ROW));
      }
      messages.add(new Body().cstring("SELECT 2").message(Protocol.COMMAND_COMPLETE));
      messages.add(new Body().i8('T').message(Protocol.READY_FOR_QUERY));
      out.add(new Seed(shape + "#" + v, messages, columns, binary));
    }
  }

  private static Seed seed(String name, Message... messages) {
    return new Seed(name, new ArrayList<>(List.of(messages)), null, null);
  }

  private static Message fields(int type, String... codeValue) {
    Body b = new Body();
    for (String f : codeValue) {
      b.i8(f.charAt(0)).cstring(f.substring(1));
    }
    return b.i8(0).message(type);
  }

  /** The corpus; the same for every run (its random picks come from a fixed seed). */
  static List<Seed> build() {
    SplittableRandom r = new SplittableRandom(0x5EED_C0FFEEL);
    List<Seed> out = new ArrayList<>();
    addRowSeeds(out, "rows-scalar", scalarColumns(), r);
    addRowSeeds(out, "rows-numeric", numericColumns(), r);
    addRowSeeds(out, "rows-time", timeColumns(), r);
    addRowSeeds(out, "rows-array", arrayColumns(), r);
    addRowSeeds(out, READER_SHAPE, readerColumns(), r);

    out.add(
        seed(
            "error",
            fields(
                'E',
                "SERROR",
                "VERROR",
                "C23505",
                "Mduplicate key value violates unique constraint \"film_pkey\"",
                "DKey (id)=(1) already exists.",
                "Hcheck the id",
                "P15",
                "sschema",
                "tfilm",
                "nfilm_pkey",
                "Fnbtinsert.c",
                "L666",
                "R_bt_check_unique"),
            new Body().i8('E').message('Z')));
    out.add(seed("fatal", fields('E', "SFATAL", "VFATAL", "C57P01", "Mterminating connection")));
    out.add(
        seed(
            "notice",
            fields('N', "SNOTICE", "VNOTICE", "C00000", "Mtable \"x\" does not exist, skipping"),
            fields('N', "SWARNING", "C01000", "Mthere is no transaction in progress")));
    Body rd = new Body();
    rd.mark(2).i16(4);
    int[] rdOids = {Oids.INT4, Oids.TEXT, Oids.NUMERIC, MOOD_OID};
    String[] rdNames = {"id", "title", "price", "mood"};
    for (int i = 0; i < rdOids.length; i++) {
      rd.cstring(rdNames[i]).i32(16_400).i16(i + 1).i32(rdOids[i]).mark(2).i16(i == 1 ? -1 : 4);
      rd.i32(i == 2 ? (10 << 16 | 2) + 4 : -1).i16(0);
    }
    out.add(seed("row-description", rd.message('T'), new Body().i16(0).message('T')));
    out.add(
        seed(
            "parameter-description",
            new Body().mark(2).i16(3).i32(Oids.INT4).i32(Oids.TEXT).i32(0).message('t'),
            new Body().i16(0).message('t')));
    out.add(
        seed(
            "ready-for-query",
            new Body().i8('I').message('Z'),
            new Body().i8('T').message('Z'),
            new Body().i8('E').message('Z')));
    out.add(
        seed(
            "parameter-status",
            new Body().cstring("client_encoding").cstring("UTF8").message('S'),
            new Body().cstring("TimeZone").cstring("Europe/Warsaw").message('S'),
            new Body().cstring("application_name").cstring("").message('S')));
    out.add(
        seed(
            "command-complete",
            new Body().cstring("SELECT 5").message('C'),
            new Body().cstring("INSERT 0 1").message('C'),
            new Body().cstring("UPDATE 12345678901").message('C'),
            new Body().cstring("DISCARD ALL").message('C'),
            new Body().cstring("DEALLOCATE ALL").message('C'),
            new Body().cstring("SET").message('C'),
            new Body().cstring("LISTEN").message('C'),
            new Body().cstring("DECLARE CURSOR").message('C'),
            new Body().cstring("PREPARE").message('C'),
            new Body().cstring("").message('C')));
    out.add(
        seed(
            "startup",
            new Body()
                .i32(10)
                .cstring("SCRAM-SHA-256-PLUS")
                .cstring("SCRAM-SHA-256")
                .i8(0)
                .message('R'),
            new Body().i32(11).bytes(text("r=abc,s=c2FsdA==,i=4096")).message('R'),
            new Body().i32(12).bytes(text("v=c2lnbmF0dXJl")).message('R'),
            new Body().i32(5).bytes(new byte[] {1, 2, 3, 4}).message('R'),
            new Body().i32(3).message('R'),
            new Body().i32(0).message('R'),
            new Body().i32(0).i32(1).cstring("_pq_.x").message('v'),
            new Body().cstring("server_version").cstring("17.6").message('S'),
            new Body().i32(4242).i32(-559_038_737).message('K'),
            new Body().i8('I').message('Z')));
    out.add(
        seed(
            "extended",
            new Body().message('1'),
            new Body().message('2'),
            new Body().message('n'),
            new Body().i32(77).cstring("chan").cstring("payload").message('A'),
            new Body().message('s'),
            new Body().message('3'),
            new Body().message('I'),
            new Body().i8('I').message('Z')));
    Body textRow = new Body();
    textRow.mark(2).i16(2).value(text("on")).value(text("x"));
    out.add(
        seed(
            "simple-query",
            rd.message('T'),
            textRow.message('D'),
            new Body().mark(2).i16(1).value(null).message('D'),
            new Body().cstring("SHOW 1").message('C'),
            new Body().i8('I').message('Z')));
    return out;
  }

  /** The seed's messages serialized: type byte, int32 length (4 + body), body. */
  static byte[] serialize(List<Message> messages) {
    int size = 0;
    for (Message m : messages) {
      size += 5 + m.body.length;
    }
    byte[] out = new byte[size];
    int p = 0;
    for (Message m : messages) {
      out[p] = m.type;
      Bytes.putInt(out, p + 1, 4 + m.body.length);
      System.arraycopy(m.body, 0, out, p + 5, m.body.length);
      p += 5 + m.body.length;
    }
    return out;
  }
}
