package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Columns;
import dev.sluice.Database;
import dev.sluice.InetNetwork;
import dev.sluice.Interval;
import dev.sluice.Range;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.RangeCodec;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.net.InetAddress;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGStatement;
import org.postgresql.util.PGInterval;
import org.postgresql.util.PGobject;

/**
 * Reads whole tables with pgjdbc and with our driver and asserts both see the same values, row by
 * row and column by column: every Pagila table, and a table of generated edge values of every type.
 * Our side is read twice, with {@link RowView#getObject} and with the typed getter for the column's
 * type. Values are normalized to comparable Java values: integers as Long, bytea as hex, inet as
 * address bytes and prefix, timestamptz as Instant, interval as {@link Interval}.
 *
 * <p>pgjdbc reads in text format (plain statements), our driver in binary, so the comparison also
 * checks our binary decoders against the server's text output as pgjdbc parses it.
 */
@PgTest(pagila = true)
class DifferentialTest {
  private static Database db;
  private static Connection jdbc;

  @BeforeAll
  static void connect(TestDatabase tdb) throws SQLException {
    db = Database.builder().url(tdb.url()).serverSetting("TimeZone", "America/St_Johns").build();
    jdbc = tdb.jdbc();
    try (Statement s = jdbc.createStatement()) {
      s.execute(EDGE_TABLE);
    }
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
    jdbc.close();
  }

  /** 500 random rows of every type, reproducible (setseed), then NULLs and the special values. */
  private static final String EDGE_TABLE =
      "CREATE TYPE mood AS ENUM ('sad', 'ok', 'very-happy');"
          + "CREATE DOMAIN posint AS int CHECK (VALUE > 0);"
          + "SELECT setseed(0.42);"
          + "CREATE TABLE edge AS SELECT g AS id,"
          + " random() < 0.5 AS b,"
          + " floor((random() - 0.5) * 65535)::int2 AS i2,"
          + " floor((random() - 0.5) * 4294967295)::int4 AS i4,"
          + " ((random() - 0.5) * 9.2e18)::int8 AS i8,"
          + " (floor(random() * 4294967295))::int8::oid AS o,"
          + " ((random() - 0.5) * 10 ^ (g % 70 - 35))::float4 AS f4,"
          + " ((random() - 0.5) * 10 ^ (g % 600 - 300))::float8 AS f8,"
          + " round(((random() - 0.5) * 10 ^ (g % 60))::numeric, g % 25) AS num,"
          + " (random() * 10 ^ (g % 40))::numeric * 10 ^ (g % 30) AS num_big,"
          + " md5(g::text) || repeat('é😀 ', g % 5) AS t,"
          + " left(md5(g::text), g % 10)::varchar(12) AS vc,"
          + " left(md5(g::text), g % 7)::char(6) AS bp,"
          + " decode(repeat(md5(g::text), g % 4), 'hex') AS by,"
          + " md5(g::text)::uuid AS u,"
          + " date '2000-01-01' + ((random() - 0.5) * 2000000)::int AS d,"
          + " time '00:00' + random() * interval '24 hours' AS tm,"
          + " ((time '00:00' + random() * interval '24 hours')::text"
          + "   || (ARRAY['+05:30', '-12', '+14', '+00', '-03:30:15'])[g % 5 + 1])::timetz AS ttz,"
          + " timestamp '2000-01-01' + (random() - 0.5) * interval '1000000 days' AS ts,"
          + " timestamptz '2000-01-01 00:00+00' + (random() - 0.5) * interval '1000000 days' AS tstz,"
          + " make_interval(0, (random() * 200 - 100)::int, 0, (random() * 60 - 30)::int, 0, 0,"
          + "   (random() - 0.5) * 1e6) AS iv,"
          + " ('10.' || g % 256 || '.' || floor(random() * 256) || '.1/' || (8 + g % 25))::inet AS inet4,"
          + " ('2001:db8::' || to_hex(g) || '/' || (64 + g % 65))::inet AS inet6,"
          + " set_masklen(('172.16.' || g % 256 || '.0')::cidr, 24) AS cidr4,"
          + " jsonb_build_object('g', g, 'r', random(), 's', md5(g::text), 'a', jsonb_build_array(1, 'ü')) AS jb,"
          + " json_build_object('g', g) AS js,"
          + " (ARRAY['sad', 'ok', 'very-happy'])[g % 3 + 1]::mood AS m,"
          + " (g % 1000 + 1)::posint AS dom,"
          + " ARRAY[g, NULL, -g] AS a_i4,"
          + " ARRAY[g::int8 * 100000000000, -1] AS a_i8,"
          + " ARRAY[md5(g::text), NULL, '', 'NULL', 'a\"b\\c'] AS a_t,"
          + " ARRAY[round((random() * 1e6)::numeric, g % 10), NULL] AS a_num,"
          + " ARRAY[timestamptz '2000-01-01 00:00+00' + (random() - 0.5) * interval '100000 days'] AS a_tstz,"
          + " ARRAY[md5(g::text)::uuid] AS a_u,"
          + " ARRAY[random() < 0.5, NULL] AS a_b,"
          + " ARRAY[(random() - 0.5) * 1e10, -0.0::float8] AS a_f8,"
          + " ARRAY[date '1900-01-01' + (random() * 100000)::int] AS a_d,"
          + " to_tsvector('simple', md5(g::text) || ' cat sat') AS tsv,"
          + " point(random(), -random()) AS pt,"
          + " (random() * 1000)::numeric::money AS mon"
          + " FROM generate_series(1, 500) g;"
          + "INSERT INTO edge (id) VALUES (501);"
          + "INSERT INTO edge (id, b, i2, i4, i8, o, f4, f8, num, num_big, t, vc, bp, by, d, tm, ttz, ts, tstz, iv,"
          + " a_i4, a_t, a_tstz, a_f8, inet6, cidr4) VALUES"
          + " (502, false, -32768, -2147483648, -9223372036854775808, 4294967295, 'NaN', 'NaN', 'NaN', 'Infinity',"
          + "  '', '', '', '', 'infinity', '24:00:00', '24:00:00+14', 'infinity', 'infinity', 'infinity',"
          + "  '{}', '{}', '{}', '{NaN,Infinity,-Infinity}', '::ffff:1.2.3.4', '0.0.0.0/0'),"
          + " (503, true, 32767, 2147483647, 9223372036854775807, 0, '-Infinity', '-0', '-Infinity', '-Infinity',"
          + "  ' ', ' ', ' ', '\\x00', '-infinity', '00:00:00', '00:00:00-15:59', '-infinity', '-infinity', '-infinity',"
          + "  '{NULL}', '{NULL}', '{NULL}', '{}', '::ffff:10.0.0.0/104', '255.255.255.255/32'),"
          + " (504, true, 0, 0, 0, 1, 'Infinity', 'Infinity', '0.0000000000000000000001', '1e100',"
          + "  'x', 'x', 'x', '\\xff', '4714-11-24 BC', '23:59:59.999999', '12:00+00', '4713-01-01 00:00:00 BC',"
          + "  '294276-12-31 23:59:59.999999+00', '-178000000 years -5 days -00:00:00.000001',"
          + "  '{2147483647}', '{\"\"}', '{1970-01-01 00:00:00+00}', '{1.7976931348623157e308,4.9e-324}', '::', '::ffff:0.0.0.0/96'),"
          + " (505, false, 1, 1, 1, 2, 1.17549435e-38, 2.2250738585072014e-308, '-12345678901234567890.123456789',"
          + "  '100000000000000000000000000000000000000000000000001', '😀', '😀', '😀', '\\x0102', '5874897-12-31',"
          + "  '00:00:00.000001', '23:59:59.999999-12', '294276-12-31 23:59:59.999999', '1999-12-31 23:59:59.999999+00',"
          + "  '178000000 years 5 days 00:00:00.000001', '{-2147483648}', '{\"ü\"}', '{-infinity, infinity}', '{}', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/0', '10.0.0.0/8')";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "actor ORDER BY actor_id",
        "address ORDER BY address_id",
        "category ORDER BY category_id",
        "city ORDER BY city_id",
        "country ORDER BY country_id",
        "customer ORDER BY customer_id",
        "film ORDER BY film_id",
        "film_actor ORDER BY actor_id, film_id",
        "film_category ORDER BY film_id, category_id",
        "inventory ORDER BY inventory_id",
        "language ORDER BY language_id",
        "payment ORDER BY payment_date, payment_id",
        "rental ORDER BY rental_id",
        "staff ORDER BY staff_id",
        "store ORDER BY store_id",
        "edge ORDER BY id"
      })
  void sameValuesAsPgjdbc(String tableAndOrder) throws SQLException {
    String sql = "SELECT * FROM " + tableAndOrder;
    List<List<Object>> expected = readWithPgjdbc(sql);
    List<List<Object>> generic = db.query(sql, decoder(false));
    List<List<Object>> typed = db.query(sql, decoder(true));
    assertThat(expected).isNotEmpty();
    List<String> columns = columnNames(sql);
    assertSame(sql + " (getObject)", columns, expected, generic);
    assertSame(sql + " (typed getters)", columns, expected, typed);
  }

  private static void assertSame(
      String what, List<String> columns, List<List<Object>> expected, List<List<Object>> actual) {
    assertThat(actual).as(what).hasSameSizeAs(expected);
    List<String> mismatches = new ArrayList<>();
    for (int r = 0; r < expected.size(); r++) {
      for (int c = 0; c < columns.size(); c++) {
        Object e = expected.get(r).get(c);
        Object a = actual.get(r).get(c);
        if (e == null ? a != null : !e.equals(a)) {
          mismatches.add(
              "row "
                  + r
                  + " column "
                  + columns.get(c)
                  + ": pgjdbc "
                  + e
                  + " ("
                  + typeOf(e)
                  + "), ours "
                  + a
                  + " ("
                  + typeOf(a)
                  + ")");
        }
      }
    }
    assertThat(mismatches).as(what).isEmpty();
  }

  private static String typeOf(Object o) {
    return o == null ? "null" : o.getClass().getSimpleName();
  }

  private static List<String> columnNames(String sql) throws SQLException {
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql + " LIMIT 0")) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> names = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        names.add(md.getColumnName(i));
      }
      return names;
    }
  }

  // ---- our side ----

  /** Reads every column, with getObject or with the typed getter its type calls for. */
  private static RowDecoder<List<Object>> decoder(boolean typed) {
    return (Columns columns) -> {
      int n = columns.count();
      int[] oids = new int[n];
      for (int c = 0; c < n; c++) {
        oids[c] = columns.typeOid(c);
      }
      return row -> {
        List<Object> values = new ArrayList<>(n);
        for (int c = 0; c < n; c++) {
          values.add(
              normalize(
                  row.isNull(c) ? null : typed ? typedValue(row, c, oids[c]) : row.getObject(c)));
        }
        return values;
      };
    };
  }

  static Object typedValue(RowView row, int c, int oid) {
    switch (oid) {
      case Oids.BOOL:
        return row.getBoolean(c);
      case Oids.INT2:
        return row.getShort(c);
      case Oids.INT4:
        return row.getInt(c);
      case Oids.INT8:
      case Oids.OID:
        return row.getLong(c);
      case Oids.FLOAT4:
        return row.getFloat(c);
      case Oids.FLOAT8:
        return row.getDouble(c);
      case Oids.NUMERIC:
        {
          String s = row.getString(c);
          return s.equals("NaN") || s.endsWith("Infinity")
              ? (Object) row.getDouble(c)
              : row.getBigDecimal(c);
        }
      case Oids.BYTEA:
        return row.getBytes(c);
      case Oids.UUID:
        return row.getUuid(c);
      case Oids.DATE:
        return row.getLocalDate(c);
      case Oids.TIME:
        return row.getLocalTime(c);
      case Oids.TIMETZ:
        return row.getOffsetTime(c);
      case Oids.TIMESTAMP:
        return row.getLocalDateTime(c);
      case Oids.TIMESTAMPTZ:
        {
          Instant i = row.getInstant(c);
          OffsetDateTime o = row.getOffsetDateTime(c);
          if (!(o.toInstant().equals(i)
              || i.equals(Instant.MAX) && o.equals(OffsetDateTime.MAX)
              || i.equals(Instant.MIN) && o.equals(OffsetDateTime.MIN))) {
            throw new AssertionError("getInstant " + i + " but getOffsetDateTime " + o);
          }
          return i;
        }
      case Oids.INTERVAL:
        return row.getInterval(c);
      case Oids.INET:
      case Oids.CIDR:
        return row.getInetNetwork(c);
      default:
        return Oids.elementOf(oid) != 0 ? row.getList(c, Object.class) : row.getString(c);
    }
  }

  /** Our values, made comparable with pgjdbc's. */
  static Object normalize(Object v) {
    if (v instanceof Short || v instanceof Integer) {
      return ((Number) v).longValue();
    }
    if (v instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    if (v instanceof InetNetwork net) {
      return HexFormat.of().formatHex(net.address().getAddress()) + "/" + net.bits();
    }
    if (v instanceof Range<?>) {
      // Compared as the server's text (pgjdbc gives ranges as a PGobject of that text).
      return RangeCodec.text(v);
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (Object o : list) {
        out.add(normalize(o));
      }
      return out;
    }
    return v;
  }

  // ---- pgjdbc's side ----

  private static List<List<Object>> readWithPgjdbc(String sql) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(pgjdbcValue(rs, i, md.getColumnTypeName(i)));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  static Object pgjdbcValue(ResultSet rs, int i, String type) throws SQLException {
    if (rs.getObject(i) == null) {
      return null;
    }
    switch (type) {
      case "int2":
      case "int4":
      case "int8":
      case "oid":
        return ((Number) rs.getObject(i)).longValue();
      case "bytea":
        return HexFormat.of().formatHex(rs.getBytes(i));
      case "date":
        return rs.getObject(i, LocalDate.class);
      case "time":
        return rs.getObject(i, LocalTime.class);
      case "timetz":
        {
          OffsetTime t = rs.getObject(i, OffsetTime.class);
          if (t.equals(OffsetTime.MAX)) {
            // pgjdbc reads '24:00:00+14' as OffsetTime.MAX, dropping the offset; we keep it (the
            // server's value): LocalTime.MAX at +14.
            String text = rs.getString(i);
            int sign = Math.max(text.lastIndexOf('+'), text.lastIndexOf('-'));
            return OffsetTime.of(LocalTime.MAX, ZoneOffset.of(offsetText(text.substring(sign))));
          }
          return t;
        }
      case "timestamp":
        return rs.getObject(i, LocalDateTime.class);
      case "timestamptz":
        return instant(rs.getObject(i, OffsetDateTime.class));
      case "interval":
        return interval(rs.getString(i), (PGInterval) rs.getObject(i));
      case "money":
        return rs.getString(i); // pgjdbc's getObject parses it to a Double; we give the text
      case "inet":
      case "cidr":
        return inet(rs.getString(i));
      default:
        if (type.startsWith("_")) {
          return array(rs.getArray(i), type.substring(1));
        }
        // (pgjdbc names a column with a sequence default "serial", so integers are told by class.)
        Object o = rs.getObject(i);
        if (o instanceof Short || o instanceof Integer || o instanceof Long) {
          return ((Number) o).longValue();
        }
        return o instanceof PGobject p ? p.getValue() : o;
    }
  }

  /** "+14" or "-03:30:15" as ZoneOffset.of wants it. */
  private static String offsetText(String server) {
    return server.length() == 3 ? server + ":00" : server;
  }

  private static Instant instant(OffsetDateTime o) {
    if (o.equals(OffsetDateTime.MAX)) {
      return Instant.MAX;
    }
    if (o.equals(OffsetDateTime.MIN)) {
      return Instant.MIN;
    }
    return o.toInstant();
  }

  private static Interval interval(String text, PGInterval i) {
    if (text.equals("infinity")) {
      return Interval.INFINITY;
    }
    if (text.equals("-infinity")) {
      return Interval.NEGATIVE_INFINITY;
    }
    long micros =
        ((i.getHours() * 60L + i.getMinutes()) * 60 + i.getWholeSeconds()) * 1_000_000L
            + i.getMicroSeconds();
    return new Interval(i.getYears() * 12 + i.getMonths(), i.getDays(), micros);
  }

  /** The server's text form of inet/cidr as address bytes and prefix length. */
  private static String inet(String text) {
    int slash = text.indexOf('/');
    String host = slash < 0 ? text : text.substring(0, slash);
    boolean v6 = host.indexOf(':') >= 0;
    byte[] address;
    try {
      address = InetAddress.getByName(host).getAddress();
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError(text, e);
    }
    if (v6 && address.length == 4) {
      // java.net reads ::ffff:a.b.c.d as IPv4; the server keeps it IPv6.
      byte[] mapped = new byte[16];
      mapped[10] = (byte) 0xff;
      mapped[11] = (byte) 0xff;
      System.arraycopy(address, 0, mapped, 12, 4);
      address = mapped;
    }
    int bits = slash < 0 ? address.length * 8 : Integer.parseInt(text.substring(slash + 1));
    return HexFormat.of().formatHex(address) + "/" + bits;
  }

  private static List<Object> array(Array array, String elementType) throws SQLException {
    Object[] items = (Object[]) array.getArray();
    List<Object> out = new ArrayList<>(items.length);
    for (Object o : items) {
      out.add(o == null ? null : element(o, elementType));
    }
    return out;
  }

  private static Object element(Object o, String type) {
    switch (type) {
      case "int2":
      case "int4":
      case "int8":
        return ((Number) o).longValue();
      case "timestamptz":
        {
          Timestamp t = (Timestamp) o;
          if (t.getTime() == PGStatement.DATE_POSITIVE_INFINITY) {
            return Instant.MAX;
          }
          if (t.getTime() == PGStatement.DATE_NEGATIVE_INFINITY) {
            return Instant.MIN;
          }
          return t.toInstant();
        }
      case "date":
        return ((java.sql.Date) o).toLocalDate();
      case "bytea":
        return HexFormat.of().formatHex((byte[]) o);
      default:
        return o instanceof PGobject p ? p.getValue() : o;
    }
  }
}
