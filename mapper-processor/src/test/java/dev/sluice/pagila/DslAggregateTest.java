package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.avg;
import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Expressions.unsafeSql;
import static dev.sluice.pagila.JdbcRows.rows;
import static dev.sluice.pagila.MeasureTable.MEASURE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.Interval;
import dev.sluice.dsl.Expression;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * sum, avg and count return PostgreSQL's result types: each is read back through the driver into
 * the Java type its static type declares (the assignments below would not compile otherwise), the
 * value is of that class, equals what PostgreSQL computes, and is null for no rows (count: 0).
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DslAggregateTest {
  private Database db;
  private Connection jdbc;

  @BeforeAll
  void connect(TestDatabase tdb) throws SQLException {
    jdbc = tdb.jdbc();
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS measure");
      s.execute(
          "CREATE TABLE measure (id int PRIMARY KEY, i2 smallint, i4 integer, i8 bigint,"
              + " num numeric, f4 real, f8 double precision, iv interval)");
      // The two bigints sum beyond bigint: PostgreSQL's numeric sum is what holds it.
      s.execute(
          "INSERT INTO measure VALUES"
              + " (1, 1, 10, 9000000000000000000, 1.5, 1.5, 0.5, '1 hour'),"
              + " (2, 2, 20, 9000000000000000000, 2.25, 2.5, 0.25, '30 minutes'),"
              + " (3, 3, 30, NULL, NULL, 3, 0.25, NULL)");
    }
    db = Database.connect(tdb.url());
  }

  @AfterAll
  void close() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE measure");
    }
    jdbc.close();
    db.close();
  }

  /** The one value of {@code SELECT e FROM measure} (all rows), which may be null. */
  private <T> T all(Expression<T> e) {
    return db.from(MEASURE).select(e).fetch().get(0);
  }

  /** The value over no rows. */
  private <T> T none(Expression<T> e) {
    List<T> rows = db.from(MEASURE).select(e).where(MEASURE.id.lt(0)).fetch();
    assertThat(rows).hasSize(1);
    return rows.get(0);
  }

  private String sql(String expression) throws SQLException {
    return rows(jdbc, "SELECT " + expression + " FROM measure").get(0);
  }

  @Test
  void sumOfSmallintAndIntegerIsBigint() throws SQLException {
    Long i2 = all(sum(MEASURE.i2));
    Long i4 = all(sum(MEASURE.i4));
    assertThat(i2).isInstanceOf(Long.class).isEqualTo(6L).hasToString(sql("sum(i2)"));
    assertThat(i4).isInstanceOf(Long.class).isEqualTo(60L).hasToString(sql("sum(i4)"));
    assertThat(none(sum(MEASURE.i2))).isNull();
    assertThat(none(sum(MEASURE.i4))).isNull();
  }

  @Test
  void sumOfBigintAndNumericIsNumeric() throws SQLException {
    BigDecimal i8 = all(sum(MEASURE.i8));
    BigDecimal num = all(sum(MEASURE.num));
    assertThat(i8)
        .isInstanceOf(BigDecimal.class)
        .isEqualTo(new BigDecimal("18000000000000000000"))
        .hasToString(sql("sum(i8)"));
    assertThat(num).isEqualTo(new BigDecimal("3.75")).hasToString(sql("sum(num)"));
    assertThat(none(sum(MEASURE.i8))).isNull();
    assertThat(none(sum(MEASURE.num))).isNull();
  }

  @Test
  void sumOfRealIsRealAndOfDoubleIsDouble() {
    Float f4 = all(sum(MEASURE.f4));
    Double f8 = all(sum(MEASURE.f8));
    assertThat(f4).isInstanceOf(Float.class).isEqualTo(7.0f);
    assertThat(f8).isInstanceOf(Double.class).isEqualTo(1.0d);
    assertThat(none(sum(MEASURE.f4))).isNull();
    assertThat(none(sum(MEASURE.f8))).isNull();
  }

  @Test
  void sumOfIntervalIsInterval() {
    Interval iv = all(sum(MEASURE.iv));
    assertThat(iv).isInstanceOf(Interval.class).isEqualTo(new Interval(0, 0, 5_400_000_000L));
    assertThat(none(sum(MEASURE.iv))).isNull();
  }

  @Test
  void avgOfIntegersAndNumericIsNumeric() throws SQLException {
    BigDecimal i2 = all(avg(MEASURE.i2));
    BigDecimal i4 = all(avg(MEASURE.i4));
    BigDecimal i8 = all(avg(MEASURE.i8));
    BigDecimal num = all(avg(MEASURE.num));
    assertThat(i2).isInstanceOf(BigDecimal.class).hasToString(sql("avg(i2)"));
    assertThat(i4).isInstanceOf(BigDecimal.class).hasToString(sql("avg(i4)"));
    assertThat(i8).isEqualByComparingTo("9000000000000000000").hasToString(sql("avg(i8)"));
    assertThat(num).isEqualByComparingTo("1.875").hasToString(sql("avg(num)"));
    assertThat(none(avg(MEASURE.i4))).isNull();
    assertThat(none(avg(MEASURE.num))).isNull();
  }

  @Test
  void avgOfFloatsIsDoubleAndOfIntervalInterval() {
    Double f4 = all(avg(MEASURE.f4));
    Double f8 = all(avg(MEASURE.f8));
    Interval iv = all(avg(MEASURE.iv));
    assertThat(f4)
        .isInstanceOf(Double.class)
        .isCloseTo(7.0 / 3, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(f8)
        .isInstanceOf(Double.class)
        .isCloseTo(1.0 / 3, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(iv).isEqualTo(new Interval(0, 0, 2_700_000_000L));
    assertThat(none(avg(MEASURE.f4))).isNull();
    assertThat(none(avg(MEASURE.iv))).isNull();
  }

  @Test
  void countIsANonNullBigint() {
    Long all = all(count());
    Long nonNull = all(count(MEASURE.num));
    assertThat(all).isInstanceOf(Long.class).isEqualTo(3L);
    assertThat(nonNull).isEqualTo(2L);
    assertThat(none(count())).isEqualTo(0L);
    assertThat(none(count(MEASURE.num))).isEqualTo(0L);
  }

  @Test
  void anExpressionIsSummedAsTheTypeGivenWhenItIsPostgreSQLs() {
    Expression<Integer> doubled = unsafeSql(Integer.class, "? * 2", MEASURE.i4);
    Long total = all(sum(doubled, Long.class));
    assertThat(total).isEqualTo(120L);
    assertThat(all(avg(doubled, BigDecimal.class))).isEqualByComparingTo("40");
    assertThat(none(sum(doubled, Long.class))).isNull();
  }

  @Test
  void anExpressionSummedAsAnotherTypeFailsNamingBoth() {
    Expression<Integer> doubled = unsafeSql(Integer.class, "? * 2", MEASURE.i4);
    assertThatThrownBy(() -> sum(doubled, Integer.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "sum(measure.i4 * 2) of Integer values returns Long in PostgreSQL, not Integer:"
                + " read it as Long.class");
    assertThatThrownBy(() -> avg(doubled, Double.class))
        .hasMessage(
            "avg(measure.i4 * 2) of Integer values returns BigDecimal in PostgreSQL, not Double:"
                + " read it as BigDecimal.class");
    assertThatThrownBy(() -> sum(unsafeSql(String.class, "'x'"), String.class))
        .hasMessage(
            "sum('x'): PostgreSQL has no sum of java.lang.String values; it takes numbers and"
                + " intervals");
  }
}
