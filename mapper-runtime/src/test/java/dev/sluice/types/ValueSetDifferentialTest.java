package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Columns;
import dev.sluice.Database;
import dev.sluice.RowDecoder;
import dev.sluice.driver.codec.Oids;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every type Sluice reads, over value sets taken from PostgreSQL's regression suite ({@code
 * src/test/regress/sql/*.sql}: the INSERTs of int2, float8, numeric, date, timestamptz, interval,
 * inet, …) plus edge values (limits, NaN, ±infinity, -0, empty and long texts, unicode, leap days,
 * BC dates, zones with seconds). Per type, one query casts all its literals on the server and
 * returns each value with its {@code ::text}; then:
 *
 * <ol>
 *   <li>Sluice's typed getter and {@code getObject} must equal pgjdbc's reading of the same query
 *       (text format, an independent decoder), except where pgjdbc is known to differ from the
 *       server ({@link #PGJDBC_DEVIATIONS}, each with its reason);
 *   <li>the value Sluice read, bound back as a parameter ({@code $n::type::text}), must print
 *       exactly as the server printed the original: the server decides;
 *   <li>for the types whose Java value is their text, {@code getString} must be the server's text.
 * </ol>
 *
 * <p>The session runs in America/St_Johns (UTC-03:30/-02:30), so that no time zone hides a shift.
 */
@PgTest
class ValueSetDifferentialTest {
  private static Database db;
  private static Connection jdbc;

  @BeforeAll
  static void connect(TestDatabase tdb) throws SQLException {
    db = Database.builder().url(tdb.url()).serverSetting("TimeZone", "America/St_Johns").build();
    db.executeScript(
        "CREATE TYPE vs_mood AS ENUM ('sad', 'ok', 'very-happy', 'é😀');"
            + "CREATE DOMAIN vs_posint AS int CHECK (VALUE > 0)");
    jdbc = tdb.jdbc();
    try (var s = jdbc.createStatement()) {
      s.execute("SET TimeZone = 'America/St_Johns'");
    }
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
    jdbc.close();
  }

  private static final String LONG_TEXT = "Sluice ".repeat(20_000) + "é";

  /** Doubles from float8.sql's round-trip bit patterns, as exact decimal literals. */
  private static List<String> float8Bits() {
    long[] bits = {
      0x0000000000000001L, 0x000fffffffffffffL, 0x0010000000000000L, 0x3fb999999999999aL,
      0x3feffffffffffff0L, 0x3fefffffffffffffL, 0x3ff0000000000001L, 0x3ff921fb54442d18L,
      0x4005bf0a8b14576aL, 0x4024000000000001L, 0x43e158e460913d00L, 0x7fefffffffffffffL,
      0xc350000000002e06L, 0x4350000000000002L, 0x3e60000000000000L, 0x3ff3c0ca428c59f8L
    };
    List<String> out = new ArrayList<>();
    for (long b : bits) {
      out.add(Double.toString(Double.longBitsToDouble(b)));
    }
    return out;
  }

  static Stream<Arguments> valueSets() {
    List<Arguments> sets = new ArrayList<>();
    sets.add(set("boolean", "t", "f", "true", "FALSE", " yes ", "no", "on", "off", "1", "0"));
    sets.add(set("smallint", "0", "  1234 ", "    -1234", "32767", "-32768", "0x7FFF", "-0b1"));
    sets.add(
        set("integer", "0", "123456     ", "    -123456", "2147483647", "-2147483648", "1_000"));
    sets.add(
        set(
            "bigint",
            "123",
            "4567890123456789",
            "-4567890123456789",
            "9223372036854775807",
            "-9223372036854775808",
            "0o777"));
    sets.add(set("oid", "0", "1234", "4294967295", "-1040", "987"));
    sets.add(
        set(
            "real",
            "    0.0",
            "1004.30   ",
            "     -34.84    ",
            "1.2345678901234e+20",
            "1.2345678901234e-20",
            "NaN",
            "Infinity",
            "-Infinity",
            "-0",
            "3.4028235e38",
            "1.4e-45",
            "1.17549435e-38"));
    List<String> f8 =
        new ArrayList<>(
            List.of(
                "    0.0   ",
                "1004.30  ",
                "   -34.84",
                "1.2345678901234e+200",
                "1.2345678901234e-200",
                "NaN",
                "infinity",
                "          -INFINiTY   ",
                "-0",
                "2.2250738585072014E-308"));
    f8.addAll(float8Bits());
    sets.add(Arguments.of("double precision", f8));
    sets.add(
        set(
            "numeric",
            "0",
            "0.0",
            "-0.00",
            "-34338492.215397047",
            "7799461.4119",
            "16397.038491",
            "-.000001",
            "1e-20",
            "1e20",
            "93901.57763026",
            "-83028485",
            "74881",
            "-24926804.045047420",
            "1234567890.09876543210",
            "99999999999999999999999999999999999.9999",
            "0.000000000000000000000000000001",
            "12345678901234567890",
            "-9999.9999",
            "1e-16383",
            "9e1000",
            "NaN",
            "Infinity",
            "-Infinity"));
    sets.add(
        set(
            "text",
            "",
            " ",
            "a",
            "NULL",
            "null",
            "a\"b\\c",
            "é😀",
            "e\u0301",
            "שלום",
            "ﬃ",
            "{braces}",
            "tab\there\nnewline",
            LONG_TEXT));
    sets.add(set("character varying(12)", "", "abc", "abcdefghijkl", "é😀é😀"));
    sets.add(set("character(5)", "", "ab", "abcde", "é😀"));
    sets.add(set("name", "", "abc", "é".repeat(40), "x".repeat(70)));
    sets.add(set("\"char\"", "", "a", "ab", "\\351", "\\101", "\\"));
    sets.add(
        set(
            "json",
            "{\"a\": 1}",
            " {\"k\" : [ true , null ] } ",
            "[1, 2.50, \"x\"]",
            "\"\\u0000\"",
            "1e1000"));
    sets.add(
        set(
            "jsonb",
            "{\"b\": 1, \"a\": [1, 2.50]}",
            "\"\\u00e9\"",
            "1e1000",
            "[]",
            "null",
            "{\"a\": {\"b\": \"😀\"}}"));
    sets.add(set("xml", "<a>x</a>", "<r a=\"1\">é</r>", "text only", ""));
    sets.add(set("bytea", "\\x", "\\x00", "\\xdeadbeef", "abc\\000def", "\\xff00ff"));
    sets.add(
        set(
            "uuid",
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
            "{a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11}",
            "A0EEBC999C0B4EF8BB6D6BB9BD380A11",
            "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff"));
    sets.add(
        set(
            "date",
            "1957-04-09",
            "1957-06-13",
            "1996-02-28",
            "1996-02-29",
            "1996-03-01",
            "2000-02-29",
            "1900-02-28",
            "2038-04-08",
            "2040-04-10 BC",
            "J2451187",
            "epoch",
            "0001-01-01",
            "0001-12-31 BC",
            "1582-10-10",
            "4714-11-24 BC",
            "5874897-12-31",
            "infinity",
            "-infinity"));
    sets.add(
        set(
            "time",
            "00:00",
            "01:00",
            "02:03 PST",
            "11:59 EDT",
            "12:00",
            "12:01",
            "23:59",
            "11:59:59.99 PM",
            "23:59:59.999999",
            "24:00:00",
            "allballs",
            "04:05:06.789"));
    sets.add(
        set(
            "time with time zone",
            "00:01 PDT",
            "01:00 PDT",
            "02:03 PDT",
            "07:07 PST",
            "08:08 EDT",
            "11:59 PDT",
            "12:00 PDT",
            "23:59 PDT",
            "11:59:59.99 PM PDT",
            "2003-03-07 15:36:39 America/New_York",
            "00:00+00",
            "23:59:59.999999-15:59",
            "24:00:00+15:59",
            "12:00+05:30:15",
            "24:00:00-03"));
    sets.add(
        set(
            "timestamp",
            "1997-02-10 17:32:01",
            "1997-02-10 17:32:01.000001",
            "1997-02-10 17:32:01.999999",
            "Mon Feb 10 17:32:01.4 1997 PST",
            "2000-02-29 23:59:59.999999",
            "Feb 16 17:32:01 0097 BC",
            "4713-01-01 00:00:00 BC",
            "294276-12-31 23:59:59.999999",
            "1582-10-05 00:00",
            "1900-01-01",
            "epoch",
            "infinity",
            "-infinity"));
    sets.add(
        set(
            "timestamp with time zone",
            "1997-02-10 17:32:01-08",
            "1997-06-10 17:32:01 -07:00",
            "2000-03-15 08:14:01 GMT+8",
            "19970210 173201 America/New_York",
            "20500710 173201 Europe/Helsinki",
            "205000-07-10 17:32:01 Europe/Helsinki",
            "Feb 16 17:32:01 0097 BC",
            "Feb 29 17:32:01 1996",
            "1883-11-18 12:00 America/New_York",
            "2024-03-10 02:30 America/New_York",
            "2024-11-03 01:30 America/St_Johns",
            "1997-02-10 17:32:01.000001+14",
            "294276-12-31 23:59:59.999999+00",
            "4713-01-01 00:00:00+00 BC",
            "epoch",
            "infinity",
            "-infinity"));
    sets.add(
        set(
            "interval",
            "@ 1 minute",
            "@ 5 hour",
            "@ 10 day",
            "@ 34 year",
            "@ 3 months",
            "@ 14 seconds ago",
            "1 day 2 hours 3 minutes 4 seconds",
            "6 years",
            "5 months",
            "5 months 12 hours",
            "-1 days +02:03",
            "10 years -11 month -12 days +13:14",
            "0",
            "1 microsecond",
            "178000000 years",
            "-178000000 years",
            "2147483647 days",
            "-2147483648 days",
            "P1Y2M3DT4H5M6.7S",
            "infinity",
            "-infinity"));
    sets.add(
        set(
            "inet",
            "192.168.1.226/24",
            "192.168.1.0/26",
            "10.1.2.3/8",
            "10.0.0.0/32",
            "10:23::f1/64",
            "10:23::ffff",
            "::4.3.2.1/24",
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
            "::ffff:1.2.3.4",
            "0.0.0.0/0",
            "::/0",
            "127.0.0.1"));
    sets.add(
        set(
            "cidr",
            "192.168.1/24",
            "192.168.100.128/25",
            "10/8",
            "10.1.2.3/32",
            "2001:4f8:3:ba::/64",
            "::ffff:1.2.3.0/120",
            "0.0.0.0/0"));
    sets.add(set("integer[]", "{}", "{1,NULL,-2147483648}", "{2147483647}"));
    sets.add(set("text[]", "{}", "{\"\",NULL,\"NULL\",\"a,b\",é😀}", "{\" x \"}"));
    sets.add(set("date[]", "{2000-02-29,infinity,NULL,\"0044-03-15 BC\"}"));
    sets.add(set("timestamp with time zone[]", "{\"1997-02-10 17:32:01-08\",-infinity}"));
    sets.add(set("double precision[]", "{NaN,-0,Infinity,4.9e-324}"));
    sets.add(set("interval[]", "{\"1 mon -2 days 00:00:03\",infinity}"));
    sets.add(set("uuid[]", "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11,NULL}"));
    sets.add(set("boolean[]", "{t,f,NULL}"));
    sets.add(set("jsonb[]", "{\"{\\\"a\\\": 1}\",null}"));
    // (Not NaN or ±Infinity: pgjdbc cannot read them in a numeric[], "Bad value for type
    // BigDecimal"; ValueSetDifferentialTest's numeric set and FidelityTest cover them.)
    sets.add(set("numeric[]", "{1.50,-0.001,1e-20,NULL}"));
    sets.add(set("bigint[]", "{9223372036854775807,-9223372036854775808,NULL}"));
    sets.add(set("smallint[]", "{32767,-32768}"));
    sets.add(set("real[]", "{NaN,-0,1.4e-45,3.4028235e38}"));
    sets.add(set("\"char\"[]", "{a,\"\\\\351\",\"\"}"));
    sets.add(set("name[]", "{abc,\"\"}"));
    sets.add(set("character(3)[]", "{a,\"é  \",NULL}"));
    sets.add(set("bytea[]", "{\"\\\\x00ff\",NULL}"));
    sets.add(set("box[]", "{(1,1),(0,0);NULL;(3,4),(-2,-1.5)}"));
    sets.add(set("vs_mood", "sad", "very-happy", "é😀"));
    sets.add(set("vs_posint", "1", "2147483647"));
    sets.add(set("point", "(0,0)", "(-10,0)", "(1e-300,-1e-300)", "(1e+300,Infinity)"));
    sets.add(set("int4range", "empty", "[1,5)", "(,3]", "[-2147483648,)"));
    sets.add(set("tsvector", "a fat cat", "'a' 'b':3A"));
    return sets.stream();
  }

  private static Arguments set(String type, String... literals) {
    return Arguments.of(type, Arrays.asList(literals));
  }

  /**
   * Where pgjdbc reads a value otherwise than the server stored it; the server's text (checked
   * through Sluice's bound value) decides, so these are pgjdbc's defects, not Sluice's. Keyed by
   * "type literal", or "type" for all its values.
   */
  private static final Map<String, String> PGJDBC_DEVIATIONS =
      Map.of(
          "date[] {2000-02-29,infinity,NULL,\"0044-03-15 BC\"}",
          "pgjdbc's array elements are java.sql.Date: infinity becomes +292278994-08-16 and 44 BC"
              + " becomes 44 AD",
          "interval[] {\"1 mon -2 days 00:00:03\",infinity}",
          "pgjdbc's PGInterval reads an infinity element as 0 seconds",
          "box[]",
          "pgjdbc gives box elements as PGbox, coordinates formatted as Java doubles ((1.0,1.0))",
          "point",
          "pgjdbc gives a point (even through getString) as its PGpoint, coordinates formatted as"
              + " Java doubles: (0.0,0.0) for the server's (0,0)");

  @ParameterizedTest(name = "{0}")
  @MethodSource("valueSets")
  void sameAsTheServerAndPgjdbc(String type, List<String> literals) throws SQLException {
    String sql =
        "SELECT s::"
            + type
            + " AS v, s::"
            + type
            + "::text AS t FROM unnest($1::text[]) WITH ORDINALITY AS u(s, o) ORDER BY o";
    List<Object[]> ours = db.query(sql, sluiceDecoder(type.endsWith("[]")), literals);
    assertThat(ours).hasSameSizeAs(literals);
    List<Object> theirs = readWithPgjdbc(sql.replace("$1", "?"), literals);
    List<String> problems = new ArrayList<>();
    // 1. Sluice and pgjdbc read the same values.
    for (int i = 0; i < literals.size(); i++) {
      Object[] row = ours.get(i);
      Object typed = DifferentialTest.normalize(row[0]);
      Object generic = DifferentialTest.normalize(row[1]);
      Object jdbcValue = theirs.get(i);
      String what = type + " " + literals.get(i) + " (server: " + row[3] + ")";
      boolean deviates =
          PGJDBC_DEVIATIONS.containsKey(type + " " + literals.get(i))
              || PGJDBC_DEVIATIONS.containsKey(type);
      if (!same(typed, jdbcValue) && !deviates) {
        problems.add(what + ": typed getter " + typed + ", pgjdbc " + jdbcValue);
      }
      if (!same(generic, typed)) {
        problems.add(what + ": getObject " + generic + ", typed getter " + typed);
      }
    }
    // 2. What Sluice read, bound back, is what the server stored.
    List<Object> params = new ArrayList<>();
    StringBuilder back = new StringBuilder("SELECT ");
    for (int i = 0; i < ours.size(); i++) {
      params.add(ours.get(i)[0]);
      back.append(i == 0 ? "" : ", ").append('$').append(i + 1).append("::").append(type);
      back.append("::text");
    }
    List<String> printed =
        db.query(
                back.toString(),
                (Columns columns) ->
                    row -> {
                      List<String> texts = new ArrayList<>();
                      for (int c = 0; c < columns.count(); c++) {
                        texts.add(row.getString(c));
                      }
                      return texts;
                    },
                params.toArray())
            .get(0);
    for (int i = 0; i < ours.size(); i++) {
      if (!printed.get(i).equals(ours.get(i)[3])) {
        problems.add(
            type
                + " "
                + literals.get(i)
                + ": read as "
                + ours.get(i)[0]
                + ", bound back prints "
                + printed.get(i)
                + ", the server printed "
                + ours.get(i)[3]);
      }
    }
    // 3. The types whose Java value is text: getString is the server's text.
    if (TEXT_IS_VALUE.contains(type)) {
      for (int i = 0; i < ours.size(); i++) {
        if (!ours.get(i)[2].equals(ours.get(i)[3])) {
          problems.add(
              type
                  + " "
                  + literals.get(i)
                  + ": getString "
                  + ours.get(i)[2]
                  + ", the server printed "
                  + ours.get(i)[3]);
        }
      }
    }
    assertThat(problems).as(type).isEmpty();
  }

  /**
   * Types whose getString is exactly the server's text output. (Not boolean: its cast to text says
   * true/false, its output function, which getString follows, t/f.)
   */
  private static final List<String> TEXT_IS_VALUE =
      List.of(
          "smallint",
          "integer",
          "bigint",
          "oid",
          "numeric",
          "text",
          "character varying(12)",
          "name",
          "\"char\"",
          "json",
          "jsonb",
          "xml",
          "uuid",
          "vs_mood",
          "vs_posint",
          "point",
          "int4range",
          "tsvector");

  private static boolean same(Object a, Object b) {
    if (a instanceof Double x && b instanceof Double y) {
      return Double.compare(x, y) == 0;
    }
    return a == null ? b == null : a.equals(b);
  }

  /**
   * Per row: the typed getter's value, getObject's, getString's, and the server's text. An array
   * arriving as text (box[]) is read with getList(String), as its elements.
   */
  private static RowDecoder<Object[]> sluiceDecoder(boolean array) {
    return (Columns columns) -> {
      int oid = columns.typeOid(0);
      boolean textArray = array && !columns.isBinary(0);
      boolean noText = oid == Oids.BYTEA || oid == Oids.BYTEA_ARRAY;
      return row ->
          new Object[] {
            textArray ? row.getList(0, String.class) : DifferentialTest.typedValue(row, 0, oid),
            textArray ? row.getList(0, String.class) : row.getObject(0),
            noText ? row.getString(1) : row.getString(0),
            row.getString(1)
          };
    };
  }

  /** Types without a binary codec, which Sluice reads as their text form. */
  private static final List<String> READ_AS_TEXT = List.of("point", "tsvector");

  private static List<Object> readWithPgjdbc(String sql, List<String> literals)
      throws SQLException {
    List<Object> out = new ArrayList<>();
    try (PreparedStatement ps = jdbc.prepareStatement(sql)) {
      ps.setArray(1, jdbc.createArrayOf("text", literals.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        String type = rs.getMetaData().getColumnTypeName(1);
        while (rs.next()) {
          out.add(type.equals("xml") ? rs.getString(1) : DifferentialTest.pgjdbcValue(rs, 1, type));
        }
      }
    }
    return out;
  }
}
