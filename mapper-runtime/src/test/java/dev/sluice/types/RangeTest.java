package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.Range;
import dev.sluice.RowView;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The built-in ranges and multiranges in binary, both ways: per type, value sets from PostgreSQL's
 * rangetypes.sql and multirangetypes.sql plus edge cases are cast on the server; Sluice's reading
 * (getRange/getMultirange, getObject, getString) must print as the server printed them and as
 * pgjdbc reads them (as text), and, bound back, be stored as the server stored them. The session
 * runs in UTC, the zone a tstzrange's getString prints its bounds in.
 */
@PgTest
class RangeTest {
  private static Database db;
  private static Connection jdbc;

  @BeforeAll
  static void connect(TestDatabase tdb) throws SQLException {
    db = Database.builder().url(tdb.url()).serverSetting("TimeZone", "UTC").build();
    jdbc = tdb.jdbc();
    try (var s = jdbc.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
    }
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
    jdbc.close();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "int4range|empty;[1,5);(,3];[-2147483648,);(,);[1,2];(0,1);[3,3]",
        "int8range|empty;[-9223372036854775808,9223372036854775807);(,100]",
        "numrange|empty;(1.0,14.0);[-1.5,0.00];(,);[1e-7,)",
        "daterange|empty;[2000-01-01,2000-02-29];(,infinity);[-infinity,);[0044-03-15 BC,2000-01-01)",
        "tsrange|empty;[2000-01-01 00:00:00.000001,2000-01-02 10:00];(,2020-01-01);[infinity,]",
        "tstzrange|empty;[2000-01-01 00:00:00+00,2000-01-02 10:00:00.5+02);(,-infinity]",
        "int4multirange|{};{[1,3),[5,7)};{(,)};{[1,2),[2,3)}",
        "nummultirange|{};{[1.5,2.5],(3,)}",
        "datemultirange|{[2000-01-01,2000-01-05),[2001-01-01,)}",
        "tsmultirange|{[2000-01-01 10:00,2000-01-01 11:00)}",
        "tstzmultirange|{(,2000-01-01 10:00+00)}",
        "int8multirange|{[1,2)}"
      })
  void sameAsTheServerAndPgjdbcBothWays(String type, String joined) throws SQLException {
    List<String> literals = List.of(joined.split(";"));
    String sql =
        "SELECT s::"
            + type
            + ", s::"
            + type
            + "::text FROM unnest($1::text[]) WITH ORDINALITY u(s, o) ORDER BY o";
    boolean multi = type.contains("multi");
    List<Object[]> ours =
        db.query(
            sql,
            Read.with(
                (RowView r) ->
                    new Object[] {
                      multi ? r.getMultirange(0, Object.class) : r.getRange(0, Object.class),
                      r.getObject(0),
                      r.getString(0),
                      r.getString(1)
                    }),
            literals);
    List<String> theirs = new ArrayList<>();
    try (PreparedStatement ps = jdbc.prepareStatement(sql.replace("$1", "?"))) {
      ps.setArray(1, jdbc.createArrayOf("text", literals.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          theirs.add(rs.getString(1));
        }
      }
    }
    assertThat(ours).hasSize(literals.size());
    for (int i = 0; i < ours.size(); i++) {
      Object[] row = ours.get(i);
      String what = type + " " + literals.get(i);
      assertThat(row[1]).as(what).isEqualTo(row[0]);
      assertThat(row[2]).as(what + " getString").isEqualTo(row[3]);
      assertThat(row[2]).as(what + " pgjdbc").isEqualTo(theirs.get(i));
      // Bound back in binary, the server stores what it printed.
      assertThat(
              Read.one(db, "SELECT $1::" + type + "::text", (RowView r) -> r.getString(0), row[0]))
          .as(what + " bound back")
          .isEqualTo(row[3]);
    }
  }

  @Test
  void boundsAreTheSubtypesJavaValues() {
    Range<Integer> r =
        Read.one(db, "SELECT '[1,10]'::int4range", (RowView v) -> v.getRange(0, Integer.class));
    // The server canonicalizes discrete ranges to [).
    assertThat(r).isEqualTo(Range.closedOpen(1, 11));
    assertThat(r.lower()).isEqualTo(1);
    assertThat(r.upperInclusive()).isFalse();
    Range<Long> widened =
        Read.one(db, "SELECT '(,10]'::int4range", (RowView v) -> v.getRange(0, Long.class));
    assertThat(widened.lowerUnbounded()).isTrue();
    assertThat(widened.upper()).isEqualTo(11L);
    assertThat(
            Read.one(
                db, "SELECT 'empty'::numrange", (RowView v) -> v.getRange(0, BigDecimal.class)))
        .matches(Range::isEmpty)
        .isSameAs(Range.empty());
    assertThat(
            Read.one(
                db,
                "SELECT '[2000-01-01,infinity)'::daterange",
                (RowView v) -> v.getRange(0, LocalDate.class)))
        .isEqualTo(Range.closedOpen(LocalDate.of(2000, 1, 1), LocalDate.MAX));
    assertThat(
            Read.one(
                db,
                "SELECT '[2000-01-01 10:00,2000-01-01 11:00]'::tsrange",
                (RowView v) -> v.getRange(0, LocalDateTime.class)))
        .isEqualTo(
            Range.closed(LocalDateTime.of(2000, 1, 1, 10, 0), LocalDateTime.of(2000, 1, 1, 11, 0)));
    assertThat(
            Read.one(
                db,
                "SELECT '{[2000-01-01 10:00+00,)}'::tstzmultirange",
                (RowView v) -> v.getMultirange(0, Instant.class)))
        .containsExactly(Range.of(Instant.parse("2000-01-01T10:00:00Z"), true, null, false));
    assertThat(Read.one(db, "SELECT NULL::int4range", (RowView v) -> v.getRange(0, Integer.class)))
        .isNull();
  }

  @Test
  void rangeParametersTheServerComputesWith() {
    // Declared from the Java bounds (int4range), so no cast is needed.
    assertThat(
            Read.one(
                db,
                "SELECT $1 @> 5, upper($1), $2::int8range @> 5::int8",
                (RowView v) -> v.getBoolean(0) + " " + v.getInt(1) + " " + v.getBoolean(2),
                Range.closed(1, 5),
                Range.of(10L, true, null, false)))
        .isEqualTo("true 6 false");
    // A multirange parameter takes a List of ranges.
    assertThat(
            Read.one(
                db,
                "SELECT $1::int4multirange::text",
                (RowView v) -> v.getString(0),
                List.of(Range.closedOpen(5, 7), Range.closedOpen(1, 3))))
        .isEqualTo("{[1,3),[5,7)}");
    // The server checks the order of the bounds.
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT $1::int4range::text",
                    (RowView v) -> v.getString(0),
                    Range.closedOpen(5, 1)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22000"));
  }

  @Test
  void arraysOfRanges() {
    String literal = "{\"[1,3)\",empty,NULL,\"(,5)\"}";
    List<Range> read =
        Read.one(
            db, "SELECT '" + literal + "'::int4range[]", (RowView v) -> v.getList(0, Range.class));
    assertThat(read)
        .containsExactly(
            Range.closedOpen(1, 3), Range.empty(), null, Range.of(null, false, 5, false));
    List<String> texts =
        Read.one(
            db,
            "SELECT '{\"[2000-01-01 10:00,)\"}'::tsrange[]",
            (RowView v) -> v.getList(0, String.class));
    assertThat(texts).containsExactly("[\"2000-01-01 10:00:00\",)");
    String serverText =
        Read.one(db, "SELECT '" + literal + "'::int4range[]::text", (RowView v) -> v.getString(0));
    assertThat(Read.one(db, "SELECT $1::int4range[]::text", (RowView v) -> v.getString(0), read))
        .isEqualTo(serverText);
  }

  @Test
  void aRangeColumnIsNoOtherType() {
    assertThatThrownBy(
            () -> Read.one(db, "SELECT 1::int4", (RowView v) -> v.getRange(0, Integer.class)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"));
    assertThatThrownBy(
            () ->
                Read.one(
                    db,
                    "SELECT '[1,2)'::int4range",
                    (RowView v) -> v.getMultirange(0, Integer.class)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"));
  }
}
