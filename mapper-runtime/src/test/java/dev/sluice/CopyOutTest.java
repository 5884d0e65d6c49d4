package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * COPY TO STDOUT as a stream, against the real server: text, CSV and binary arrive as the server
 * writes them; notices during the COPY are read; a stream that throws stops the COPY (cancelled,
 * drained) and the connection is left in step or replaced, never handed on half-read; a statement
 * that is not a COPY TO STDOUT is refused.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CopyOutTest {
  private Database db;

  @BeforeAll
  void open(TestDatabase tdb) throws Exception {
    tdb.execute(
        "CREATE TABLE copied (id int PRIMARY KEY, label text); INSERT INTO copied VALUES"
            + " (1, 'one'), (2, 'two, with a comma'), (3, NULL)");
    db = Database.builder().url(tdb.url()).maxPoolSize(1).build();
  }

  @AfterAll
  void close() {
    db.close();
  }

  private String copy(String sql) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(db.copyOut(sql, out)).isEqualTo(3);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void textAndCsvArriveAsTheServerWritesThem() {
    assertThat(copy("COPY copied TO STDOUT")).isEqualTo("1\tone\n2\ttwo, with a comma\n3\t\\N\n");
    assertThat(copy("COPY (SELECT * FROM copied ORDER BY id) TO STDOUT (FORMAT csv, HEADER)"))
        .isEqualTo("id,label\n1,one\n2,\"two, with a comma\"\n3,\n");
  }

  @Test
  void binaryArrivesWithItsSignatureAndTrailer() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(db.copyOut("COPY copied TO STDOUT (FORMAT binary)", out)).isEqualTo(3);
    byte[] b = out.toByteArray();
    byte[] signature = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0};
    assertThat(Arrays.copyOf(b, 11)).isEqualTo(signature);
    assertThat(Arrays.copyOfRange(b, b.length - 2, b.length)).isEqualTo(new byte[] {-1, -1});
  }

  @Test
  void aMillionRowsStreamThrough() {
    ByteCounter counter = new ByteCounter();
    assertThat(
            db.copyOut(
                "COPY (SELECT g, 'row ' || g FROM generate_series(1, 1000000) g) TO STDOUT",
                counter))
        .isEqualTo(1_000_000);
    assertThat(counter.bytes()).isGreaterThan(1_000_000L * 8);
  }

  @Test
  void aStreamThatThrowsStopsTheCopyAndLeavesNothingHalfRead() {
    int pid = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
    AtomicInteger writes = new AtomicInteger();
    OutputStream failing =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            if (writes.incrementAndGet() == 1000) {
              throw new IOException("disk full");
            }
          }
        };
    String sql = "COPY (SELECT g FROM generate_series(1, 5000000) g) TO STDOUT";
    PgException e = catchThrowableOfType(PgException.class, () -> db.copyOut(sql, failing));
    assertThat(e.sqlState()).isEqualTo("58030");
    assertThat(e.getMessage()).contains("writing its data failed: disk full");
    assertThat(e.statement()).isEqualTo(sql);
    assertThat(writes.get()).isEqualTo(1000); // nothing written after the failure
    // The connection was drained and kept (the cancel ended the COPY) or replaced: in step either
    // way.
    assertThat(db.query("SELECT 41 + 1", TestDecoders.INT)).containsExactly(42);
    int after = db.query("SELECT pg_backend_pid()", TestDecoders.INT).get(0);
    assertThat(after == pid || db.poolSize() == 1).isTrue();

    RuntimeException unchecked = new IllegalStateException("the consumer's own bug");
    IllegalStateException thrown =
        catchThrowableOfType(
            IllegalStateException.class,
            () ->
                db.copyOut(
                    sql,
                    new OutputStream() {
                      @Override
                      public void write(int b) {
                        throw unchecked;
                      }

                      @Override
                      public void write(byte[] b, int off, int len) {
                        throw unchecked;
                      }
                    }));
    assertThat(thrown).isSameAs(unchecked);
    assertThat(db.query("SELECT 7", TestDecoders.INT)).containsExactly(7);
  }

  @Test
  void noticesDuringTheCopyAreReadAndOtherStatementsAreRefused(TestDatabase tdb) {
    AtomicInteger notices = new AtomicInteger();
    try (Database noisy =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .noticeListener(n -> notices.incrementAndGet())
            .build()) {
      noisy.executeScript(
          "CREATE OR REPLACE FUNCTION noisy_value(i int) RETURNS int LANGUAGE plpgsql AS"
              + " $$ BEGIN RAISE NOTICE 'row %', i; RETURN i; END $$");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertThat(
              noisy.copyOut(
                  "COPY (SELECT noisy_value(g) FROM generate_series(1, 500) g) TO STDOUT", out))
          .isEqualTo(500);
      assertThat(notices.get()).isEqualTo(500);
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> noisy.copyOut("SELECT 1", new ByteArrayOutputStream()));
      assertThat(e.sqlState()).isEqualTo("0A000");
      assertThat(e.getMessage()).contains("copyOut runs COPY … TO STDOUT");
      assertThat(noisy.query("SELECT 1", TestDecoders.INT)).containsExactly(1);
    }
  }
}
