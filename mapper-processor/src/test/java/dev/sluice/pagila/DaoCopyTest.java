package dev.sluice.pagila;

import static dev.sluice.pagila.MeasureTable.MEASURE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.PgException;
import dev.sluice.Scalars;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @Insert(copy = true)} DAO methods against the real server: the rows land and are counted,
 * row and statement triggers fire, generated keys are left to the server, a rejected row fails the
 * whole COPY with its line named, and inside a rolled-back transaction nothing remains; the rows
 * come back out through COPY OUT.
 */
class DaoCopyTest extends PagilaSession {

  @BeforeAll
  void tables() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute(
          "CREATE TABLE measure (id int PRIMARY KEY, i2 smallint, i4 int, i8 bigint,"
              + " num numeric, f4 real, f8 double precision, iv interval)");
      s.execute("CREATE TABLE measure_log (n int, level text)");
      s.execute(
          "CREATE FUNCTION measure_row() RETURNS trigger LANGUAGE plpgsql AS"
              + " $$ BEGIN INSERT INTO measure_log VALUES (NEW.id, 'row'); RETURN NEW; END $$");
      s.execute(
          "CREATE FUNCTION measure_statement() RETURNS trigger LANGUAGE plpgsql AS"
              + " $$ BEGIN INSERT INTO measure_log VALUES (NULL, 'statement'); RETURN NULL; END $$");
      s.execute(
          "CREATE TRIGGER measure_row AFTER INSERT ON measure FOR EACH ROW"
              + " EXECUTE FUNCTION measure_row()");
      s.execute(
          "CREATE TRIGGER measure_statement AFTER INSERT ON measure FOR EACH STATEMENT"
              + " EXECUTE FUNCTION measure_statement()");
    }
  }

  @BeforeEach
  void empty() {
    db.executeScript("TRUNCATE measure, measure_log");
  }

  private static Measure measure(int i) {
    return new Measure(
        i,
        (short) (i % 100),
        i * 3,
        i * 10_000_000_000L,
        new BigDecimal(i + ".5"),
        i / 4f,
        i % 7 == 0 ? null : i / 3d,
        null);
  }

  private static List<Measure> measures(int from, int to) {
    List<Measure> rows = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      rows.add(measure(i));
    }
    return rows;
  }

  private long count(String sql) {
    return db.queryOne(sql, Scalars.LONG).orElseThrow();
  }

  @Test
  void theRowsLandAndTheirCountComesBack() {
    MeasureDao dao = db.dao(MeasureDao.class);
    List<Measure> rows = measures(1, 5000);
    assertThat(dao.copy(rows)).isEqualTo(5000L);
    assertThat(dao.copyCounted(measures(5001, 5010))).isEqualTo(10);
    dao.copyAll(measures(5011, 5012));
    List<Measure> all = measures(1, 5012);
    assertThat(db.selectFrom(MEASURE).orderBy(MEASURE.id.asc()).fetch()).isEqualTo(all);
    assertThat(dao.copy(List.of())).isZero();
    assertThat(count("SELECT count(*) FROM measure")).isEqualTo(5012);
  }

  /** And back out through binary COPY into the same records (the decoders' in-order path). */
  @Test
  void theCopiedRowsComeBackOutThroughCopyOut() {
    List<Measure> rows = new ArrayList<>(measures(1, 2000));
    rows.set(5, new Measure(6, null, null, null, null, null, null, null));
    rows.set(
        7,
        new Measure(8, (short) 1, 2, 3L, BigDecimal.TEN, 1f, 2d, new dev.sluice.Interval(1, 2, 3)));
    assertThat(db.dao(MeasureDao.class).copy(rows)).isEqualTo(2000);
    List<Measure> out = new ArrayList<>();
    assertThat(db.copyOut("SELECT * FROM measure ORDER BY id", Measure.class, out::add))
        .isEqualTo(2000);
    assertThat(out).isEqualTo(rows);
    List<Measure> reordered = new ArrayList<>();
    db.copyOut(
        "SELECT iv, f8, f4, num, i8, i4, i2, id FROM measure ORDER BY id",
        Measure.class,
        reordered::add);
    assertThat(reordered).as("columns in another order, decoded by name").isEqualTo(rows);
  }

  @Test
  void rowAndStatementTriggersFire() {
    MeasureDao dao = db.dao(MeasureDao.class);
    dao.copy(measures(1, 300));
    dao.copyAll(measures(301, 310));
    assertThat(count("SELECT count(*) FROM measure_log WHERE level = 'row'")).isEqualTo(310);
    assertThat(count("SELECT count(DISTINCT n) FROM measure_log WHERE level = 'row'"))
        .isEqualTo(310);
    assertThat(count("SELECT count(*) FROM measure_log WHERE level = 'statement'"))
        .as("one per COPY")
        .isEqualTo(2);
  }

  @Test
  void generatedKeysAreLeftToTheServer() {
    MeasureDao dao = db.dao(MeasureDao.class);
    long before = count("SELECT count(*) FROM actor");
    List<Actor> actors =
        IntStream.range(0, 50)
            .mapToObj(
                i -> new Actor(0, "DaoCopied", "Actor " + i, Instant.parse("2026-01-01T00:00:00Z")))
            .toList();
    try {
      assertThat(dao.copyActors(actors)).isEqualTo(50);
      assertThat(count("SELECT count(*) FROM actor")).isEqualTo(before + 50);
      assertThat(count("SELECT count(DISTINCT actor_id) FROM actor WHERE first_name = 'DaoCopied'"))
          .isEqualTo(50);
    } finally {
      db.execute("DELETE FROM actor WHERE first_name = 'DaoCopied'");
    }
  }

  @Test
  void aRejectedRowFailsTheWholeCopyAndItsLineIsNamed() {
    MeasureDao dao = db.dao(MeasureDao.class);
    List<Measure> rows = measures(1, 3000);
    rows.set(2400, measure(17)); // a duplicate key at index 2400: COPY line 2401
    PgException e = catchThrowableOfType(PgException.class, () -> dao.copy(rows));
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.where()).contains("COPY measure, line 2401");
    assertThat(e.statement()).startsWith("COPY \"measure\" (\"id\", ");
    assertThat(count("SELECT count(*) FROM measure")).isZero();
    assertThat(count("SELECT count(*) FROM measure_log")).as("no trigger's work survives").isZero();
    assertThat(dao.copy(measures(1, 3))).as("the connection is clean").isEqualTo(3);
  }

  @Test
  void insideARolledBackTransactionNothingRemains() {
    RuntimeException undo = new RuntimeException("undo");
    RuntimeException e =
        catchThrowableOfType(
            RuntimeException.class,
            () ->
                db.useTransaction(
                    tx -> {
                      MeasureDao dao = tx.dao(MeasureDao.class);
                      assertThat(dao.copy(measures(1, 1000))).isEqualTo(1000);
                      assertThat(
                              tx.queryOne("SELECT count(*) FROM measure", Scalars.LONG)
                                  .orElseThrow())
                          .as("the COPY ran in the transaction")
                          .isEqualTo(1000);
                      throw undo;
                    }));
    assertThat(e).isSameAs(undo);
    assertThat(count("SELECT count(*) FROM measure")).isZero();
    assertThat(count("SELECT count(*) FROM measure_log")).isZero();
  }
}
