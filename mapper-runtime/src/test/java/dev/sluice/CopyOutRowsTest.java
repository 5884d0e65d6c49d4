package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * A query's rows through binary COPY TO STDOUT into records, decoded by the same decoder as the
 * query's DataRows straight from the receive buffer: the same values either way (NULLs, numerics,
 * timestamps, texts), a column with no binary form refused before anything runs, a consumer that
 * throws stopping the COPY with the connection kept in step.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CopyOutRowsTest {
  record Item(int id, String label, BigDecimal price, Instant at, Long stock) {}

  static final RowDecoder<Item> ITEM =
      columns -> {
        int id = columns.require("id", "id");
        int label = columns.require("label", "label");
        int price = columns.require("price", "price");
        int at = columns.require("at", "at");
        int stock = columns.require("stock", "stock");
        return row ->
            new Item(
                row.getInt(id),
                row.getString(label),
                row.getBigDecimal(price),
                row.getInstant(at),
                row.isNull(stock) ? null : row.getLong(stock));
      };

  private static final String ITEMS =
      "SELECT g AS id, CASE WHEN g % 7 = 0 THEN NULL ELSE 'item ' || g END AS label,"
          + " (g * 1.25)::numeric(12,2) AS price,"
          + " timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute' AS at,"
          + " CASE WHEN g % 3 = 0 THEN NULL ELSE g::int8 * 1000000000 END AS stock"
          + " FROM generate_series(1, 20000) g";

  private Database db;

  @BeforeAll
  void open(TestDatabase tdb) {
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
  }

  @AfterAll
  void close() {
    db.close();
  }

  @Test
  void theRowsAreTheQuerysRowsDecodedTheSameWay() {
    List<Item> copied = new ArrayList<>();
    assertThat(db.copyOut(ITEMS, ITEM, copied::add)).isEqualTo(20_000);
    List<Item> queried = db.query(ITEMS, ITEM);
    assertThat(copied).hasSize(20_000).isEqualTo(queried);
    assertThat(copied.get(6).label()).isNull();
    assertThat(copied.get(2).stock()).isNull();
    assertThat(copied.get(0).price()).isEqualByComparingTo("1.25");
  }

  @Test
  void aColumnWithNoBinaryFormIsRefusedBeforeAnythingRuns() {
    int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.copyOut(
                    "SELECT to_tsvector('simple', 'a b') AS v", TestDecoders.STRING, v -> {}));
    assertThat(e.sqlState()).isEqualTo("0A000");
    assertThat(e.getMessage()).contains("column v").contains("has no binary form here");
    assertThat(db.query("SELECT pg_backend_pid()", TestDecoders.INT)).containsExactly(pid);
  }

  @Test
  void aConsumerThatThrowsStopsTheCopyAndTheConnectionStaysInStep() {
    IllegalStateException stop = new IllegalStateException("enough");
    int[] seen = {0};
    IllegalStateException e =
        catchThrowableOfType(
            IllegalStateException.class,
            () ->
                db.copyOut(
                    "SELECT g AS n FROM generate_series(1, 5000000) g",
                    TestDecoders.INT,
                    n -> {
                      if (++seen[0] == 1000) {
                        throw stop;
                      }
                    }));
    assertThat(e).isSameAs(stop);
    assertThat(seen[0]).isEqualTo(1000);
    assertThat(db.query("SELECT 41 + 1", TestDecoders.INT)).containsExactly(42);
  }

  @Test
  void aParameterCannotBeUsedForCopyTakesNone() {
    PgException e =
        catchThrowableOfType(
            PgException.class, () -> db.copyOut("SELECT $1::int AS n", TestDecoders.INT, n -> {}));
    assertThat(e).isNotNull();
    assertThat(db.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
  }
}
