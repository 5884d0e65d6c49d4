package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Columns;
import dev.sluice.Database;
import dev.sluice.RowDecoder;
import dev.sluice.driver.config.StatementMode;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Arrays of enums travel in binary (issue 25's per-connection type registry): each is read as
 * {@code text[]}, its elements the labels' exact bytes, with no parsing of array_out's quoting.
 * Compared with the server's own text of every element and of the whole array, for labels that
 * array_out must quote, an array of a domain over an enum, and a two-dimensional array; through a
 * pooled Database, a connection shared by pipelining callers, and a binary COPY, which could not
 * carry such a column before.
 */
@PgTest
class EnumArrayTest {
  private static final String SCHEMA =
      "DROP TABLE IF EXISTS ea; DROP DOMAIN IF EXISTS ea_dmood; DROP TYPE IF EXISTS ea_mood,"
          + " ea_simple; CREATE TYPE ea_mood AS ENUM ('sad', 'a,b', 'say \"hi\"', 'back\\slash',"
          + " '{br}', 'NULL', 'null', 'two words', 'tab\tbed', 'é');"
          + " CREATE DOMAIN ea_dmood AS ea_mood;"
          + " CREATE TYPE ea_simple AS ENUM ('sad', 'ok', 'happy');"
          + " CREATE TABLE ea (id int PRIMARY KEY, m ea_mood[], d ea_dmood[], g ea_mood[],"
          + " s ea_simple[]);"
          + " INSERT INTO ea VALUES (1, enum_range(NULL::ea_mood) || NULL::ea_mood,"
          + " ARRAY['a,b', NULL, 'NULL']::ea_dmood[], '{{sad,\"a,b\"},{NULL,\"{br}\"}}',"
          + " '{happy,NULL,sad}'), (2, '{}', '{}', '{}', '{}')";

  enum Simple {
    sad,
    ok,
    happy
  }

  /** What one row reads as, beside the server's text of the same columns. */
  private record Row(
      Columns columns,
      List<String> m,
      List<String> d,
      List<Object> g,
      List<Simple> s,
      Object mObject,
      List<String> strings,
      List<String> serverText) {}

  private static final String READ =
      "SELECT m, d, g, s, m::text, d::text, g::text, s::text FROM ea WHERE id = $1";

  private static final RowDecoder<Row> ROW =
      columns ->
          r -> {
            List<String> strings = new ArrayList<>();
            List<String> text = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
              strings.add(r.getString(c));
              text.add(r.getString(c + 4));
            }
            return new Row(
                columns,
                r.getList(0, String.class),
                r.getList(1, String.class),
                r.getNestedList(2, String.class),
                r.getList(3, Simple.class),
                r.getObject(0),
                strings,
                text);
          };

  /** The server's text of each element of column {@code column} of row 1, in order. */
  private static List<String> elements(Database db, String column) {
    return db.query(
        "SELECT x::text FROM ea, unnest("
            + column
            + ") WITH ORDINALITY AS u(x, n)"
            + " WHERE id = 1 ORDER BY n",
        columns -> r -> r.getString(0));
  }

  private static long oid(Database db, String type) {
    return db.query("SELECT $1::text::regtype::oid::int8", columns -> r -> r.getLong(0), type)
        .get(0);
  }

  private static void check(Database db, Row one) {
    assertThat(one.m()).isEqualTo(elements(db, "m"));
    assertThat(one.m()).contains("a,b", "say \"hi\"", "back\\slash", "{br}", "NULL", "tab\tbed");
    assertThat(one.m().get(one.m().size() - 1)).isNull(); // a NULL element, not the label NULL
    assertThat(one.d()).isEqualTo(elements(db, "d")).containsExactly("a,b", null, "NULL");
    assertThat(one.g()).isEqualTo(List.of(List.of("sad", "a,b"), Arrays.asList(null, "{br}")));
    assertThat(one.s()).containsExactly(Simple.happy, null, Simple.sad);
    assertThat(one.mObject()).isEqualTo(one.m());
    // getString gives array_out's text, as when the column came in text format.
    assertThat(one.strings()).isEqualTo(one.serverText());
    Columns columns = one.columns();
    for (int c = 0; c < 4; c++) {
      assertThat(columns.isBinary(c)).as("column %d binary", c).isTrue();
    }
    assertThat(columns.createdElementOid(0)).isEqualTo((int) oid(db, "ea_mood"));
    assertThat(columns.createdElementOid(1)).isEqualTo((int) oid(db, "ea_dmood"));
    assertThat(columns.createdElementOid(3)).isEqualTo((int) oid(db, "ea_simple"));
  }

  @Test
  void enumArraysReadInBinaryAsTheServerPrintsThem(TestDatabase tdb) throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.connect(tdb.url())) {
      for (int run = 0; run < 3; run++) { // unnamed, then named and described, then cached
        check(db, db.query(READ, ROW, 1).get(0));
        Row two = db.query(READ, ROW, 2).get(0);
        assertThat(two.m()).isEmpty();
        assertThat(two.strings()).isEqualTo(two.serverText()).containsOnly("{}");
      }
      // Bound back (as text: the parameter's type has no binary codec) and read again.
      db.execute("UPDATE ea SET m = $1 WHERE id = 2", db.query(READ, ROW, 1).get(0).m());
      assertThat(
              db.query(
                  "SELECT m = (SELECT m FROM ea WHERE id = 1) FROM ea WHERE id = 2",
                  columns -> r -> r.getBoolean(0)))
          .containsExactly(true);
    }
  }

  @Test
  void onAConnectionSharedByPipeliningCallers(TestDatabase tdb) throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).pipelining(8).build()) {
      for (int run = 0; run < 2; run++) {
        check(db, db.query(READ, ROW, 1).get(0));
      }
    }
  }

  /**
   * Every statement mode, and a streamed read (a cursor), which compare each portal's
   * RowDescription with the statement's resolved columns: the enum arrays and domain arrays read
   * the same as through named statements, again after the domain is dropped and created again over
   * the same type (a new OID, the same built-in counterpart) and another statement has looked the
   * new type up first.
   */
  @ParameterizedTest
  @EnumSource(StatementMode.class)
  void everyStatementModeAndACursorReadThem(StatementMode mode, TestDatabase tdb) throws Exception {
    tdb.execute(SCHEMA);
    try (Database db =
        Database.builder().url(tdb.url()).maxPoolSize(1).statementMode(mode).build()) {
      for (int run = 0; run < 3; run++) {
        check(db, db.query(READ, ROW, 1).get(0));
        Row streamed;
        try (Stream<Row> rows = db.stream(READ, ROW, 1)) {
          streamed = rows.findFirst().orElseThrow();
        }
        check(db, streamed); // after the stream gave its connection back
      }
      String sql = "SELECT d FROM ea WHERE id = 1";
      assertThat(db.query(sql, columns -> r -> r.getList(0, String.class)).get(0))
          .containsExactly("a,b", null, "NULL");
      tdb.execute(
          "ALTER TABLE ea DROP COLUMN d; DROP DOMAIN ea_dmood; CREATE DOMAIN ea_dmood AS ea_mood;"
              + " ALTER TABLE ea ADD COLUMN d ea_dmood[];"
              + " UPDATE ea SET d = ARRAY['sad', NULL]::ea_dmood[] WHERE id = 1");
      // Another statement describes the new domain's array first: its OID is known when the
      // first statement's portal is described again.
      assertThat(
              db.query("SELECT d, 1 FROM ea WHERE id = 1", columns -> r -> r.getString(0)).get(0))
          .isEqualTo("{sad,NULL}");
      for (int run = 0; run < 2; run++) {
        // Named: the server's 0A000 (the plan's result type changed) is retried inside the call;
        // unnamed and tracked: the portal's new columns are taken as described.
        assertThat(db.query(sql, columns -> r -> r.getList(0, String.class)).get(0))
            .containsExactly("sad", null);
      }
    }
  }

  @Test
  void aBinaryCopyCarriesThem(TestDatabase tdb) throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.connect(tdb.url())) {
      List<List<String>> copied = new ArrayList<>();
      long n =
          db.copyOut(
              "SELECT m FROM ea ORDER BY id",
              columns -> r -> r.getList(0, String.class),
              copied::add);
      assertThat(n).isEqualTo(2);
      assertThat(copied.get(0)).isEqualTo(elements(db, "m"));
      assertThat(copied.get(1)).isEmpty();
    }
  }
}
