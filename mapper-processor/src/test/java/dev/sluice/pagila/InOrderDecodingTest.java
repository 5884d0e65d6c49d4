package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Columns;
import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import dev.sluice.driver.codec.Oids;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The one-pass path of generated decoders ({@code RowView.nextRow} and the in-order readers), taken
 * when a result is exactly a record's columns in order: it reads the same values as the path that
 * frames each row and reads columns by position, which the same rows take when their columns come
 * in another order (or with one more column), and fails the same way.
 */
@PgTest(pagila = true)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InOrderDecodingTest {
  /** Every type with an in-order reader, as primitive, box, Optional and nullable reference. */
  @Row
  record Everything(
      boolean flag,
      short small,
      int fromSmallint,
      int regular,
      long fromInteger,
      long big,
      float real,
      double fromReal,
      double precise,
      String text,
      String fromVarchar,
      BigDecimal amount,
      byte[] bytes,
      UUID id,
      LocalDate day,
      LocalTime time,
      LocalDateTime local,
      Instant instant,
      OffsetDateTime offset,
      Rating rating,
      String fromEnum,
      Optional<Integer> maybe,
      @Nullable Integer nullableBox,
      @Nullable String nullableText,
      @Nullable Rating nullableRating,
      @Nullable UUID nullableId) {}

  private static final String EVERYTHING_COLUMNS =
      "flag, small, from_smallint, regular, from_integer, big, \"real\", from_real, precise,"
          + " text, from_varchar, amount, bytes, id, day, \"time\", local, instant, \"offset\", rating,"
          + " from_enum, maybe, nullable_box, nullable_text, nullable_rating, nullable_id";

  private static final String EVERYTHING_TABLE =
      "CREATE TABLE everything (n int PRIMARY KEY, flag boolean, small smallint, from_smallint"
          + " smallint, regular integer, from_integer integer, big bigint, \"real\" real, from_real"
          + " real, precise double precision, text text, from_varchar varchar(20), amount numeric,"
          + " bytes bytea, id uuid, day date, \"time\" time, local timestamp, instant timestamptz,"
          + " \"offset\" timestamptz, rating mpaa_rating, from_enum mpaa_rating, maybe integer,"
          + " nullable_box integer, nullable_text text, nullable_rating mpaa_rating, nullable_id"
          + " uuid)";

  private Database db;
  private Connection jdbc;

  @BeforeAll
  void connect(TestDatabase tdb) throws SQLException {
    db = Database.connect(tdb.url());
    jdbc = tdb.jdbc();
    try (Statement s = jdbc.createStatement()) {
      s.execute(EVERYTHING_TABLE);
      s.execute(
          "INSERT INTO everything VALUES"
              + " (1, true, 32767, -32768, 2147483647, -2147483648, 9223372036854775807,"
              + " 1.5, -0.25, 1e308, 'héllo ✓', 'v', 12345678901234567890.123456789,"
              + " '\\x00ff10', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2024-02-29',"
              + " '23:59:59.999999', '1999-12-31 23:59:59.5', '2000-01-01 00:00:00+00',"
              + " 'infinity', 'PG-13', 'NC-17', 7, 8, 'x', 'G',"
              + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12'),"
              + " (2, false, 0, 0, 0, 0, 0, 0, 0, 0, '', '', 0, '', "
              + " '00000000-0000-0000-0000-000000000000', '-infinity', '00:00', '-infinity',"
              + " '1970-01-01 00:00:00+00', '-infinity', 'G', 'R', NULL, NULL, NULL, NULL, NULL),"
              + " (3, true, -1, 1, -1, 1, -1, 'NaN', 'Infinity', -1e-300, repeat('z', 5000),"
              + " 'twenty characters!!!', -0.000001, repeat('ab', 40000)::bytea,"
              + " gen_random_uuid(), '0001-01-01', '12:00', '2262-04-11 23:47:16.854775',"
              + " now(), now(), 'R', 'PG', -1, -2, 'y', 'NC-17', gen_random_uuid())");
    }
  }

  @AfterAll
  void close() throws SQLException {
    jdbc.close();
    db.close();
  }

  @Test
  void everyInOrderReaderReadsWhatTheFramedGettersRead() throws Exception {
    List<Everything> inOrder =
        db.query("SELECT " + EVERYTHING_COLUMNS + " FROM everything ORDER BY n", Everything.class);
    // One more column: the result is not exactly the record's, so each row is framed.
    List<Everything> framed =
        db.query(
            "SELECT " + EVERYTHING_COLUMNS + ", n FROM everything ORDER BY n", Everything.class);
    assertThat(inOrder).hasSize(3);
    assertThat(framed).hasSize(3);
    for (int i = 0; i < 3; i++) {
      assertSameComponents(inOrder.get(i), framed.get(i));
    }
    Everything first = inOrder.get(0);
    assertThat(first.small()).isEqualTo((short) 32767);
    assertThat(first.fromSmallint()).isEqualTo(-32768);
    assertThat(first.fromInteger()).isEqualTo(-2147483648L);
    assertThat(first.fromReal()).isEqualTo(-0.25);
    assertThat(first.text()).isEqualTo("héllo ✓");
    assertThat(first.amount()).isEqualByComparingTo("12345678901234567890.123456789");
    assertThat(first.bytes()).containsExactly(0x00, 0xff, 0x10);
    assertThat(first.offset()).isEqualTo(OffsetDateTime.MAX);
    assertThat(first.rating()).isEqualTo(Rating.PG_13);
    assertThat(first.fromEnum()).isEqualTo("NC-17");
    assertThat(first.maybe()).contains(7);
    assertThat(first.nullableRating()).isEqualTo(Rating.G);
    Everything second = inOrder.get(1);
    assertThat(second.maybe()).isEmpty();
    assertThat(second.nullableBox()).isNull();
    assertThat(second.nullableText()).isNull();
    assertThat(second.nullableRating()).isNull();
    assertThat(second.nullableId()).isNull();
    assertThat(second.day()).isEqualTo(LocalDate.MIN);
    assertThat(inOrder.get(2).text()).hasSize(5000);
    assertThat(inOrder.get(2).bytes()).hasSize(80000);
    assertThat(inOrder.get(2).real()).isNaN();
  }

  /** Component by component; arrays by content, and NaN equal to itself (as Double.equals). */
  private static void assertSameComponents(Record a, Record b) throws Exception {
    for (RecordComponent c : a.getClass().getRecordComponents()) {
      Object x = c.getAccessor().invoke(a);
      Object y = c.getAccessor().invoke(b);
      assertThat(Objects.deepEquals(x, y)).as(c.getName() + ": " + x + " vs " + y).isTrue();
    }
  }

  /** Pagila's tables whose records read every column in order, against the framed path. */
  @Test
  void pagilaTablesReadAlikeInOrderAndReversed() throws SQLException {
    assertSameBothWays("actor", "actor_id", Actor.class);
    assertSameBothWays("customer", "customer_id", Customer.class);
    assertSameBothWays("payment", "payment_id", Payment.class);
    assertSameBothWays("rental", "rental_id", Rental.class);
    assertSameBothWays("inventory", "inventory_id", Inventory.class);
    assertSameBothWays("language", "language_id", Language.class);
    assertSameBothWays("film_actor", "actor_id, film_id", FilmActor.class);
  }

  private <T> void assertSameBothWays(String table, String orderBy, Class<T> type)
      throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement s = jdbc.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + table + " LIMIT 0")) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        names.add(md.getColumnName(i));
      }
    }
    List<T> inOrder = db.query("SELECT * FROM " + table + " ORDER BY " + orderBy, type);
    Collections.reverse(names);
    List<T> reversed =
        db.query(
            "SELECT " + String.join(", ", names) + " FROM " + table + " ORDER BY " + orderBy, type);
    assertThat(inOrder).as(table).isNotEmpty().isEqualTo(reversed);
  }

  @Test
  void theBoundDecoderTakesTheOnePassPathOnlyForTheRecordsColumnsInOrder() throws Exception {
    short binary = 1;
    short text = 0;
    Columns exact =
        columns(
            new String[] {"actor_id", "first_name", "last_name", "last_update"},
            new int[] {Oids.INT4, Oids.TEXT, Oids.VARCHAR, Oids.TIMESTAMPTZ},
            new short[] {binary, binary, binary, binary});
    assertThat(inOrder(new ActorDecoder(), exact)).isTrue();
    Columns smallint =
        columns(
            new String[] {"actor_id", "first_name", "last_name", "last_update"},
            new int[] {Oids.INT2, Oids.TEXT, Oids.INT4, Oids.TIMESTAMPTZ},
            new short[] {binary, binary, text, binary});
    assertThat(inOrder(new ActorDecoder(), smallint)).isTrue(); // int4 in text reads as a String
    Columns swapped =
        columns(
            new String[] {"actor_id", "last_name", "first_name", "last_update"},
            new int[] {Oids.INT4, Oids.TEXT, Oids.TEXT, Oids.TIMESTAMPTZ},
            new short[] {binary, binary, binary, binary});
    assertThat(inOrder(new ActorDecoder(), swapped)).isFalse();
    Columns extra =
        columns(
            new String[] {"actor_id", "first_name", "last_name", "last_update", "x"},
            new int[] {Oids.INT4, Oids.TEXT, Oids.TEXT, Oids.TIMESTAMPTZ, Oids.INT4},
            new short[] {binary, binary, binary, binary, binary});
    assertThat(inOrder(new ActorDecoder(), extra)).isFalse();
    Columns binaryNumericAsString =
        columns(
            new String[] {"actor_id", "first_name", "last_name", "last_update"},
            new int[] {Oids.INT4, Oids.NUMERIC, Oids.TEXT, Oids.TIMESTAMPTZ},
            new short[] {binary, binary, binary, binary});
    assertThat(inOrder(new ActorDecoder(), binaryNumericAsString)).isFalse();
  }

  private static Columns columns(String[] names, int[] oids, short[] formats) {
    int n = names.length;
    return new Columns(names, oids, new int[n], new short[n], new int[n], formats);
  }

  private static boolean inOrder(RowDecoder<?> decoder, Columns columns) throws Exception {
    RowDecoder.Bound<?> bound = decoder.bind(columns);
    Field f = bound.getClass().getDeclaredField("inOrder");
    f.setAccessible(true);
    return f.getBoolean(bound);
  }

  @Test
  void aNullInAPrimitiveNamesColumnAndComponent() {
    String sql =
        "SELECT actor_id, first_name, last_name, last_update FROM actor"
            + " UNION ALL SELECT NULL, 'a', 'b', now() ORDER BY 1 NULLS LAST";
    assertThatThrownBy(() -> db.query(sql, Actor.class))
        .isInstanceOf(PgException.class)
        .satisfies(
            e -> {
              PgException pe = (PgException) e;
              assertThat(pe.sqlState()).isEqualTo("22004");
              assertThat(pe.serverMessage())
                  .isEqualTo(
                      "column \"actor_id\" is NULL, but component actorId of Actor cannot be"
                          + " null; annotate it @Nullable (a primitive: use its box) or make it"
                          + " Optional");
            });
    // The connection is drained and usable: the next query on the same pool works.
    assertThat(db.query("SELECT * FROM actor ORDER BY actor_id", Actor.class)).hasSize(200);
  }

  @Test
  void anUnknownEnumLabelNamesTheLabel() {
    String sql =
        "SELECT "
            + EVERYTHING_COLUMNS.replace(" rating,", " 'X-1'::text AS rating,")
            + " FROM everything ORDER BY n";
    assertThatThrownBy(() -> db.query(sql, Everything.class))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("holds label 'X-1'")
        .extracting(e -> ((PgException) e).sqlState())
        .isEqualTo("22P02");
  }
}
