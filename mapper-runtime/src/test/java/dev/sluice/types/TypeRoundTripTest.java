package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.InetNetwork;
import dev.sluice.Interval;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.annotations.Label;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every supported type written as a bound parameter and read back, both straight from the parameter
 * ({@code SELECT $1::type}) and through a table column of that type; where a symmetric bug in
 * encoder and decoder could hide, the server's own text form of the value is checked too.
 *
 * <p>The session runs in Pacific/Chatham (UTC+12:45/+13:45): binary timestamptz values must not
 * depend on the session TimeZone.
 */
@PgTest
class TypeRoundTripTest {
  private static final String ODD_ZONE = "Pacific/Chatham";

  private static Database db;
  private static String url;

  enum Mood {
    sad,
    ok,
    @Label("very-happy")
    VERY_HAPPY
  }

  /** Lacks the label 'ok'. */
  enum PartialMood {
    sad,
    @Label("very-happy")
    VERY_HAPPY
  }

  @BeforeAll
  static void connect(TestDatabase tdb) {
    url = tdb.url();
    db = Database.builder().url(url).serverSetting("TimeZone", ODD_ZONE).build();
    db.executeScript(
        "CREATE TYPE mood AS ENUM ('sad', 'ok', 'very-happy');"
            + "CREATE DOMAIN posint AS int CHECK (VALUE > 0);"
            + "CREATE DOMAIN blob AS bytea;"
            + "CREATE TABLE moods (id serial PRIMARY KEY, m mood);"
            + "CREATE TABLE domains (id serial PRIMARY KEY, p posint, b blob);"
            + "CREATE TABLE neg_scale (id serial PRIMARY KEY, n numeric(5, -2))");
  }

  @AfterAll
  static void close() {
    db.close();
  }

  /** {@code SELECT $1::type} and a column of {@code type}, both read with {@code getter}. */
  private static <T> void roundTrip(
      String type, Object param, T expected, Function<RowView, T> getter) {
    assertThat(Read.one(db, "SELECT $1::" + type, getter, param))
        .as("%s via $1::%s", param, type)
        .isEqualTo(expected);
    String table = "rt_" + type.replaceAll("[^a-z0-9]", "_");
    db.executeScript(
        "CREATE TABLE IF NOT EXISTS " + table + " (id serial PRIMARY KEY, v " + type + ")");
    int id =
        Read.one(
            db,
            "INSERT INTO " + table + " (v) VALUES ($1) RETURNING id",
            (RowView r) -> r.getInt(0),
            param);
    T read = Read.one(db, "SELECT v FROM " + table + " WHERE id = $1", getter, id);
    assertThat(read).as("%s via a %s column", param, type).isEqualTo(expected);
  }

  private static <T> void roundTrip(String type, T value, Function<RowView, T> getter) {
    roundTrip(type, value, value, getter);
  }

  /** The server's text form of a parameter, to check the encoder independently of the decoders. */
  private static String serverText(String type, Object param) {
    return Read.one(db, "SELECT $1::" + type + "::text", (RowView r) -> r.getString(0), param);
  }

  private static String text(String sql) {
    return Read.one(db, sql, (RowView r) -> r.getString(0));
  }

  @Test
  void sessionRunsInAnOddTimeZone() {
    assertThat(text("SHOW TimeZone")).isEqualTo(ODD_ZONE);
  }

  @Test
  void bool() {
    roundTrip("bool", true, (RowView r) -> r.getBoolean(0));
    roundTrip("bool", false, (RowView r) -> r.getBoolean(0));
    assertThat(Read.one(db, "SELECT $1::bool", (RowView r) -> r.isNull(0), (Object) null)).isTrue();
    assertThat(serverText("bool", true)).isEqualTo("true");
    assertThat(Read.one(db, "SELECT true", (RowView r) -> r.getObject(0))).isEqualTo(Boolean.TRUE);
    assertThatThrownBy(() -> Read.one(db, "SELECT NULL::bool", (RowView r) -> r.getBoolean(0)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22004"));
  }

  @Test
  void integers() {
    for (short v : new short[] {Short.MIN_VALUE, -1, 0, 1, Short.MAX_VALUE}) {
      roundTrip("int2", v, (RowView r) -> r.getShort(0));
      assertThat(serverText("int2", v)).isEqualTo(Short.toString(v));
    }
    for (int v : new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}) {
      roundTrip("int4", v, (RowView r) -> r.getInt(0));
      assertThat(serverText("int4", v)).isEqualTo(Integer.toString(v));
    }
    for (long v : new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE}) {
      roundTrip("int8", v, (RowView r) -> r.getLong(0));
      assertThat(serverText("int8", v)).isEqualTo(Long.toString(v));
    }
    // Narrower columns widen; wider values that do not fit fail, naming the value.
    assertThat(Read.one(db, "SELECT 32767::int2", (RowView r) -> r.getLong(0))).isEqualTo(32767L);
    assertThat(Read.one(db, "SELECT (-2147483648)::int4", (RowView r) -> r.getLong(0)))
        .isEqualTo(Integer.MIN_VALUE);
    assertThat(Read.one(db, "SELECT 5::int8", (RowView r) -> r.getInt(0))).isEqualTo(5);
    assertThatThrownBy(() -> Read.one(db, "SELECT 2147483648::int8", (RowView r) -> r.getInt(0)))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22003"))
        .hasMessageContaining("2147483648");
    assertThat(
            Read.one(
                db,
                "SELECT 1::int2, 2::int4, 3::int8",
                (RowView r) -> List.of(r.getObject(0), r.getObject(1), r.getObject(2))))
        .containsExactly((short) 1, 2, 3L);
  }

  @Test
  void floats() {
    float[] floats = {
      0f,
      -0f,
      1.5f,
      Float.MIN_VALUE,
      Float.MIN_NORMAL,
      Float.MAX_VALUE,
      -Float.MAX_VALUE,
      Float.NaN,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      0.1f
    };
    for (float v : floats) {
      roundTrip("float4", v, (RowView r) -> r.getFloat(0));
      roundTrip("float4", v, (double) v, (RowView r) -> r.getDouble(0));
    }
    double[] doubles = {
      0d,
      -0d,
      0.1,
      Double.MIN_VALUE,
      Double.MIN_NORMAL,
      Double.MAX_VALUE,
      -Double.MAX_VALUE,
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      Math.PI
    };
    for (double v : doubles) {
      roundTrip("float8", v, (RowView r) -> r.getDouble(0));
    }
    // Checked against the server's own reading of the bits.
    assertThat(serverText("float8", -0d)).isEqualTo("-0");
    assertThat(serverText("float8", Double.NaN)).isEqualTo("NaN");
    assertThat(serverText("float8", Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    assertThat(serverText("float8", Double.MIN_VALUE)).isEqualTo("5e-324");
    assertThat(serverText("float4", Float.MAX_VALUE)).isEqualTo("3.4028235e+38");
    assertThat(Read.one(db, "SELECT '-0'::float8", (RowView r) -> r.getDouble(0))).isEqualTo(-0d);
    // A statement prepared with a Float has a real parameter; a Double that is exactly a float fits
    // it (one connection: the statement cache is per connection; the second use names it).
    db.useTransaction(
        tx -> {
          String sql = "SELECT $1::float4 AS prepared_with_a_float";
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), 1.5f)).isEqualTo(1.5f);
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), 1.5f)).isEqualTo(1.5f);
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), 2.5d)).isEqualTo(2.5f);
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), Double.NEGATIVE_INFINITY))
              .isEqualTo(Float.NEGATIVE_INFINITY);
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), Double.NaN)).isNaN();
          // A Double that is no float gets a statement of its own with a float8 parameter (named
          // on its second use), and the server rounds it to real as the SQL says.
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), 0.1d)).isEqualTo(0.1f);
          assertThat(Read.one(tx, sql, (RowView r) -> r.getFloat(0), 0.1d)).isEqualTo(0.1f);
          assertThat(
                  Read.one(
                      tx,
                      "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1",
                      (RowView r) -> r.getLong(0),
                      sql))
              .isEqualTo(2L);
        });
  }

  private static final String[] NUMERICS = {
    "0",
    "0.00",
    "-1",
    "1",
    "0.001",
    "-0.000001",
    "1.10",
    "9999",
    "10000",
    "10000.0001",
    "99999999.99999999",
    "123456789012345678",
    "-123456789012345678",
    "9223372036854775807",
    "9223372036854775808",
    "1234567890123456789012345",
    "-12345678901234567890.12345678901234567890",
    "0.00000000000000000001",
    "0.0000000000000001",
    "100000000000000000000",
    "1000000000000.00000001",
    "0.10000000000000000000",
    "1e-18",
    "12345.6789",
    "-0.5"
  };

  @Test
  void numeric() {
    for (String s : NUMERICS) {
      BigDecimal v = new BigDecimal(s);
      roundTrip("numeric", v, (RowView r) -> r.getBigDecimal(0));
      assertThat(serverText("numeric", v)).as(s).isEqualTo(v.toPlainString());
      assertThat(Read.one(db, "SELECT $1::numeric", (RowView r) -> r.getString(0), v))
          .isEqualTo(v.toPlainString());
      assertThat(Read.one(db, "SELECT $1::numeric", (RowView r) -> r.getDouble(0), v))
          .isEqualTo(v.doubleValue());
    }
    // Values the server parsed itself, read by our decoder, with their scale.
    for (String s : NUMERICS) {
      BigDecimal read =
          Read.one(db, "SELECT '" + s + "'::numeric", (RowView r) -> r.getBigDecimal(0));
      assertThat(read.toPlainString()).isEqualTo(text("SELECT '" + s + "'::numeric::text"));
    }
  }

  @Test
  void numericWithAThousandDigits() {
    Random random = new Random(42);
    for (int scale : new int[] {0, 500, 1000}) {
      StringBuilder digits = new StringBuilder("9");
      for (int i = 1; i < 1000; i++) {
        digits.append((char) ('0' + random.nextInt(10)));
      }
      BigDecimal v = new BigDecimal(new BigInteger(digits.toString()), scale);
      roundTrip("numeric", v, (RowView r) -> r.getBigDecimal(0));
      roundTrip("numeric", v.negate(), (RowView r) -> r.getBigDecimal(0));
      assertThat(serverText("numeric", v)).isEqualTo(v.toPlainString());
    }
    // Trailing and leading zero groups in base 10000.
    BigDecimal sparse = new BigDecimal("1" + "0".repeat(400) + "." + "0".repeat(400) + "1");
    roundTrip("numeric", sparse, (RowView r) -> r.getBigDecimal(0));
    assertThat(serverText("numeric", sparse)).isEqualTo(sparse.toPlainString());
  }

  @Test
  void numericWithNegativeScale() {
    // A BigDecimal of negative scale goes as its integer value; the server keeps no negative scale.
    BigDecimal v = new BigDecimal("1E+5");
    BigDecimal read = Read.one(db, "SELECT $1::numeric", (RowView r) -> r.getBigDecimal(0), v);
    assertThat(read).isEqualTo(new BigDecimal("100000")).isEqualByComparingTo(v);
    assertThat(serverText("numeric", v)).isEqualTo("100000");
    // numeric(5, -2) (PostgreSQL 15+) rounds to hundreds.
    int id =
        Read.one(
            db,
            "INSERT INTO neg_scale (n) VALUES ($1) RETURNING id",
            (RowView r) -> r.getInt(0),
            new BigDecimal("1234567"));
    assertThat(
            Read.one(
                db, "SELECT n FROM neg_scale WHERE id = $1", (RowView r) -> r.getBigDecimal(0), id))
        .isEqualTo(new BigDecimal("1234600"));
  }

  @Test
  void numericSpecialValues() {
    for (String s : new String[] {"NaN", "Infinity", "-Infinity"}) {
      String sql = "SELECT '" + s + "'::numeric";
      assertThatThrownBy(() -> Read.one(db, sql, (RowView r) -> r.getBigDecimal(0)))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22000"))
          .hasMessageContaining(s)
          .hasMessageContaining("double or String");
      assertThat(Read.one(db, sql, (RowView r) -> r.getString(0))).isEqualTo(s);
      assertThat(Read.one(db, sql, (RowView r) -> r.getDouble(0))).isEqualTo(Double.valueOf(s));
      // getObject gives them as Double, as pgjdbc does.
      assertThat(Read.one(db, sql, (RowView r) -> r.getObject(0))).isEqualTo(Double.valueOf(s));
      // As a parameter they go as text.
      assertThat(Read.one(db, "SELECT $1::numeric", (RowView r) -> r.getString(0), s)).isEqualTo(s);
    }
    // A Double bound to a statement whose parameter the server typed numeric (named by its uses
    // with a String, on this one connection): NaN goes as numeric's NaN (NumericSpecialsTest).
    db.useTransaction(
        tx -> {
          for (int i = 0; i < 2; i++) {
            assertThat(Read.one(tx, "SELECT $1::numeric", (RowView r) -> r.getString(0), "1.5"))
                .isEqualTo("1.5");
          }
          assertThat(Read.one(tx, "SELECT $1::numeric", (RowView r) -> r.getString(0), Double.NaN))
              .isEqualTo("NaN");
        });
  }

  @Test
  void numericBeyondThePostgresRangeFailsInsteadOfWrapping() {
    // 131072 digits before the point is numeric's limit: a weight past int16 must not wrap around.
    for (String s : new String[] {"1E+140000", "-1E+140000", "1E-140000"}) {
      assertThatThrownBy(
              () ->
                  Read.one(
                      db,
                      "SELECT $1::numeric::text",
                      (RowView r) -> r.getString(0),
                      new BigDecimal(s)))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22003"))
          .hasMessageContaining("numeric");
    }
    BigDecimal largest = new BigDecimal(BigInteger.TEN.pow(131071));
    assertThat(Read.one(db, "SELECT $1::numeric", (RowView r) -> r.getBigDecimal(0), largest))
        .isEqualTo(largest);
  }

  @Test
  void strings() {
    String emoji = "héllo wörld 😀 \uD83D\uDE80 ✓";
    String big = "0123456789abcdef".repeat(70 * 1024 / 16) + emoji;
    String huge = "x😀y".repeat(300_000);
    for (String type : new String[] {"text", "varchar"}) {
      for (String s : new String[] {"", "a", emoji, "tab\tnewline\n'quote'\"", big, huge}) {
        roundTrip(type, s, (RowView r) -> r.getString(0));
      }
    }
    assertThat(huge.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(1 << 20);
    assertThat(Read.one(db, "SELECT octet_length($1::text)", (RowView r) -> r.getInt(0), huge))
        .isEqualTo(huge.getBytes(StandardCharsets.UTF_8).length);
    // A row of more than 1 MiB from the server side too, not echoed from a parameter.
    assertThat(Read.one(db, "SELECT repeat('ab😀', 400000)", (RowView r) -> r.getString(0)))
        .isEqualTo("ab😀".repeat(400000));
    // Empty string and NULL stay apart.
    assertThat(
            Read.one(
                db, "SELECT $1::text", (RowView r) -> r.isNull(0) ? "<null>" : r.getString(0), ""))
        .isEqualTo("");
    assertThat(
            Read.one(
                db,
                "SELECT $1::text",
                (RowView r) -> r.isNull(0) ? "<null>" : r.getString(0),
                (Object) null))
        .isEqualTo("<null>");
    assertThat(Read.one(db, "SELECT NULL::text", (RowView r) -> r.getString(0))).isNull();
    // bpchar pads, name truncates to 63 bytes.
    roundTrip("char(5)", "ab", "ab   ", (RowView r) -> r.getString(0));
    roundTrip("bpchar", emoji, (RowView r) -> r.getString(0));
    roundTrip("name", "a_name", (RowView r) -> r.getString(0));
    assertThat(Read.one(db, "SELECT $1::name", (RowView r) -> r.getString(0), "n".repeat(100)))
        .isEqualTo("n".repeat(63));
    assertThat(Read.one(db, "SELECT 'x'::\"char\"", (RowView r) -> r.getString(0))).isEqualTo("x");
    assertThat(serverText("text", emoji)).isEqualTo(emoji);
    assertThat(
            Read.one(
                db,
                "SELECT length($1::text), octet_length($1::text)",
                (RowView r) -> r.getInt(0) + "/" + r.getInt(1),
                emoji))
        .isEqualTo(
            emoji.codePointCount(0, emoji.length())
                + "/"
                + emoji.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void bytea() {
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    byte[] large = new byte[3 << 20];
    new Random(7).nextBytes(large);
    for (byte[] v : new byte[][] {new byte[0], all, large}) {
      roundTrip("bytea", v, (RowView r) -> r.getBytes(0));
    }
    assertThat(serverText("bytea", all)).isEqualTo("\\x" + HexFormat.of().formatHex(all));
    assertThat(
            Read.one(
                db,
                "SELECT $1::bytea = decode($2, 'hex')",
                (RowView r) -> r.getBoolean(0),
                large,
                HexFormat.of().formatHex(large)))
        .isTrue();
    assertThat(Read.one(db, "SELECT '\\x00ff'::bytea", (RowView r) -> r.getObject(0)))
        .isEqualTo(new byte[] {0, -1});
  }

  @Test
  void uuid() {
    UUID[] values = {
      UUID.randomUUID(),
      new UUID(0, 0),
      new UUID(-1, -1),
      UUID.fromString("00000000-0000-0001-8000-000000000000")
    };
    for (UUID v : values) {
      roundTrip("uuid", v, (RowView r) -> r.getUuid(0));
      assertThat(serverText("uuid", v)).isEqualTo(v.toString());
    }
    // A String for a uuid parameter is parsed by the server.
    assertThat(Read.one(db, "SELECT $1::uuid", (RowView r) -> r.getUuid(0), values[0].toString()))
        .isEqualTo(values[0]);
  }

  @Test
  void date() {
    LocalDate[] values = {
      LocalDate.of(2000, 1, 1), LocalDate.of(1999, 12, 31), LocalDate.of(1970, 1, 1),
          LocalDate.of(1969, 12, 31),
      LocalDate.of(2024, 2, 29), LocalDate.of(1, 1, 1), LocalDate.of(0, 12, 31),
          LocalDate.of(0, 1, 1),
      LocalDate.of(-4712, 1, 1), LocalDate.of(-4713, 11, 24), LocalDate.of(5874897, 12, 31)
    };
    for (LocalDate v : values) {
      roundTrip("date", v, (RowView r) -> r.getLocalDate(0));
    }
    // ISO year 0 is 1 BC, year -4712 is 4713 BC; the server's extremes are 4714-11-24 BC and
    // 5874897-12-31.
    assertThat(serverText("date", LocalDate.of(0, 12, 31))).isEqualTo("0001-12-31 BC");
    assertThat(serverText("date", LocalDate.of(-4712, 1, 1))).isEqualTo("4713-01-01 BC");
    assertThat(Read.one(db, "SELECT '4714-11-24 BC'::date", (RowView r) -> r.getLocalDate(0)))
        .isEqualTo(LocalDate.of(-4713, 11, 24));
    assertThat(Read.one(db, "SELECT '5874897-12-31'::date", (RowView r) -> r.getLocalDate(0)))
        .isEqualTo(LocalDate.of(5874897, 12, 31));
    assertThat(Read.one(db, "SELECT '2024-02-29'::date", (RowView r) -> r.getLocalDate(0)))
        .isEqualTo(LocalDate.of(2024, 2, 29));
    // Infinities are LocalDate.MAX and MIN, both ways.
    roundTrip("date", LocalDate.MAX, (RowView r) -> r.getLocalDate(0));
    roundTrip("date", LocalDate.MIN, (RowView r) -> r.getLocalDate(0));
    assertThat(serverText("date", LocalDate.MAX)).isEqualTo("infinity");
    assertThat(serverText("date", LocalDate.MIN)).isEqualTo("-infinity");
    assertThat(
            Read.one(
                db,
                "SELECT 'infinity'::date, '-infinity'::date",
                (RowView r) -> List.of(r.getLocalDate(0), r.getLocalDate(1))))
        .containsExactly(LocalDate.MAX, LocalDate.MIN);
    // Out of the server's range: a clear error, not a wrapped value.
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT $1::date",
                    (RowView r) -> r.getLocalDate(0),
                    LocalDate.of(999_999_999, 1, 1)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22008"));
  }

  @Test
  void time() {
    LocalTime[] values = {
      LocalTime.MIDNIGHT,
      LocalTime.NOON,
      LocalTime.of(23, 59, 59, 999_999_000),
      LocalTime.of(12, 34, 56, 789_012_000),
      LocalTime.of(0, 0, 0, 1000)
    };
    for (LocalTime v : values) {
      roundTrip("time", v, (RowView r) -> r.getLocalTime(0));
    }
    assertThat(serverText("time", LocalTime.of(12, 34, 56, 789_012_000)))
        .isEqualTo("12:34:56.789012");
    // '24:00:00' has no LocalTime: it is read as LocalTime.MAX, and LocalTime.MAX is sent as
    // 24:00:00.
    assertThat(Read.one(db, "SELECT '24:00:00'::time", (RowView r) -> r.getLocalTime(0)))
        .isEqualTo(LocalTime.MAX);
    roundTrip("time", LocalTime.MAX, (RowView r) -> r.getLocalTime(0));
    assertThat(serverText("time", LocalTime.MAX)).isEqualTo("24:00:00");
    // Nanoseconds below a microsecond are dropped, as the server keeps microseconds.
    assertThat(
            Read.one(
                db,
                "SELECT $1::time",
                (RowView r) -> r.getLocalTime(0),
                LocalTime.of(1, 2, 3, 456_789_999)))
        .isEqualTo(LocalTime.of(1, 2, 3, 456_789_000));
  }

  @Test
  void timetz() {
    OffsetTime[] values = {
      OffsetTime.of(10, 15, 30, 123_456_000, ZoneOffset.ofHoursMinutes(5, 30)),
      OffsetTime.of(23, 0, 0, 0, ZoneOffset.ofHours(-12)),
      OffsetTime.of(1, 0, 0, 0, ZoneOffset.ofHours(14)),
      OffsetTime.of(0, 0, 0, 0, ZoneOffset.UTC),
      OffsetTime.of(7, 7, 7, 0, ZoneOffset.ofHoursMinutesSeconds(-3, -30, -15))
    };
    for (OffsetTime v : values) {
      roundTrip("timetz", v, (RowView r) -> r.getOffsetTime(0));
    }
    assertThat(serverText("timetz", values[0])).isEqualTo("10:15:30.123456+05:30");
    assertThat(serverText("timetz", values[1])).isEqualTo("23:00:00-12");
    assertThat(serverText("timetz", values[2])).isEqualTo("01:00:00+14");
    assertThat(Read.one(db, "SELECT '12:00:00-03:30'::timetz", (RowView r) -> r.getOffsetTime(0)))
        .isEqualTo(OffsetTime.of(12, 0, 0, 0, ZoneOffset.ofHoursMinutes(-3, -30)));
    assertThat(Read.one(db, "SELECT '24:00:00+02'::timetz", (RowView r) -> r.getOffsetTime(0)))
        .isEqualTo(OffsetTime.of(LocalTime.MAX, ZoneOffset.ofHours(2)));
  }

  @Test
  void timestamp() {
    LocalDateTime[] values = {
      LocalDateTime.of(2000, 1, 1, 0, 0),
      LocalDateTime.of(2024, 7, 15, 13, 45, 30, 123_456_000),
      LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000),
      LocalDateTime.of(1969, 12, 31, 23, 59, 59, 1000),
      LocalDateTime.of(1900, 3, 4, 5, 6, 7, 8000),
      LocalDateTime.of(-4712, 1, 1, 0, 0),
      LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000),
      LocalDateTime.of(
          2021, 3, 28, 2, 30) // a local time that does not exist in Europe/Berlin: no zone applies
    };
    for (LocalDateTime v : values) {
      roundTrip("timestamp", v, (RowView r) -> r.getLocalDateTime(0));
    }
    assertThat(serverText("timestamp", values[1])).isEqualTo("2024-07-15 13:45:30.123456");
    assertThat(serverText("timestamp", values[3])).isEqualTo("1969-12-31 23:59:59.000001");
    assertThat(serverText("timestamp", values[5])).isEqualTo("4713-01-01 00:00:00 BC");
    roundTrip("timestamp", LocalDateTime.MAX, (RowView r) -> r.getLocalDateTime(0));
    roundTrip("timestamp", LocalDateTime.MIN, (RowView r) -> r.getLocalDateTime(0));
    assertThat(serverText("timestamp", LocalDateTime.MAX)).isEqualTo("infinity");
    assertThat(serverText("timestamp", LocalDateTime.MIN)).isEqualTo("-infinity");
    assertThat(
            Read.one(
                db,
                "SELECT '1900-03-04 05:06:07.000008'::timestamp",
                (RowView r) -> r.getLocalDateTime(0)))
        .isEqualTo(values[4]);
  }

  @Test
  void timestampFarBeyondTheRangeFailsInsteadOfWrapping() {
    // µs since 2000 of year 600000 overflow a long; they must not wrap into a valid timestamp.
    for (Object v :
        new Object[] {
          LocalDateTime.of(600_000, 1, 1, 0, 0), LocalDateTime.of(-600_000, 1, 1, 0, 0)
        }) {
      assertThatThrownBy(
              () -> Read.one(db, "SELECT $1::timestamp::text", (RowView r) -> r.getString(0), v))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22008"));
    }
    Instant far = LocalDateTime.of(600_000, 1, 1, 0, 0).toInstant(ZoneOffset.UTC);
    assertThatThrownBy(
            () -> Read.one(db, "SELECT $1::timestamptz::text", (RowView r) -> r.getString(0), far))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22008"));
  }

  @Test
  void timestamptz() {
    Instant[] values = {
      Instant.parse("2000-01-01T00:00:00Z"), Instant.parse("2024-07-15T13:45:30.123456Z"),
      Instant.parse("1999-12-31T23:59:59.999999Z"), Instant.parse("1969-12-31T23:59:59.000001Z"),
      Instant.parse("1900-01-01T00:00:00.000001Z"), Instant.parse("1970-01-01T00:00:00Z"),
      Instant.parse("-4712-01-01T00:00:00Z"), Instant.parse("+294276-12-31T23:59:59.999999Z")
    };
    for (Instant v : values) {
      roundTrip("timestamptz", v, (RowView r) -> r.getInstant(0));
      roundTrip(
          "timestamptz", v, v.atOffset(ZoneOffset.UTC), (RowView r) -> r.getOffsetDateTime(0));
      if (v.getEpochSecond() < 9_000_000_000_000L) {
        // The server's reading, in its zone-free form (near the end of the range, extract rounds).
        assertThat(
                Read.one(
                    db,
                    "SELECT extract(epoch FROM $1::timestamptz)",
                    (RowView r) -> r.getBigDecimal(0),
                    v))
            .isEqualByComparingTo(
                new BigDecimal(v.getEpochSecond()).add(BigDecimal.valueOf(v.getNano(), 9)));
      }
    }
    assertThat(
            Read.one(
                db,
                "SELECT $1::timestamptz = '294276-12-31 23:59:59.999999+00'",
                (RowView r) -> r.getBoolean(0),
                values[7]))
        .isTrue();
    // An OffsetDateTime or ZonedDateTime parameter is its instant.
    OffsetDateTime odt =
        OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 6000, ZoneOffset.ofHoursMinutes(5, 45));
    assertThat(Read.one(db, "SELECT $1::timestamptz", (RowView r) -> r.getInstant(0), odt))
        .isEqualTo(odt.toInstant());
    ZonedDateTime zdt = ZonedDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneId.of("America/Los_Angeles"));
    assertThat(Read.one(db, "SELECT $1::timestamptz", (RowView r) -> r.getInstant(0), zdt))
        .isEqualTo(zdt.toInstant());
    // A literal the server reads in the session zone (+13:45 in January at Chatham).
    assertThat(
            Read.one(
                db, "SELECT '2024-01-02 03:04:05'::timestamptz", (RowView r) -> r.getInstant(0)))
        .isEqualTo(Instant.parse("2024-01-01T13:19:05Z"));
    // Infinities are Instant.MAX/MIN and OffsetDateTime.MAX/MIN.
    roundTrip("timestamptz", Instant.MAX, (RowView r) -> r.getInstant(0));
    roundTrip("timestamptz", Instant.MIN, (RowView r) -> r.getInstant(0));
    roundTrip("timestamptz", OffsetDateTime.MAX, (RowView r) -> r.getOffsetDateTime(0));
    roundTrip("timestamptz", OffsetDateTime.MIN, (RowView r) -> r.getOffsetDateTime(0));
    assertThat(serverText("timestamptz", Instant.MAX)).isEqualTo("infinity");
    assertThat(serverText("timestamptz", Instant.MIN)).isEqualTo("-infinity");
    assertThat(
            Read.one(db, "SELECT '-infinity'::timestamptz", (RowView r) -> r.getOffsetDateTime(0)))
        .isEqualTo(OffsetDateTime.MIN);
  }

  @Test
  void timestamptzAcrossDaylightSavingTransitions() {
    String[][] transitions = {
      {"Europe/Berlin", "2021-03-28 00:00+00", "2021-03-28 02:00+00"},
      {"Europe/Berlin", "2021-10-31 00:00+00", "2021-10-31 02:00+00"},
      {"America/New_York", "2021-03-14 06:00+00", "2021-03-14 08:00+00"},
      {"America/New_York", "2021-11-07 05:00+00", "2021-11-07 07:00+00"}
    };
    for (String[] t : transitions) {
      ZoneId zone = ZoneId.of(t[0]);
      List<Object[]> rows =
          Read.all(
              db,
              "SELECT t, extract(epoch FROM t), t AT TIME ZONE $1 FROM generate_series($2::timestamptz, $3::timestamptz, '10 min') t",
              (RowView r) ->
                  new Object[] {r.getInstant(0), r.getBigDecimal(1), r.getLocalDateTime(2)},
              t[0],
              t[1],
              t[2]);
      assertThat(rows).hasSize(13);
      for (Object[] row : rows) {
        Instant instant = (Instant) row[0];
        assertThat(instant.getEpochSecond()).isEqualTo(((BigDecimal) row[1]).longValueExact());
        assertThat(LocalDateTime.ofInstant(instant, zone)).isEqualTo(row[2]);
        // And back: the zoned time as a parameter is the same instant.
        ZonedDateTime zoned = instant.atZone(zone);
        assertThat(
                Read.one(
                    db,
                    "SELECT $1::timestamptz = $2::timestamptz",
                    (RowView r) -> r.getBoolean(0),
                    zoned,
                    instant))
            .isTrue();
      }
    }
    // A local time in the spring gap: both the server and java.time move it forward by the gap.
    Instant gap =
        Read.one(
            db,
            "SELECT '2021-03-14 02:30:00'::timestamp AT TIME ZONE 'America/New_York'",
            (RowView r) -> r.getInstant(0));
    assertThat(gap)
        .isEqualTo(
            ZonedDateTime.of(2021, 3, 14, 2, 30, 0, 0, ZoneId.of("America/New_York")).toInstant());
    // Another session zone reads the same instants.
    try (Database other =
        Database.builder().url(url).serverSetting("TimeZone", "Asia/Kathmandu").build()) {
      Instant a =
          Read.one(
              db, "SELECT '2021-10-31 01:30:00+02'::timestamptz", (RowView r) -> r.getInstant(0));
      Instant b =
          Read.one(
              other,
              "SELECT '2021-10-31 01:30:00+02'::timestamptz",
              (RowView r) -> r.getInstant(0));
      assertThat(a).isEqualTo(b).isEqualTo(Instant.parse("2021-10-30T23:30:00Z"));
      assertThat(text("SHOW TimeZone"))
          .isNotEqualTo(Read.one(other, "SHOW TimeZone", (RowView r) -> r.getString(0)));
    }
  }

  @Test
  void interval() {
    Interval[] values = {
      Interval.ZERO,
      new Interval(14, 3, 14_706_789_012L),
      new Interval(-1, -2, -1_000_000L),
      new Interval(1, -1, 1),
      new Interval(0, 0, -1),
      new Interval(Integer.MAX_VALUE - 1, 5, 0),
      new Interval(0, 0, 86_400_000_000L * 40)
    };
    for (Interval v : values) {
      roundTrip("interval", v, (RowView r) -> r.getInterval(0));
    }
    assertThat(serverText("interval", values[1])).isEqualTo("1 year 2 mons 3 days 04:05:06.789012");
    assertThat(serverText("interval", values[2])).isEqualTo("-1 mons -2 days -00:00:01");
    assertThat(
            Read.one(
                db,
                "SELECT '1 year 2 months 3 days 04:05:06.789012'::interval",
                (RowView r) -> r.getInterval(0)))
        .isEqualTo(values[1]);
    // Duration and Period parameters.
    assertThat(
            Read.one(
                db,
                "SELECT $1::interval",
                (RowView r) -> r.getInterval(0),
                Duration.ofMillis(-1500)))
        .isEqualTo(new Interval(0, 0, -1_500_000));
    assertThat(
            Read.one(
                db, "SELECT $1::interval", (RowView r) -> r.getInterval(0), Period.of(1, 2, 3)))
        .isEqualTo(new Interval(14, 3, 0));
    assertThat(values[1].toPeriod()).isEqualTo(Period.of(1, 2, 3));
    assertThat(values[1].toDuration()).isEqualTo(Duration.ofNanos(14_706_789_012_000L));
    // PostgreSQL 17 infinite intervals.
    assertThat(Read.one(db, "SELECT 'infinity'::interval", (RowView r) -> r.getInterval(0)))
        .isEqualTo(Interval.INFINITY);
    assertThat(Read.one(db, "SELECT '-infinity'::interval", (RowView r) -> r.getInterval(0)))
        .isEqualTo(Interval.NEGATIVE_INFINITY);
    roundTrip("interval", Interval.INFINITY, (RowView r) -> r.getInterval(0));
    roundTrip("interval", Interval.NEGATIVE_INFINITY, (RowView r) -> r.getInterval(0));
    assertThat(serverText("interval", Interval.INFINITY)).isEqualTo("infinity");
    assertThat(serverText("interval", Interval.NEGATIVE_INFINITY)).isEqualTo("-infinity");
    assertThatThrownBy(Interval.INFINITY::toDuration).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(Interval.NEGATIVE_INFINITY::toPeriod)
        .isInstanceOf(ArithmeticException.class);
  }

  @Test
  void json() {
    String doc = "{\"a\": [1, 2.5, \"ü😀\"], \"b\": null}";
    roundTrip("json", doc, (RowView r) -> r.getString(0));
    roundTrip("jsonb", doc, (RowView r) -> r.getString(0));
    roundTrip("json", "{\"x\":1,  \"x\":2}", (RowView r) -> r.getString(0));
    // jsonb normalizes: duplicate keys collapse, spacing is its own.
    assertThat(
            Read.one(db, "SELECT $1::jsonb", (RowView r) -> r.getString(0), "{\"x\":1,  \"x\":2}"))
        .isEqualTo("{\"x\": 2}");
    assertThat(Read.one(db, "SELECT $1::jsonb", (RowView r) -> r.getObject(0), doc)).isEqualTo(doc);
    assertThat(Read.one(db, "SELECT $1::jsonb ->> 'a'", (RowView r) -> r.getString(0), doc))
        .isEqualTo("[1, 2.5, \"ü😀\"]");
    assertThat(Read.one(db, "SELECT '\"\"'::jsonb", (RowView r) -> r.getString(0)))
        .isEqualTo("\"\"");
  }

  @Test
  void oid() {
    for (long v : new long[] {0, 1, Integer.MAX_VALUE, 1L << 31, 3_000_000_000L, 0xffffffffL}) {
      roundTrip("oid", v, (RowView r) -> r.getLong(0));
      assertThat(serverText("oid", v)).isEqualTo(Long.toString(v));
      assertThat(Read.one(db, "SELECT $1::oid", (RowView r) -> r.getObject(0), v)).isEqualTo(v);
    }
    assertThatThrownBy(() -> Read.one(db, "SELECT 3000000000::oid", (RowView r) -> r.getInt(0)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22003"));
    assertThatThrownBy(() -> Read.one(db, "SELECT $1::oid", (RowView r) -> r.getLong(0), 1L << 32))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22003"));
  }

  @Test
  void enums() {
    for (Mood m : Mood.values()) {
      roundTrip("mood", m, (RowView r) -> r.getEnum(0, Mood.class));
    }
    assertThat(serverText("mood", Mood.VERY_HAPPY)).isEqualTo("very-happy");
    assertThat(Read.one(db, "SELECT 'very-happy'::mood", (RowView r) -> r.getEnum(0, Mood.class)))
        .isEqualTo(Mood.VERY_HAPPY);
    assertThat(Read.one(db, "SELECT 'very-happy'::mood", (RowView r) -> r.getString(0)))
        .isEqualTo("very-happy");
    db.execute("INSERT INTO moods (m) VALUES ($1), ($2), ($3)", Mood.sad, Mood.VERY_HAPPY, null);
    assertThat(
            Read.all(
                db,
                "SELECT m FROM moods WHERE m = $1",
                (RowView r) -> r.getEnum(0, Mood.class),
                Mood.VERY_HAPPY))
        .isNotEmpty()
        .containsOnly(Mood.VERY_HAPPY);
    assertThat(
            Read.one(db, "SELECT count(*) FROM moods WHERE m IS NULL", (RowView r) -> r.getLong(0)))
        .isEqualTo(1L);
    assertThat(Read.one(db, "SELECT NULL::mood", (RowView r) -> r.getEnum(0, Mood.class))).isNull();
    assertThatThrownBy(
            () -> Read.one(db, "SELECT 'ok'::mood", (RowView r) -> r.getEnum(0, PartialMood.class)))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22P02"))
        .hasMessageContaining("'ok'")
        .hasMessageContaining("PartialMood");
    // A label the enum type lacks is the server's error.
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT $1::mood",
                    (RowView r) -> r.getString(0),
                    PartialMood.sad.name() + "x"))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22P02"));
  }

  @Test
  void domains() {
    roundTrip("posint", 7, (RowView r) -> r.getInt(0));
    assertThatThrownBy(() -> db.execute("INSERT INTO domains (p) VALUES ($1)", -1))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("23514"));
    // A domain column is described as its base type, so it is read in binary.
    assertThat(Read.one(db, "SELECT 5::posint", (RowView r) -> r.getObject(0))).isEqualTo(5);
  }

  @Test
  void parametersInferredAsADomainGoAsTextInTheServersSyntax() {
    // Prepared with a NULL first, the parameter's type is the domain (whose OID the driver does not
    // know), so later values go as text: they must be in the server's text syntax.
    byte[] bytes = {0, 1, 2, (byte) 0xff};
    String sql = "INSERT INTO domains (p, b) VALUES ($1, $2) RETURNING id";
    Read.one(db, sql, (RowView r) -> r.getInt(0), null, null);
    int id = Read.one(db, sql, (RowView r) -> r.getInt(0), 9, bytes);
    assertThat(
            Read.one(
                db,
                "SELECT p, b FROM domains WHERE id = $1",
                (RowView r) -> r.getInt(0) + ":" + HexFormat.of().formatHex(r.getBytes(1)),
                id))
        .isEqualTo("9:000102ff");
  }

  @Test
  void textFormatParametersOfEveryKind() throws Exception {
    db.executeScript(
        "CREATE DOMAIN d_date AS date; CREATE DOMAIN d_ts AS timestamp; CREATE DOMAIN d_tstz AS timestamptz;"
            + "CREATE DOMAIN d_time AS time; CREATE DOMAIN d_interval AS interval; CREATE DOMAIN d_inet AS inet;"
            + "CREATE DOMAIN d_texts AS text[];"
            + "CREATE TABLE textual (id serial PRIMARY KEY, d d_date, ts d_ts, tstz d_tstz, t d_time, i d_interval,"
            + " n d_inet, moods mood[], texts d_texts)");
    String insert =
        "INSERT INTO textual (d, ts, tstz, t, i, n, moods, texts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id";
    Read.one(
        db, insert, (RowView r) -> r.getInt(0), null, null, null, null, null, null, null, null);
    Object[][] rows = {
      {
        LocalDate.of(0, 12, 31),
        LocalDateTime.of(12345, 6, 7, 8, 9, 10, 11000),
        Instant.parse("2021-03-28T01:30:00.000001Z"),
        LocalTime.MAX,
        new Interval(14, -3, -5),
        InetAddress.getByName("2001:db8::1"),
        List.of(Mood.sad, Mood.VERY_HAPPY),
        new String[] {"NULL", null, "a\"b\\c", "{x}", ""}
      },
      {
        LocalDate.MAX,
        LocalDateTime.MIN,
        Instant.MIN,
        LocalTime.of(1, 2, 3, 4000),
        Interval.INFINITY,
        new InetNetwork(InetAddress.getByName("10.1.0.0"), 16),
        new Mood[0],
        List.of()
      },
      {
        LocalDate.MIN,
        LocalDateTime.of(-4712, 1, 1, 0, 0),
        ZonedDateTime.of(2021, 10, 31, 2, 30, 0, 0, ZoneId.of("Europe/Berlin")),
        LocalTime.MIDNIGHT,
        Duration.ofSeconds(-90),
        InetAddress.getByName("127.0.0.1"),
        new Mood[] {Mood.ok},
        List.of("é😀")
      }
    };
    for (Object[] row : rows) {
      int id = Read.one(db, insert, (RowView r) -> r.getInt(0), row);
      List<Object> read =
          Read.one(
              db,
              "SELECT d, ts, tstz, t, i, n, moods::text, texts FROM textual WHERE id = $1",
              (RowView r) ->
                  Arrays.asList(
                      r.getLocalDate(0),
                      r.getLocalDateTime(1),
                      r.getInstant(2),
                      r.getLocalTime(3),
                      r.getInterval(4),
                      r.getInetNetwork(5),
                      r.getString(6),
                      r.getList(7, String.class)),
              id);
      assertThat(read.get(0)).isEqualTo(row[0]);
      assertThat(read.get(1)).isEqualTo(row[1]);
      assertThat(read.get(2)).isEqualTo(row[2] instanceof ZonedDateTime z ? z.toInstant() : row[2]);
      assertThat(read.get(3)).isEqualTo(row[3]);
      assertThat(read.get(4)).isEqualTo(row[4] instanceof Duration d ? Interval.of(d) : row[4]);
      assertThat(read.get(5))
          .isEqualTo(row[5] instanceof InetAddress a ? InetNetwork.host(a) : row[5]);
      List<?> moods = row[6] instanceof List<?> l ? l : Arrays.asList((Object[]) row[6]);
      StringBuilder labels = new StringBuilder("{");
      for (Object m : moods) {
        labels.append(labels.length() > 1 ? "," : "").append(EnumLabelsOf.label((Mood) m));
      }
      assertThat(read.get(6)).isEqualTo(labels.append('}').toString());
      assertThat(read.get(7))
          .isEqualTo(row[7] instanceof List<?> l ? l : Arrays.asList((Object[]) row[7]));
    }
  }

  /** The labels the server should see. */
  private static final class EnumLabelsOf {
    static String label(Mood m) {
      return m == Mood.VERY_HAPPY ? "very-happy" : m.name();
    }
  }

  @Test
  void inet() throws Exception {
    InetAddress v4 = InetAddress.getByName("192.168.1.10");
    InetAddress v6 = InetAddress.getByName("2001:db8::1");
    for (InetAddress a :
        new InetAddress[] {v4, v6, InetAddress.getByName("0.0.0.0"), InetAddress.getByName("::")}) {
      roundTrip("inet", a, (RowView r) -> r.getInetAddress(0));
      // text(inet) always shows the prefix length.
      assertThat(serverText("inet", a))
          .isEqualTo(text("SELECT '" + a.getHostAddress() + "'::inet::text"))
          .endsWith(a instanceof java.net.Inet4Address ? "/32" : "/128");
    }
    InetNetwork net4 = new InetNetwork(InetAddress.getByName("10.0.0.0"), 8);
    InetNetwork net6 = new InetNetwork(InetAddress.getByName("2001:db8::"), 32);
    InetNetwork hostInNet = new InetNetwork(v4, 24);
    roundTrip("cidr", net4, (RowView r) -> r.getInetNetwork(0));
    roundTrip("cidr", net6, (RowView r) -> r.getInetNetwork(0));
    roundTrip("inet", hostInNet, (RowView r) -> r.getInetNetwork(0));
    assertThat(serverText("cidr", net4)).isEqualTo("10.0.0.0/8");
    assertThat(serverText("inet", hostInNet)).isEqualTo("192.168.1.10/24");
    assertThat(Read.one(db, "SELECT '192.168.1.10/24'::inet", (RowView r) -> r.getInetNetwork(0)))
        .isEqualTo(hostInNet);
    assertThatThrownBy(
            () ->
                Read.one(db, "SELECT '192.168.1.10/24'::inet", (RowView r) -> r.getInetAddress(0)))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("InetNetwork");
    // An IPv4-mapped IPv6 address stays IPv6 (java.net would turn it into an Inet4Address).
    InetNetwork mapped =
        Read.one(db, "SELECT '::ffff:1.2.3.4'::inet", (RowView r) -> r.getInetNetwork(0));
    assertThat(mapped.bits()).isEqualTo(128);
    assertThat(mapped.address().getAddress()).hasSize(16);
    assertThat(serverText("inet", mapped)).isEqualTo("::ffff:1.2.3.4/128");
    assertThat(
            Read.one(
                db,
                "SELECT '::ffff:1.2.3.0/120'::cidr",
                (RowView r) -> r.getInetNetwork(0).toString()))
        .endsWith("/120");
  }

  @Test
  void arrays() {
    roundTrip(
        "int4[]", List.of(1, -2, Integer.MAX_VALUE), (RowView r) -> r.getList(0, Integer.class));
    roundTrip(
        "int4[]",
        new int[] {1, 2, 3},
        List.of(1, 2, 3),
        (RowView r) -> r.getList(0, Integer.class));
    roundTrip("int4[]", Arrays.asList(1, null, 3), (RowView r) -> r.getList(0, Integer.class));
    roundTrip("int4[]", List.of(), List.<Integer>of(), (RowView r) -> r.getList(0, Integer.class));
    roundTrip(
        "int8[]",
        new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE},
        List.of(Long.MIN_VALUE, 0L, Long.MAX_VALUE),
        (RowView r) -> r.getList(0, Long.class));
    List<String> texts =
        Arrays.asList("a", null, "", "NULL", "with \"quotes\", {braces} and \\", "😀");
    roundTrip("text[]", texts, (RowView r) -> r.getList(0, String.class));
    roundTrip(
        "text[]", texts.toArray(new String[0]), texts, (RowView r) -> r.getList(0, String.class));
    assertThat(serverText("text[]", texts))
        .isEqualTo("{a,NULL,\"\",\"NULL\",\"with \\\"quotes\\\", {braces} and \\\\\",😀}");
    List<UUID> uuids = List.of(UUID.randomUUID(), new UUID(0, 0));
    roundTrip("uuid[]", uuids, (RowView r) -> r.getList(0, UUID.class));
    roundTrip("uuid[]", uuids.toArray(new UUID[0]), uuids, (RowView r) -> r.getList(0, UUID.class));
    List<BigDecimal> numerics =
        Arrays.asList(
            new BigDecimal("1.50"),
            null,
            new BigDecimal("-123456789012345678901234.5"),
            BigDecimal.ZERO);
    roundTrip("numeric[]", numerics, (RowView r) -> r.getList(0, BigDecimal.class));
    assertThat(
            Read.one(
                db,
                "SELECT '{1.5,NaN,-Infinity}'::numeric[]",
                (RowView r) -> r.getList(0, Object.class)))
        .containsExactly(new BigDecimal("1.5"), Double.NaN, Double.NEGATIVE_INFINITY);
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT '{1.5,NaN}'::numeric[]",
                    (RowView r) -> r.getList(0, BigDecimal.class)))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22000"))
        .hasMessageContaining("NaN");
    List<Instant> instants =
        List.of(Instant.parse("1969-07-20T20:17:40.000001Z"), Instant.MAX, Instant.MIN);
    roundTrip("timestamptz[]", instants, (RowView r) -> r.getList(0, Instant.class));
    roundTrip(
        "timestamptz[]",
        instants,
        List.of(instants.get(0).atOffset(ZoneOffset.UTC), OffsetDateTime.MAX, OffsetDateTime.MIN),
        (RowView r) -> r.getList(0, OffsetDateTime.class));
    roundTrip(
        "bool[]",
        new boolean[] {true, false},
        List.of(true, false),
        (RowView r) -> r.getList(0, Boolean.class));
    roundTrip("bool[]", Arrays.asList(true, null), (RowView r) -> r.getList(0, Boolean.class));
    roundTrip(
        "float8[]",
        new double[] {Double.NaN, -0d, Double.POSITIVE_INFINITY, 1.5},
        List.of(Double.NaN, -0d, Double.POSITIVE_INFINITY, 1.5),
        (RowView r) -> r.getList(0, Double.class));
    List<LocalDate> dates = List.of(LocalDate.of(2000, 1, 1), LocalDate.of(0, 1, 1), LocalDate.MAX);
    roundTrip("date[]", dates, (RowView r) -> r.getList(0, LocalDate.class));
    roundTrip(
        "date[]",
        dates.toArray(new LocalDate[0]),
        dates,
        (RowView r) -> r.getList(0, LocalDate.class));
    // Server-built arrays, default element types, widening.
    assertThat(
            Read.one(
                db, "SELECT ARRAY[1, NULL, 3]::int2[]", (RowView r) -> r.getList(0, Object.class)))
        .containsExactly((short) 1, null, (short) 3);
    assertThat(
            Read.one(db, "SELECT ARRAY[1, 2]::int2[]", (RowView r) -> r.getList(0, Integer.class)))
        .containsExactly(1, 2);
    assertThat(Read.one(db, "SELECT '{}'::text[]", (RowView r) -> r.getList(0, String.class)))
        .isEmpty();
    assertThat(Read.one(db, "SELECT NULL::text[]", (RowView r) -> r.getList(0, String.class)))
        .isNull();
    assertThat(Read.one(db, "SELECT ARRAY['a','b']", (RowView r) -> r.getObject(0)))
        .isEqualTo(List.of("a", "b"));
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT '{{1,2},{3,4}}'::int4[]",
                    (RowView r) -> r.getList(0, Integer.class)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("0A000"));
    assertThatThrownBy(
            () -> Read.one(db, "SELECT ARRAY['x']", (RowView r) -> r.getList(0, Integer.class)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"));
  }

  @Test
  void otherTypesReadAsText() {
    List<String> read =
        Read.one(
            db,
            "SELECT 'a fat cat sat'::tsvector, point(1.5, -2), 1234.56::money, '[1,5)'::int4range, '(1,2),(3,4)'::box,"
                + " 'a fat cat sat'::tsvector::text, point(1.5, -2)::text, 1234.56::money::text, '[1,5)'::int4range::text, '(1,2),(3,4)'::box::text",
            (RowView r) -> {
              List<String> out = new ArrayList<>();
              for (int i = 0; i < r.columnCount(); i++) {
                out.add(r.getString(i));
              }
              return out;
            });
    assertThat(read.subList(0, 5)).isEqualTo(read.subList(5, 10));
    assertThat(read.get(0)).isEqualTo("'a' 'cat' 'fat' 'sat'");
    assertThat(read.get(1)).isEqualTo("(1.5,-2)");
    assertThat(Read.one(db, "SELECT point(1, 2)", (RowView r) -> r.getObject(0)))
        .isEqualTo("(1,2)");
    assertThatThrownBy(() -> Read.one(db, "SELECT point(1, 2)", (RowView r) -> r.getInt(0)))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"))
        .hasMessageContaining("received as text");
  }

  @Test
  void arraysOfTypesReadAsText() {
    // mood[] has a per-database OID, so it arrives as text and is parsed from array_out's syntax.
    db.executeScript("CREATE TABLE mood_lists (id int PRIMARY KEY, ms mood[])");
    db.execute(
        "INSERT INTO mood_lists VALUES (1, $1), (2, '{}'), (3, NULL), (4, '{ok,sad}')",
        List.of(Mood.VERY_HAPPY, Mood.sad, Mood.ok));
    db.execute("INSERT INTO mood_lists VALUES (5, ARRAY['sad', NULL]::mood[])");
    List<List<Mood>> read =
        Read.all(
            db, "SELECT ms FROM mood_lists ORDER BY id", (RowView r) -> r.getList(0, Mood.class));
    assertThat(read)
        .containsExactly(
            List.of(Mood.VERY_HAPPY, Mood.sad, Mood.ok),
            List.of(),
            null,
            List.of(Mood.ok, Mood.sad),
            Arrays.asList(Mood.sad, null));
    // Bounds other than from 1 a List cannot keep: refused, never dropped.
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT '[0:1]={ok,sad}'::mood[] AS ms",
                    (RowView r) -> r.getList(0, Mood.class)))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("0A000"))
        .hasMessageContaining("column \"ms\": array with bounds [0:1]");
    assertThat(
            Read.one(
                db,
                "SELECT ms FROM mood_lists WHERE id = 1",
                (RowView r) -> r.getList(0, String.class)))
        .containsExactly("very-happy", "sad", "ok");
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT ms FROM mood_lists WHERE id = 1",
                    (RowView r) -> r.getList(0, PartialMood.class)))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22P02"))
        .hasMessageContaining("'ok'");

    // Quoting and escapes in array_out's text form, through a text-format array of a domain-free
    // custom type.
    db.executeScript(
        "CREATE TYPE word AS ENUM ('a b', 'say \"hi\"', 'back\\slash', 'NULL', 'x,y', '')");
    List<String> words =
        Read.one(db, "SELECT enum_range(NULL::word)", (RowView r) -> r.getList(0, String.class));
    assertThat(words).containsExactly("a b", "say \"hi\"", "back\\slash", "NULL", "x,y", "");
    assertThatThrownBy(
            () ->
                Read.one(
                    db, "SELECT 'a fat cat'::tsvector", (RowView r) -> r.getList(0, String.class)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"));
  }
}
