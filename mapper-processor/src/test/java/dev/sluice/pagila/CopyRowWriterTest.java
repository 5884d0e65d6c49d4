package dev.sluice.pagila;

import static dev.sluice.pagila.CopyKindTable.COPY_KINDS;
import static dev.sluice.pagila.CopyWideningTable.COPY_WIDENING;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.PgException;
import dev.sluice.Scalars;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code copyIn} of records through the row writer the processor generates in each table class: it
 * is there and used; each column family it writes (every primitive unboxed, strings into text,
 * varchar, bpchar and jsonb, boxed and other objects through the general encoder, an embedded
 * record, a converter, an Optional) comes back from a SELECT as it went in; a primitive into a
 * wider column is widened; a value its column cannot take fails naming the row and the column and
 * writes nothing. (The golden {@code FilmTable} in GeneratedCodeTest pins the writer's source.)
 */
class CopyRowWriterTest extends PagilaSession {

  @BeforeAll
  void tables() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute(
          "CREATE TABLE copy_kinds (id int PRIMARY KEY, flag boolean, small smallint, big bigint,"
              + " real real, dbl double precision, name text, code varchar(8), padded char(4),"
              + " doc jsonb, note text, maybe boolean, uid uuid, day date, at timestamp,"
              + " seen timestamptz)");
      s.execute(
          "CREATE TABLE copy_widening (id int PRIMARY KEY, to_int integer, to_big bigint,"
              + " to_double double precision, int_to_double double precision, to_small smallint,"
              + " wrong integer)");
    }
  }

  @BeforeEach
  void empty() {
    db.executeScript("TRUNCATE copy_kinds, copy_widening");
  }

  private static CopyKind kind(int i) {
    boolean nulls = i % 4 == 0;
    return new CopyKind(
        i,
        i % 2 == 0,
        (short) (i - 300),
        i * -10_000_000_007L,
        i / 8f,
        i / 3d,
        "name " + i + (i % 3 == 0 ? " Zoë ✓ 𝄞" : ""),
        "c" + i,
        String.format("%4d", i % 1000),
        nulls ? null : "{\"k\": [" + i + ", \"ü\"]}",
        nulls ? null : "",
        nulls ? null : i % 3 == 0,
        nulls ? null : new UUID(i, -i),
        nulls ? null : LocalDate.of(2026, 1, 1).plusDays(i),
        nulls ? null : LocalDateTime.of(2026, 12, 4, 23, 0).plusSeconds(i * 61L),
        nulls ? null : Instant.parse("2026-12-04T23:00:00.123456Z").plusSeconds(i));
  }

  @Test
  void theTableClassHasAGeneratedRowWriterForItsColumnsThatAreNotGenerated() {
    assertThat(COPY_KINDS.copyRowWriter()).isNotNull();
    assertThat(COPY_KINDS.copyRowWriter().getClass().getName())
        .isEqualTo("dev.sluice.pagila.CopyKindTable$CopyWriter");
    assertThat(COPY_KINDS.copyRowWriter().columnCount()).isEqualTo(16);
    // Actor's actor_id is @Generated: the writer writes the other three columns.
    assertThat(ActorTable.ACTOR.copyRowWriter().columnCount()).isEqualTo(3);
  }

  @Test
  void everyFamilyComesBackFromASelectAsItWentIn() {
    List<CopyKind> rows = new ArrayList<>();
    for (int i = 1; i <= 3000; i++) {
      rows.add(kind(i));
    }
    assertThat(db.copyIn(COPY_KINDS, rows)).isEqualTo(3000);
    assertThat(db.selectFrom(COPY_KINDS).orderBy(COPY_KINDS.id.asc()).fetch()).isEqualTo(rows);
    // Checked by the server itself, not only by our own decoders.
    assertThat(
            db.query(
                "SELECT format('%s|%s|%s|%s|%s|%s|%s', flag, small, big, real, dbl, doc->'k'->>1,"
                    + " length(name)) FROM copy_kinds WHERE id = 3",
                Scalars.STRING))
        .containsExactly("f|-297|-30000000021|0.375|1|ü|14");
  }

  @Test
  void anEmbeddedRecordAConverterAndAnOptionalGoThroughTheWriterToo() {
    Customer mary = db.selectFrom(CUSTOMER).where(CUSTOMER.customerId.eq(1)).fetchOne().get();
    Customer copy =
        new Customer(
            9001,
            mary.storeId(),
            new PersonName("Copied", "Customer"),
            new Email("copied", "example.org"),
            mary.addressId(),
            false,
            LocalDate.of(2026, 12, 4),
            Instant.parse("2026-12-04T22:00:00Z"),
            Optional.empty());
    RuntimeException undo = new RuntimeException("undo");
    RuntimeException e =
        catchThrowableOfType(
            RuntimeException.class,
            () ->
                db.useTransaction(
                    tx -> {
                      assertThat(tx.copyIn(CUSTOMER, List.of(copy))).isEqualTo(1);
                      assertThat(
                              tx.selectFrom(CUSTOMER)
                                  .where(CUSTOMER.customerId.eq(9001))
                                  .fetchOne())
                          .contains(copy);
                      assertThat(
                              tx.query(
                                  "SELECT format('%s|%s|%s', email, activebool, active IS NULL)"
                                      + " FROM customer WHERE customer_id = 9001",
                                  Scalars.STRING))
                          .containsExactly("copied@example.org|f|t");
                      throw undo;
                    }));
    assertThat(e).isSameAs(undo);
  }

  @Test
  void primitivesGoIntoWiderColumnsWidened() {
    List<CopyWidening> rows =
        List.of(
            new CopyWidening(1, (short) -32768, Integer.MIN_VALUE, 0.1f, 7, -32768, null),
            new CopyWidening(2, (short) 32767, Integer.MAX_VALUE, -1.5f, -3, 32767, null));
    assertThat(db.copyIn(COPY_WIDENING, rows)).isEqualTo(2);
    assertThat(
            db.query(
                "SELECT format('%s|%s|%s|%s|%s|%s', to_int, to_big, to_double, int_to_double,"
                    + " to_small, wrong IS NULL) FROM copy_widening ORDER BY id",
                Scalars.STRING))
        .containsExactly(
            "-32768|-2147483648|0.10000000149011612|7|-32768|t",
            "32767|2147483647|-1.5|-3|32767|t");
  }

  @Test
  void anIntOutOfItsColumnsRangeNamesTheRowAndColumnAndWritesNothing() {
    List<CopyWidening> rows = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      rows.add(new CopyWidening(i, (short) 1, i, 1f, i, i == 4321 ? 70_000 : 1, null));
    }
    PgException e = catchThrowableOfType(PgException.class, () -> db.copyIn(COPY_WIDENING, rows));
    assertThat(e.sqlState()).isEqualTo("22003");
    assertThat(e.getMessage())
        .contains("row 4321 of the source, column to_small")
        .contains("70000 is out of range for smallint");
    assertThat(e.statement()).startsWith("COPY \"copy_widening\" (");
    assertThat(db.query("SELECT count(*) FROM copy_widening", Scalars.LONG)).containsExactly(0L);
  }

  @Test
  void aStringIntoAnIntegerColumnNamesTheRowAndColumnAndWritesNothing() {
    List<CopyWidening> rows =
        List.of(
            new CopyWidening(1, (short) 1, 1, 1f, 1, 1, null),
            new CopyWidening(2, (short) 1, 1, 1f, 1, 1, "12"));
    PgException e = catchThrowableOfType(PgException.class, () -> db.copyIn(COPY_WIDENING, rows));
    assertThat(e.sqlState()).isEqualTo("42804");
    assertThat(e.getMessage())
        .contains("row 1 of the source, column wrong")
        .contains("a String has no binary form for type OID 23");
    assertThat(db.query("SELECT count(*) FROM copy_widening", Scalars.LONG)).containsExactly(0L);
    assertThat(db.query("SELECT 1", Scalars.INT)).containsExactly(1);
  }
}
