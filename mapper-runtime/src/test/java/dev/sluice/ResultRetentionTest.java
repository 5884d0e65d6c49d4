package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A connection back in the pool keeps nothing of its last caller's result reachable: the rows are
 * the caller's, and a large result held by an idle connection is memory no one can free.
 */
@PgTest
class ResultRetentionTest {

  /** Whether what {@code make} returns becomes unreachable once the caller drops it. */
  private static boolean collectable(Supplier<Object> make) throws InterruptedException {
    WeakReference<Object> ref = new WeakReference<>(make.get());
    for (int i = 0; i < 20 && ref.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    return ref.get() == null;
  }

  @Test
  void aQuerysRowsAreNotKeptByTheIdleConnection(TestDatabase tdb) throws Exception {
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      String sql = "SELECT g, 'row ' || g FROM generate_series(1, 1000) g";
      RowDecoder<String> decoder = columns -> row -> row.getInt(0) + row.getString(1);
      // The same statement twice first: cached, so the second call takes the execution path.
      assertThat(db.query(sql, decoder)).hasSize(1000);
      assertThat(collectable(() -> db.query(sql, decoder))).isTrue();
      List<String> consumed = new java.util.ArrayList<>();
      assertThat(
              collectable(
                  () -> {
                    List<String> seen = new java.util.ArrayList<>();
                    db.forEach(sql, decoder, seen::add);
                    consumed.add(seen.get(0));
                    return seen;
                  }))
          .isTrue();
      assertThat(consumed).containsExactly("1row 1");
    }
  }
}
