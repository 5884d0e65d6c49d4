package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A pipeline of 100,000 statements in a JVM of 64 MiB heap (this class runs in the surefire
 * execution with -Xmx64m): the messages go out in groups while the replies of earlier groups are
 * read, so only the statements and their results are held, never the whole pipeline's messages.
 */
@PgTest
class PipelineMemoryTest {
  @Test
  void aHundredThousandStatementsInSixtyFourMegabytes(TestDatabase tdb) throws Exception {
    assertThat(Runtime.getRuntime().maxMemory())
        .as("this test must run with -Xmx64m")
        .isLessThanOrEqualTo(80L << 20);
    tdb.execute("CREATE TABLE piped_many (id int PRIMARY KEY, label text)");
    String label = "x".repeat(200);
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      List<Pipelined<Long>> results =
          db.pipeline(
              p -> {
                List<Pipelined<Long>> r = new ArrayList<>();
                for (int i = 0; i < 100_000; i++) {
                  r.add(p.execute("INSERT INTO piped_many VALUES ($1, $2)", i, label));
                }
                return r;
              });
      long inserted = 0;
      for (Pipelined<Long> r : results) {
        inserted += r.get();
      }
      assertThat(inserted).isEqualTo(100_000);
      assertThat(db.query("SELECT count(*) FROM piped_many", TestDecoders.LONG))
          .containsExactly(100_000L);
    }
  }
}
