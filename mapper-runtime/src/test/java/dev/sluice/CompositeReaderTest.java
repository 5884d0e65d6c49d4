package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.generated.CompositeReader;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Composite columns read in binary straight from the receive buffer ({@link CompositeReader}), with
 * decoders written as the processor generates them: the column turns binary when the decoder binds,
 * before the first Bind, and nested composites, arrays of composites with NULL elements and NULL
 * fields come back as the server stored them.
 */
@PgTest
class CompositeReaderTest {
  record Addr(String street, Integer zip, List<String> tags) {}

  record Person(String name, Addr home, LocalDate born) {}

  record Row(int id, Person person, List<Addr> homes) {}

  static Addr readAddr(CompositeReader r) {
    r.enter(3, "Addr");
    String street = r.nullField() ? null : r.readString("component street of Addr");
    Integer zip = r.nullField() ? null : r.readInt("component zip of Addr");
    List<String> tags = r.nullField() ? null : r.readList(String.class, "component tags of Addr");
    r.exit();
    return new Addr(street, zip, tags);
  }

  static Person readPerson(CompositeReader r) {
    r.enter(3, "Person");
    String name = r.readString("component name of Person");
    Addr home = r.nullField() ? null : readAddr(r.field("component home of Person"));
    LocalDate born = r.nullField() ? null : r.read(LocalDate.class, "component born of Person");
    r.exit();
    return new Person(name, home, born);
  }

  static List<Addr> readAddrs(CompositeReader r) {
    int n = r.array("component homes of Row");
    List<Addr> list = CompositeReader.list(n);
    for (int i = 0; i < n; i++) {
      list.add(r.element() ? readAddr(r) : null);
    }
    r.exit();
    return list;
  }

  static final RowDecoder<Row> ROW =
      columns -> {
        int id = columns.require("id", "id");
        int person = columns.require("person", "person");
        int homes = columns.require("homes", "homes");
        assertThat(columns.readAsComposite(person)).isTrue();
        assertThat(columns.readAsComposite(homes)).isTrue();
        return r ->
            new Row(
                r.getInt(id),
                r.isNull(person) ? null : readPerson(r.composite(person)),
                r.isNull(homes) ? null : readAddrs(r.composite(homes)));
      };

  private Database db;

  @BeforeEach
  void connect(TestDatabase tdb) {
    db = Database.connect(tdb.url());
    db.execute("DROP TYPE IF EXISTS cr_person, cr_addr CASCADE");
    db.execute("CREATE TYPE cr_addr AS (street text, zip int4, tags text[])");
    db.execute("CREATE TYPE cr_person AS (name text, home cr_addr, born date)");
  }

  @AfterEach
  void close() {
    db.execute("DROP TYPE IF EXISTS cr_person, cr_addr CASCADE");
    db.close();
  }

  @Test
  void readsNestedCompositesAndArraysOfThemInBinaryFromTheFirstExecution() {
    String sql =
        "SELECT 1 AS id,"
            + " ROW('Ann', ROW('Main St', 12, ARRAY['a', NULL])::cr_addr, DATE '1990-02-03')"
            + "::cr_person AS person,"
            + " ARRAY[ROW('x', NULL, NULL)::cr_addr, NULL, ROW(NULL, 7, '{}')::cr_addr] AS homes"
            + " UNION ALL SELECT 2, NULL, '{}'"
            + " UNION ALL SELECT 3, ROW('Bo', NULL, NULL)::cr_person, NULL"
            + " ORDER BY 1";
    for (int run = 0; run < 3; run++) {
      List<Row> rows = db.query(sql, ROW);
      assertThat(rows)
          .containsExactly(
              new Row(
                  1,
                  new Person(
                      "Ann",
                      new Addr("Main St", 12, Arrays.asList("a", null)),
                      LocalDate.of(1990, 2, 3)),
                  Arrays.asList(new Addr("x", null, null), null, new Addr(null, 7, List.of()))),
              new Row(2, null, List.of()),
              new Row(3, new Person("Bo", null, null), null));
    }
  }

  @Test
  void aCompositeOfOtherFieldsFailsNamingTheRecord() {
    RowDecoder<Addr> two =
        columns -> {
          int c = columns.require("a", "a");
          columns.readAsComposite(c);
          return r -> {
            CompositeReader reader = r.composite(c);
            reader.enter(2, "Pair");
            return null;
          };
        };
    PgException e =
        catchThrowableOfType(
            PgException.class, () -> db.query("SELECT ROW('s', 1, NULL)::cr_addr AS a", two));
    assertThat(e.sqlState()).isEqualTo("42804");
    assertThat(e.getMessage())
        .contains(
            "column \"a\": a composite value of 3 fields cannot be read as Pair, which has 2"
                + " components");
  }

  @Test
  void aFieldOfAnotherTypeFailsNamingTheComponent() {
    RowDecoder<Integer> wrong =
        columns -> {
          int c = columns.require("a", "a");
          columns.readAsComposite(c);
          return r -> {
            CompositeReader reader = r.composite(c);
            reader.enter(3, "Addr");
            return reader.readInt("component street of Addr");
          };
        };
    PgException e =
        catchThrowableOfType(
            PgException.class, () -> db.query("SELECT ROW('s', 1, NULL)::cr_addr AS a", wrong));
    assertThat(e.sqlState()).isEqualTo("42804");
    assertThat(e.getMessage())
        .contains(
            "column \"a\": a composite field of type text cannot be read as int into component"
                + " street of Addr");
  }

  @Test
  void aNullFieldInANonNullableComponentFails() {
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () ->
                db.query(
                    "SELECT 1 AS id, ROW(NULL, NULL, NULL)::cr_person AS person,"
                        + " NULL::cr_addr[] AS homes",
                    ROW));
    assertThat(e.sqlState()).isEqualTo("22004");
    assertThat(e.getMessage())
        .contains(
            "column \"person\": a composite field is NULL, but component name of Person (String)"
                + " cannot be null");
  }

  @Test
  void aBuiltInTypeIsNoComposite() {
    RowDecoder<Boolean> probe =
        columns -> {
          boolean text = columns.readAsComposite(0);
          boolean record = columns.readAsComposite(1);
          return r -> text || !record;
        };
    assertThat(db.query("SELECT 'x'::text, ROW(1, 2)", probe)).containsExactly(false);
  }
}
