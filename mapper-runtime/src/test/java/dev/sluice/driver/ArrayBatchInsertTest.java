package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Batches of a plain INSERT … VALUES in their array form (rewrite_batched_inserts): {@code INSERT …
 * SELECT … FROM ROWS FROM (pg_catalog.unnest($1), …)}, one binary array per parameter and chunk of
 * rows.
 */
@PgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ArrayBatchInsertTest {
  enum Mood {
    sad,
    ok
  }

  private static final int CHUNK = PgConnection.ARRAY_CHUNK_ROWS;

  private static final String INSERT_ITEM = "INSERT INTO item (id, label) VALUES ($1, $2)";

  private static final String TYPED_COLUMNS =
      "(id, i2, i8, f4, f8, num, b, t, vc, bp, u, by, d, ts, tstz, tm, iv, ip, j)";

  private static final String TYPED_VALUES =
      " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,"
          + " $19)";

  private static final RowDecoder<Long> LONG = columns -> row -> row.getLong(0);

  private static final RowDecoder<String> TEXT = columns -> row -> row.getString(0);

  /** Every column as text (the query casts them), in result order. */
  private static final RowDecoder<List<String>> TEXTS =
      columns ->
          row -> {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < row.columnCount(); i++) {
              values.add(row.getString(i));
            }
            return values;
          };

  /** The URL of db. */
  private String url;

  /** With the rewrite. */
  private Database db;

  /** Without it: every row its own execution. */
  private Database plain;

  @BeforeAll
  void open(TestDatabase tdb) {
    url = tdb.url() + "?rewrite_batched_inserts=true";
    db = Database.builder().url(url).maxPoolSize(1).build();
    plain = Database.builder().url(tdb.url()).maxPoolSize(1).build();
    db.executeScript(
        "CREATE TYPE mood AS ENUM ('sad', 'ok');"
            + "CREATE DOMAIN score AS int CHECK (VALUE >= 0);"
            + "CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL CHECK (label <> 'bad'));"
            + "CREATE TABLE typed (id int PRIMARY KEY, i2 int2, i8 int8, f4 float4, f8 float8,"
            + " num numeric(12, 4), b bool, t text, vc varchar(12), bp char(5), u uuid, by bytea,"
            + " d date, ts timestamp, tstz timestamptz, tm time, iv interval, ip inet, j jsonb);"
            + "CREATE TABLE typed_plain (LIKE typed INCLUDING ALL);"
            + "CREATE TABLE expr (id int PRIMARY KEY, name text, n int, c text, at timestamptz);"
            + "CREATE TABLE code (id int PRIMARY KEY, code varchar(3));"
            + "CREATE TABLE other (id int PRIMARY KEY, u uuid, n int, mood mood,"
            + " note text DEFAULT 'n/a', score score);"
            + "CREATE TABLE log (id int)");
  }

  @AfterAll
  void close() {
    db.close();
    plain.close();
  }

  @BeforeEach
  void empty() {
    db.execute("TRUNCATE item, typed, typed_plain, expr, code, other, log");
  }

  private long count(String sql, Object... params) {
    return db.queryOne(sql, LONG, params).orElseThrow();
  }

  /** Executions so far, on db's one connection, of statements whose text is like {@code like}. */
  private long executions(String like) {
    return count(
        "SELECT coalesce(sum(generic_plans + custom_plans), 0)::int8 FROM pg_prepared_statements"
            + " WHERE statement LIKE $1",
        like);
  }

  /** Executions of the array form of an insert into {@code table}. */
  private long arrayExecutions(String table) {
    return executions("INSERT INTO " + table + " %SELECT %FROM ROWS FROM (pg_catalog.unnest($1)%");
  }

  /** The pooled connection is still the same one, idle and usable. */
  private void assertConnectionKept() {
    assertThat(db.queryOne("SELECT 1", LONG)).contains(1L);
    assertThat(db.poolSize()).isEqualTo(1);
  }

  private static List<Object[]> items(int n) {
    List<Object[]> rows = new ArrayList<>(n);
    for (int i = 1; i <= n; i++) {
      rows.add(new Object[] {i, "row " + i});
    }
    return rows;
  }

  // ------------------------------------------------------------------ values and chunks

  /** Row {@code id} of typed: NULL where (id + column) % 7 == 0, and everywhere in row 1. */
  private static Object[] typedRow(int i) {
    Object[] row;
    try {
      row =
          new Object[] {
            i,
            (short) (i * 7 % 30_000 - 15_000),
            i * 3_000_000_019L,
            i / 8f,
            -i / 3.0,
            BigDecimal.valueOf(i % 2 == 0 ? i * 12_345L : -i * 12_345L, 4),
            i % 3 == 0,
            "tëxt " + i + " €😀",
            "vc-" + i,
            "b" + (i % 1000),
            new UUID(i, ~i),
            new byte[] {(byte) i, 0, (byte) 0xff, (byte) (i >> 8)},
            LocalDate.of(1999, 12, 31).plusDays(i * 3L),
            LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_000).plusMinutes(i),
            Instant.ofEpochSecond(1_700_000_000L + i * 61L, 654_321_000),
            LocalTime.of(0, 0).plusSeconds(i * 97L).plusNanos(1_000),
            i % 2 == 0 ? Duration.ofMillis(i * 1001L) : Period.of(0, i % 13, i % 31),
            i % 2 == 0
                ? InetAddress.getByAddress(
                    new byte[] {10, (byte) (i >> 16), (byte) (i >> 8), (byte) i})
                : InetAddress.getByName("2001:db8::" + Integer.toHexString(i)),
            "{\"n\": " + i + ", \"s\": \"é\"}"
          };
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
    for (int k = 1; k < row.length; k++) {
      if (i == 1 || (i + k) % 7 == 0) {
        row[k] = null;
      }
    }
    return row;
  }

  @Test
  void everyCommonTypeLandsAsTheRowByRowPathPutsIt() {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 1; i <= 1_000; i++) {
      rows.add(typedRow(i));
    }
    long before = arrayExecutions("typed");
    long[] counts = db.executeBatch("INSERT INTO typed " + TYPED_COLUMNS + TYPED_VALUES, rows);
    assertThat(counts).hasSize(1_000).containsOnly(1L);
    // 1,000 rows of some 500 bytes: one chunk, so one execution of the array form.
    assertThat(arrayExecutions("typed") - before).isEqualTo(1);
    plain.executeBatch("INSERT INTO typed_plain " + TYPED_COLUMNS + TYPED_VALUES, rows);

    List<String> viaArrays = db.query("SELECT r::text FROM typed r ORDER BY id", TEXT);
    List<String> rowByRow = db.query("SELECT r::text FROM typed_plain r ORDER BY id", TEXT);
    assertThat(viaArrays).hasSize(1_000).isEqualTo(rowByRow);
    assertThat(viaArrays.get(0)).isEqualTo("(1,,,,,,,,,,,,,,,,,,)");
    assertThat(count("SELECT count(*) FROM typed WHERE num IS NULL")).isEqualTo(144);
    // A few values spelled out, in case both paths were wrong alike (row 2's num and d are NULL).
    assertThat(
            db.queryOne(
                "SELECT concat_ws('|', i2, i8, f4, f8, num, b, t, vc, bp, u, encode(by, 'hex'), d,"
                    + " ts, tstz AT TIME ZONE 'UTC', tm, iv, ip, j) FROM typed WHERE id = 2",
                TEXT))
        .contains(
            "-14986|6000000038|0.25|-0.6666666666666666|f|tëxt 2 €😀|vc-2|b2   "
                + "|00000000-0000-0002-ffff-fffffffffffd|0200ff00"
                + "|2024-03-01 00:01:59.123456|2023-11-14 22:15:22.654321|00:03:14.000001"
                + "|00:00:02.002|10.0.0.2|{\"n\": 2, \"s\": \"é\"}");
    assertThat(db.queryOne("SELECT concat_ws('|', iv, ip) FROM typed WHERE id = 3", TEXT))
        .contains("3 mons 3 days|2001:db8::3");
  }

  @Test
  void aBatchIsCutIntoChunksOfTheArrayForm() {
    int[] sizes = {2, CHUNK, 3 * CHUNK + 123};
    long[] chunks = {1, 1, 4};
    for (int s = 0; s < sizes.length; s++) {
      int n = sizes[s];
      db.execute("TRUNCATE item");
      long before = arrayExecutions("item");
      long[] counts = db.executeBatch(INSERT_ITEM, items(n));
      assertThat(counts).hasSize(n).containsOnly(1L);
      assertThat(arrayExecutions("item") - before).as("chunks of %d rows", n).isEqualTo(chunks[s]);
      assertThat(count("SELECT count(*) FROM item WHERE label = 'row ' || id")).isEqualTo(n);
      assertThat(count("SELECT sum(id) FROM item")).isEqualTo((long) n * (n + 1) / 2);
    }
    // One statement serves every chunk and every batch.
    assertThat(
            count(
                "SELECT count(*) FROM pg_prepared_statements"
                    + " WHERE statement LIKE 'INSERT INTO item %unnest%'"))
        .isEqualTo(1);
  }

  @Test
  void wideRowsEndAChunkBeforeItsRowCount() {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 1; i <= 200; i++) {
      rows.add(new Object[] {i, String.valueOf((char) ('a' + i % 26)).repeat(20_000)});
    }
    long before = arrayExecutions("item");
    assertThat(db.executeBatch(INSERT_ITEM, rows)).hasSize(200).containsOnly(1L);
    // 4 MB of labels: several chunks of about PgConnection.ARRAY_CHUNK_BYTES.
    assertThat(arrayExecutions("item") - before).isGreaterThan(1);
    assertThat(count("SELECT sum(length(label)) FROM item")).isEqualTo(200L * 20_000);
    assertThat(count("SELECT count(*) FROM item WHERE label = repeat(chr(97 + id % 26), 20000)"))
        .isEqualTo(200);
  }

  @Test
  void tupleItemsAreExpressionsOfTheParameters() {
    long before = arrayExecutions("expr");
    db.executeBatch(
        "INSERT INTO expr (id, name, n) VALUES ($1, upper($2), $3 + 1)",
        Arrays.asList(new Object[] {1, "ann", 10}, new Object[] {2, "bob", 20}));
    db.executeBatch(
        "INSERT INTO expr (id, c, at, n) VALUES ($1, 'x', now(), '42')",
        Arrays.asList(new Object[] {3}, new Object[] {4}));
    db.executeBatch(
        "INSERT INTO expr (id, n, name) VALUES ($2, $2 * 10, $1)",
        Arrays.asList(new Object[] {"eve", 5}, new Object[] {"fay", 6}));
    assertThat(arrayExecutions("expr") - before).isEqualTo(3);
    assertThat(
            db.query(
                "SELECT id::text, name, n::text, c, (at IS NOT NULL)::text FROM expr ORDER BY id",
                TEXTS))
        .containsExactly(
            Arrays.asList("1", "ANN", "11", null, "false"),
            Arrays.asList("2", "BOB", "21", null, "false"),
            Arrays.asList("3", null, "42", "x", "true"),
            Arrays.asList("4", null, "42", "x", "true"),
            Arrays.asList("5", "eve", "50", null, "false"),
            Arrays.asList("6", "fay", "60", null, "false"));
    // now() is the statement's: one value for both rows.
    assertThat(count("SELECT count(DISTINCT at) FROM expr")).isEqualTo(1);
  }

  @Test
  void anUnnestEarlierOnTheSearchPathIsNotTheOneCalled() {
    // A function of the same name and signature in a schema searched before pg_catalog would be
    // called by an unqualified unnest($1) (the server expands a multi-argument unnest to
    // pg_catalog's, but calls a one-argument one by name): here it returns no rows, so nothing
    // would be inserted.
    db.executeScript(
        "CREATE SCHEMA shadow;"
            + "CREATE FUNCTION shadow.unnest(anyarray) RETURNS SETOF anyelement"
            + " LANGUAGE sql AS 'SELECT $1[1] WHERE false'");
    try (Database shadowed =
        Database.builder()
            .url(url + "&options=-c%20search_path%3Dshadow%2Cpg_catalog%2Cpublic")
            .maxPoolSize(1)
            .build()) {
      assertThat(shadowed.queryOne("SELECT count(*) FROM unnest(ARRAY[1, 2])", LONG))
          .as("the shadow is what an unqualified unnest calls")
          .contains(0L);
      List<Object[]> ids = new ArrayList<>();
      for (int i = 1; i <= 5; i++) {
        ids.add(new Object[] {i});
      }
      shadowed.executeBatch("INSERT INTO log (id) VALUES ($1)", ids);
      assertThat(count("SELECT count(*) FROM log")).isEqualTo(5);
      assertThat(count("SELECT sum(id) FROM log")).isEqualTo(15);
      assertThat(shadowed.executeBatch(INSERT_ITEM, items(5))).containsOnly(1L).hasSize(5);
      assertThat(count("SELECT count(*) FROM item")).isEqualTo(5);
    } finally {
      db.execute("DROP SCHEMA shadow CASCADE");
    }
  }

  @Test
  void moreParametersThanAFunctionTakesStillUnnest() {
    // 150 arrays: more than the 100 arguments a function takes, so one unnest(…) with every array
    // would fail; ROWS FROM holds one unnest per array.
    int width = 150;
    StringBuilder create = new StringBuilder("CREATE TABLE wide (c1 int");
    StringBuilder insert = new StringBuilder("INSERT INTO wide VALUES ($1");
    for (int k = 2; k <= width; k++) {
      create.append(", c").append(k).append(" int");
      insert.append(", $").append(k);
    }
    db.execute(create.append(')').toString());
    try {
      List<Object[]> rows = new ArrayList<>();
      for (int r = 0; r < 3; r++) {
        Object[] row = new Object[width];
        for (int k = 0; k < width; k++) {
          row[k] = r * 1000 + k;
        }
        rows.add(row);
      }
      long before = arrayExecutions("wide");
      assertThat(db.executeBatch(insert.append(')').toString(), rows)).containsExactly(1, 1, 1);
      assertThat(arrayExecutions("wide") - before).isEqualTo(1);
      assertThat(count("SELECT sum(c1 + c150) FROM wide")).isEqualTo(3 * 149 + 2 * 3000);
    } finally {
      db.execute("DROP TABLE wide");
    }
  }

  @Test
  void aValueTooLongForItsVarcharFailsTheBatch() {
    List<Object[]> rows =
        Arrays.asList(new Object[] {1, "abc"}, new Object[] {2, "ab"}, new Object[] {3, "abcd"});
    PgException e =
        catchThrowableOfType(
            () -> db.executeBatch("INSERT INTO code (id, code) VALUES ($1, $2)", rows),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("22001");
    assertThat(e.getMessage()).contains("batch rows 1-3 of 3, inserted by one array statement");
    assertThat(count("SELECT count(*) FROM code")).isZero();
    assertConnectionKept();
  }

  @Test
  void stringsAndEnumsGoIntoTextAndJsonbAsArrays() {
    long before = arrayExecutions("other");
    db.executeBatch(
        "INSERT INTO other (id, note) VALUES ($1, $2)",
        Arrays.asList(new Object[] {1, Mood.ok}, new Object[] {2, Mood.sad}));
    assertThat(arrayExecutions("other") - before).isEqualTo(1);
    assertThat(db.query("SELECT note FROM other ORDER BY id", TEXT)).containsExactly("ok", "sad");
    // jsonb's binary form is a version byte and the text: a String goes as it is.
    db.execute("ALTER TABLE expr ADD COLUMN doc jsonb");
    try {
      long beforeJson = arrayExecutions("expr");
      db.executeBatch(
          "INSERT INTO expr (id, doc) VALUES ($1, $2)",
          Arrays.asList(new Object[] {1, "{\"a\": [1, 2]}"}, new Object[] {2, "\"é\""}));
      assertThat(arrayExecutions("expr") - beforeJson).isEqualTo(1);
      assertThat(db.query("SELECT doc::text FROM expr ORDER BY id", TEXT))
          .containsExactly("{\"a\": [1, 2]}", "\"é\"");
      PgException e =
          catchThrowableOfType(
              () ->
                  db.executeBatch(
                      "INSERT INTO expr (id, doc) VALUES ($1, $2)",
                      Arrays.asList(new Object[] {3, "{}"}, new Object[] {4, "{oops"})),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("22P02");
      assertThat(count("SELECT count(*) FROM expr")).isEqualTo(2);
    } finally {
      db.execute("ALTER TABLE expr DROP COLUMN doc");
    }
  }

  // ------------------------------------------------------------------ what falls back

  @Test
  void stringsForUuidAndIntegerColumnsTakeTheMultiRowForm() {
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    long before = arrayExecutions("other");
    long[] counts =
        db.executeBatch(
            "INSERT INTO other (id, u, n) VALUES ($1, $2, $3)",
            Arrays.asList(new Object[] {1, a.toString(), "10"}, new Object[] {2, b.toString(), 7}));
    assertThat(counts).containsExactly(1, 1);
    assertThat(arrayExecutions("other") - before).isZero();
    assertThat(executions("INSERT INTO other (id, u, n) VALUES ($1, $2, $3), ($4, $5, $6)"))
        .isEqualTo(1);
    assertThat(db.query("SELECT u::text || ' ' || n FROM other ORDER BY id", TEXT))
        .containsExactly(a + " 10", b + " 7");
  }

  @Test
  void anEnumColumnTakesTheMultiRowForm() {
    long before = arrayExecutions("other");
    long[] counts =
        db.executeBatch(
            "INSERT INTO other (id, mood) VALUES ($1, $2)",
            Arrays.asList(
                new Object[] {1, Mood.ok}, new Object[] {2, Mood.sad}, new Object[] {3, null}));
    assertThat(counts).containsExactly(1, 1, 1);
    assertThat(arrayExecutions("other") - before).isZero();
    assertThat(db.query("SELECT coalesce(mood::text, '-') FROM other ORDER BY id", TEXT))
        .containsExactly("ok", "sad", "-");
  }

  @Test
  void aDomainColumnTakesArraysOfItsBaseTypeAndKeepsItsCheck() {
    String insert = "INSERT INTO other (id, score) VALUES ($1, $2)";
    // Integers are declared int4, so the parameter is int4 and the domain is checked per row when
    // the unnested values are assigned to the column.
    long before = arrayExecutions("other");
    assertThat(db.executeBatch(insert, Arrays.asList(new Object[] {1, 10}, new Object[] {2, 20})))
        .containsExactly(1, 1);
    assertThat(arrayExecutions("other") - before).isEqualTo(1);
    PgException negative =
        catchThrowableOfType(
            () -> db.executeBatch(insert, Arrays.asList(new Object[] {3, 1}, new Object[] {4, -1})),
            PgException.class);
    assertThat(negative.sqlState()).isEqualTo("23514");
    assertThat(negative.getMessage()).contains("inserted by one array statement");
    // Strings leave the type to the server, which describes the domain: no array type known.
    long beforeText = arrayExecutions("other");
    assertThat(
            db.executeBatch(insert, Arrays.asList(new Object[] {5, "50"}, new Object[] {6, "60"})))
        .containsExactly(1, 1);
    assertThat(arrayExecutions("other") - beforeText).isZero();
    assertThat(db.query("SELECT id || ':' || score FROM other ORDER BY id", TEXT))
        .containsExactly("1:10", "2:20", "5:50", "6:60");
  }

  @Test
  void defaultInTheTupleTakesTheMultiRowForm() {
    long before = arrayExecutions("other");
    long[] counts =
        db.executeBatch(
            "INSERT INTO other (id, n, note) VALUES ($1, $2, DEFAULT)",
            Arrays.asList(new Object[] {1, 10}, new Object[] {2, 20}));
    assertThat(counts).containsExactly(1, 1);
    assertThat(arrayExecutions("other") - before).isZero();
    assertThat(db.query("SELECT n || ' ' || note FROM other ORDER BY id", TEXT))
        .containsExactly("10 n/a", "20 n/a");
  }

  // ------------------------------------------------------------------ all or nothing

  @Test
  void aDuplicateInTheLastChunkLeavesNoRow() {
    int n = 3 * CHUNK + 10;
    List<Object[]> rows = items(n);
    rows.set(n - 1, new Object[] {1, "duplicate of row 1"});
    PgException e =
        catchThrowableOfType(() -> db.executeBatch(INSERT_ITEM, rows), PgException.class);
    assertThat(e.sqlState()).isEqualTo("23505");
    assertThat(e.getMessage())
        .contains(
            "batch rows "
                + (3 * CHUNK + 1)
                + "-"
                + n
                + " of "
                + n
                + ", inserted by one array statement");
    assertThat(e.detail()).contains("(id)=(1)");
    assertThat(count("SELECT count(*) FROM item")).isZero();
    assertConnectionKept();
  }

  @Test
  void notNullAndCheckViolationsLeaveNoRow() {
    List<Object[]> rows = items(2 * CHUNK);
    rows.set(CHUNK + 5, new Object[] {CHUNK + 6, null});
    PgException notNull =
        catchThrowableOfType(() -> db.executeBatch(INSERT_ITEM, rows), PgException.class);
    assertThat(notNull.sqlState()).isEqualTo("23502");
    assertThat(notNull.column()).isEqualTo("label");
    assertThat(notNull.getMessage()).contains("batch rows " + (CHUNK + 1) + "-" + 2 * CHUNK);
    assertThat(count("SELECT count(*) FROM item")).isZero();

    rows.set(CHUNK + 5, new Object[] {CHUNK + 6, "bad"});
    PgException check =
        catchThrowableOfType(() -> db.executeBatch(INSERT_ITEM, rows), PgException.class);
    assertThat(check.sqlState()).isEqualTo("23514");
    assertThat(check.constraint()).isEqualTo("item_label_check");
    assertThat(count("SELECT count(*) FROM item")).isZero();
    assertConnectionKept();
  }

  @Test
  void aFailingBatchFailsTheEnclosingTransaction() {
    List<Object[]> rows = items(CHUNK + 100);
    rows.set(CHUNK + 50, new Object[] {1, "duplicate"});
    PgException e =
        catchThrowableOfType(
            () ->
                db.useTransaction(
                    tx -> {
                      tx.execute(INSERT_ITEM, 1_000_000, "before the batch");
                      PgException batch =
                          catchThrowableOfType(
                              () -> tx.executeBatch(INSERT_ITEM, rows), PgException.class);
                      assertThat(batch.sqlState()).isEqualTo("23505");
                      assertThat(tx.isFailed()).isTrue();
                      tx.execute("SELECT 1");
                    }),
            PgException.class);
    assertThat(e.sqlState()).isEqualTo("25P02");
    assertThat(count("SELECT count(*) FROM item")).isZero();
    assertConnectionKept();
  }

  @Test
  void aBatchInsideATransactionCommitsWithIt() {
    db.useTransaction(
        tx -> {
          tx.execute(INSERT_ITEM, 0, "before the batch");
          assertThat(tx.executeBatch(INSERT_ITEM, items(CHUNK + 1))).containsOnly(1L);
        });
    assertThat(count("SELECT count(*) FROM item")).isEqualTo(CHUNK + 2);
  }

  @Test
  void aValueThatCannotBeEncodedNamesItsRowAndLeavesNoRow() {
    List<Object[]> rows = items(10_000);
    rows.set(4_999, new Object[] {Long.MAX_VALUE, "too large for int4"});
    PgException e =
        catchThrowableOfType(() -> db.executeBatch(INSERT_ITEM, rows), PgException.class);
    assertThat(e.sqlState()).isEqualTo("22003");
    assertThat(e.getMessage())
        .contains("parameter $1 = " + Long.MAX_VALUE + " is out of range for integer")
        .contains("in batch row 5000");
    assertThat(count("SELECT count(*) FROM item")).isZero();
    assertConnectionKept();

    // In a later chunk, after earlier chunks went to the server: they are rolled back.
    List<Object[]> later = items(3 * CHUNK);
    later.set(2 * CHUNK + 6, new Object[] {2L * Integer.MAX_VALUE, "too large for int4"});
    PgException e2 =
        catchThrowableOfType(() -> db.executeBatch(INSERT_ITEM, later), PgException.class);
    assertThat(e2.sqlState()).isEqualTo("22003");
    assertThat(e2.getMessage()).contains("in batch row " + (2 * CHUNK + 7));
    assertThat(count("SELECT count(*) FROM item")).isZero();
    assertConnectionKept();

    // Longs that fit go into the int4 array.
    List<Object[]> longs = items(3);
    longs.set(1, new Object[] {2L, "a Long"});
    assertThat(db.executeBatch(INSERT_ITEM, longs)).containsExactly(1, 1, 1);
    assertThat(count("SELECT count(*) FROM item")).isEqualTo(3);
  }

  // ------------------------------------------------------------------ triggers

  @Test
  void rowTriggersFireOncePerRow() {
    db.executeScript(
        "CREATE FUNCTION log_item() RETURNS trigger LANGUAGE plpgsql AS"
            + " $$ BEGIN INSERT INTO log VALUES (NEW.id); RETURN NEW; END $$;"
            + "CREATE TRIGGER log_item AFTER INSERT ON item FOR EACH ROW EXECUTE FUNCTION log_item()");
    try {
      int n = CHUNK + 5;
      assertThat(db.executeBatch(INSERT_ITEM, items(n))).hasSize(n).containsOnly(1L);
      assertThat(count("SELECT count(*) FROM log")).isEqualTo(n);
      assertThat(count("SELECT count(DISTINCT id) FROM log")).isEqualTo(n);
    } finally {
      db.executeScript("DROP TRIGGER log_item ON item; DROP FUNCTION log_item()");
    }
  }

  @Test
  void aTriggerThatSkipsARowMakesItsChunksCountsUnknown() {
    db.executeScript(
        "CREATE FUNCTION skip_one() RETURNS trigger LANGUAGE plpgsql AS"
            + " $$ BEGIN IF NEW.id = "
            + (CHUNK + 2)
            + " THEN RETURN NULL; END IF; RETURN NEW; END $$;"
            + "CREATE TRIGGER skip_one BEFORE INSERT ON item FOR EACH ROW EXECUTE FUNCTION skip_one()");
    try {
      int n = CHUNK + 3;
      long[] counts = db.executeBatch(INSERT_ITEM, items(n));
      assertThat(Arrays.copyOfRange(counts, 0, CHUNK)).containsOnly(1L);
      assertThat(Arrays.copyOfRange(counts, CHUNK, n)).containsExactly(-1, -1, -1);
      assertThat(count("SELECT count(*) FROM item")).isEqualTo(n - 1);
    } finally {
      db.executeScript("DROP TRIGGER skip_one ON item; DROP FUNCTION skip_one()");
    }
  }
}
