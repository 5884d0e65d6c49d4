package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.RowView;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * numeric's NaN, Infinity and -Infinity (PostgreSQL 14 on) through {@link PgNumeric}, both ways,
 * against the server's text output and pgjdbc's reading; finite values beside them.
 */
@PgTest
class NumericSpecialsTest {
  private static Database db;
  private static Connection jdbc;

  /** From numeric.sql's special-value tests, and finite edges beside them. */
  private static final List<String> LITERALS =
      List.of(
          "NaN",
          "Infinity",
          "-Infinity",
          "inf",
          "-inf",
          "+Infinity",
          "0",
          "-0.000",
          "1.5",
          "-34338492.215397047",
          "0.0000001",
          "1e20");

  @BeforeAll
  static void connect(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
    jdbc.close();
  }

  @Test
  void readAsTheServerPrintsThemAndBoundBackUnchanged() throws SQLException {
    String sql =
        "SELECT s::numeric, s::numeric::text FROM unnest($1::text[]) WITH ORDINALITY u(s, o)"
            + " ORDER BY o";
    List<Object[]> rows =
        db.query(
            sql,
            Read.with((RowView r) -> new Object[] {r.getNumeric(0), r.getString(1)}),
            LITERALS);
    assertThat(rows).hasSize(LITERALS.size());
    List<String> jdbcTexts = new ArrayList<>();
    List<Double> jdbcDoubles = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT s::numeric FROM unnest(ARRAY['"
                    + String.join("','", LITERALS)
                    + "']) WITH ORDINALITY u(s, o) ORDER BY o")) {
      while (rs.next()) {
        jdbcTexts.add(rs.getString(1));
        jdbcDoubles.add(rs.getDouble(1));
      }
    }
    for (int i = 0; i < rows.size(); i++) {
      PgNumeric read = (PgNumeric) rows.get(i)[0];
      String serverText = (String) rows.get(i)[1];
      // Sluice's value prints as the server printed it, and as pgjdbc reads it.
      assertThat(read.toString()).as(LITERALS.get(i)).isEqualTo(serverText);
      assertThat(read.toString()).as(LITERALS.get(i)).isEqualTo(jdbcTexts.get(i));
      assertThat(read.doubleValue()).as(LITERALS.get(i)).isEqualTo(jdbcDoubles.get(i));
      // Bound back (in binary), the server stores what it printed.
      assertThat(Read.one(db, "SELECT $1::numeric::text", (RowView r) -> r.getString(0), read))
          .as(LITERALS.get(i))
          .isEqualTo(serverText);
      // And the value equals its own text parsed.
      assertThat(PgNumeric.parse(serverText)).isEqualTo(read);
    }
  }

  @Test
  void specialsCompareAsThemselves() {
    assertThat(Read.one(db, "SELECT 'NaN'::numeric", (RowView r) -> r.getNumeric(0)))
        .isSameAs(PgNumeric.NaN)
        .matches(PgNumeric::isNaN);
    assertThat(Read.one(db, "SELECT '-Infinity'::numeric", (RowView r) -> r.getNumeric(0)))
        .isSameAs(PgNumeric.NEGATIVE_INFINITY)
        .matches(PgNumeric::isInfinite);
    // The server agrees the bound specials are its own: NaN = NaN, -Infinity < every number.
    assertThat(
            Read.one(
                db,
                "SELECT $1::numeric = 'NaN' AND $2::numeric < -1e100 AND $3::numeric > 1e100",
                (RowView r) -> r.getBoolean(0),
                PgNumeric.NaN,
                PgNumeric.NEGATIVE_INFINITY,
                PgNumeric.POSITIVE_INFINITY))
        .isTrue();
    assertThatThrownBy(() -> PgNumeric.POSITIVE_INFINITY.toBigDecimal())
        .isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("Infinity");
    assertThat(PgNumeric.of(new BigDecimal("1.50")))
        .isNotEqualTo(PgNumeric.of(new BigDecimal("1.5")));
  }

  @Test
  void integersReadAsPgNumericToo() {
    assertThat(Read.one(db, "SELECT 42::int8", (RowView r) -> r.getNumeric(0)))
        .isEqualTo(PgNumeric.of(new BigDecimal(42)));
    assertThat(Read.one(db, "SELECT NULL::numeric", (RowView r) -> r.getNumeric(0))).isNull();
    assertThatThrownBy(() -> Read.one(db, "SELECT 1.5::float8", (RowView r) -> r.getNumeric(0)))
        .isInstanceOfSatisfying(
            PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"));
  }

  @Test
  void aDoubleBoundToANumericParameterKeepsNaNAndTheInfinities() {
    db.useTransaction(
        tx -> {
          // Prepared with a String first, so the server types the parameter numeric, then a
          // Double meets it: the specials go as numeric's own.
          for (int i = 0; i < 2; i++) {
            assertThat(Read.one(tx, "SELECT $1::numeric::text", (RowView r) -> r.getString(0), "1"))
                .isEqualTo("1");
          }
          for (double d :
              new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1}) {
            assertThat(Read.one(tx, "SELECT $1::numeric::text", (RowView r) -> r.getString(0), d))
                .isEqualTo(PgNumeric.of(d).toString());
          }
        });
  }

  @Test
  void arraysOfNumericWithSpecialsBothWays() throws SQLException {
    String literal = "{1.5,NaN,NULL,-Infinity,Infinity,0.00}";
    List<PgNumeric> read =
        Read.one(
            db,
            "SELECT '" + literal + "'::numeric[]",
            (RowView r) -> r.getList(0, PgNumeric.class));
    assertThat(read)
        .containsExactly(
            PgNumeric.of(new BigDecimal("1.5")),
            PgNumeric.NaN,
            null,
            PgNumeric.NEGATIVE_INFINITY,
            PgNumeric.POSITIVE_INFINITY,
            PgNumeric.of(new BigDecimal("0.00")));
    String serverText =
        Read.one(db, "SELECT '" + literal + "'::numeric[]::text", (RowView r) -> r.getString(0));
    assertThat(Read.one(db, "SELECT $1::numeric[]::text", (RowView r) -> r.getString(0), read))
        .isEqualTo(serverText);
    // pgjdbc reads the array as text; its elements print as ours do.
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery("SELECT '" + literal + "'::numeric[]::text")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo(serverText);
    }
    assertThat(Arrays.toString(read.toArray()).replace(" ", "").replace("null", "NULL"))
        .isEqualTo("[" + serverText.substring(1, serverText.length() - 1) + "]");
  }
}
