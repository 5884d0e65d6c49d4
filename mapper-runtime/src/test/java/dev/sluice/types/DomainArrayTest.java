package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Database;
import dev.sluice.Pipelined;
import dev.sluice.RowDecoder;
import dev.sluice.driver.config.StatementMode;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Arrays of domains read as arrays of the domain's base type (issue 25), in binary: an array of a
 * domain ({@code posint[]}), of a domain over a domain ({@code small[]}), a domain over an array
 * ({@code intarr}) and a plain domain column, each compared with the server's text and with pgjdbc,
 * through every path that describes a statement: a pooled Database (named and unnamed statements),
 * a pipeline, and a connection shared by pipelining callers. A domain dropped and created again
 * over another base type is read as the new type.
 */
@PgTest
class DomainArrayTest {
  private static final String SCHEMA =
      "DROP TABLE IF EXISTS doms; DROP DOMAIN IF EXISTS small, posint, intarr, label;"
          + " CREATE DOMAIN posint AS int4 CHECK (VALUE > 0);"
          + " CREATE DOMAIN small AS posint CHECK (VALUE < 1000);"
          + " CREATE DOMAIN intarr AS int4[];"
          + " CREATE DOMAIN label AS text;"
          + " CREATE TABLE doms (id int PRIMARY KEY, a posint[], b small[], c intarr, d posint,"
          + " e label[])";

  private static final String READ =
      "SELECT a, b, c, d, e, a::text, b::text FROM doms WHERE id = $1";

  private static void fill(Database db) {
    db.execute(
        "INSERT INTO doms VALUES ($1, $2, $3, $4, $5, $6)",
        1,
        List.of(1, 2, 3),
        Arrays.asList(7, null, 999),
        List.of(-4, 0),
        5,
        Arrays.asList("x,y", null, "{z}"));
    db.execute("INSERT INTO doms VALUES (2, '{}', NULL, '{}', 1, '{}')");
  }

  private static final String ONE =
      "[1, 2, 3] [7, null, 999] [-4, 0] 5 [x,y, null, {z}] binary=truetruetruetrue"
          + " text={1,2,3}{7,NULL,999}";

  private static final String TWO = "[] null [] 1 [] binary=truetruetruetrue text={}null";

  /** What one row reads as: the lists, whether each came binary, and the server's text. */
  private static final RowDecoder<String> NULLABLE_ROW =
      columns ->
          row ->
              row.getList(0, Integer.class)
                  + " "
                  + (row.isNull(1) ? "null" : row.getList(1, Integer.class))
                  + " "
                  + row.getList(2, Integer.class)
                  + " "
                  + row.getInt(3)
                  + " "
                  + row.getList(4, String.class)
                  + " binary="
                  + row.isBinary(0)
                  + row.isBinary(1)
                  + row.isBinary(2)
                  + row.isBinary(4)
                  + " text="
                  + row.getString(5)
                  + row.getString(6);

  @Test
  void arraysOfDomainsReadAsArraysOfTheBaseTypeAsTheServerAndPgjdbcSeeThem(TestDatabase tdb)
      throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.connect(tdb.url());
        Connection jdbc = tdb.jdbc()) {
      fill(db);
      for (int run = 0; run < 3; run++) { // unnamed, then named and described, then cached
        assertThat(db.query(READ, NULLABLE_ROW, 1)).containsExactly(ONE);
        assertThat(db.query(READ, NULLABLE_ROW, 2)).containsExactly(TWO);
      }
      // pgjdbc reads the same elements.
      try (Statement s = jdbc.createStatement();
          ResultSet rs = s.executeQuery("SELECT a, b, c, e FROM doms WHERE id = 1")) {
        rs.next();
        assertThat(ints(rs.getArray(1))).isEqualTo(db.query(READ, col(0), 1).get(0));
        assertThat(ints(rs.getArray(2))).isEqualTo(db.query(READ, col(1), 1).get(0));
        assertThat(ints(rs.getArray(3))).isEqualTo(db.query(READ, col(2), 1).get(0));
        List<String> labels = new ArrayList<>();
        for (Object o : (Object[]) rs.getArray(4).getArray()) {
          labels.add(o == null ? null : o.toString());
        }
        assertThat(labels)
            .isEqualTo(db.query(READ, columns -> row -> row.getList(4, String.class), 1).get(0));
      }
      // An array of a domain over text gives array_out's text, as the server prints it.
      assertThat(
              db.query(
                  "SELECT e, e::text FROM doms WHERE id = 1",
                  columns -> r -> r.getString(0) + " | " + r.getString(1)))
          .containsExactly("{\"x,y\",NULL,\"{z}\"} | {\"x,y\",NULL,\"{z}\"}");
      // A domain array bound back in binary round-trips (and the CHECK still applies).
      db.execute("UPDATE doms SET a = $1 WHERE id = 2", db.query(READ, col(1), 1).get(0));
      assertThat(db.query("SELECT a::text FROM doms WHERE id = 2", columns -> r -> r.getString(0)))
          .containsExactly("{7,NULL,999}");
    }
  }

  private static RowDecoder<List<Integer>> col(int c) {
    return columns -> row -> row.getList(c, Integer.class);
  }

  private static List<Integer> ints(Array a) throws Exception {
    List<Integer> out = new ArrayList<>();
    for (Object o : (Object[]) a.getArray()) {
      // pgjdbc reads an array of domains' elements as PGobjects holding the text: parsed here.
      out.add(o == null ? null : Integer.valueOf(o.toString()));
    }
    return out;
  }

  @Test
  void unnamedStatementModeReadsThemToo(TestDatabase tdb) throws Exception {
    tdb.execute(SCHEMA);
    try (Database db =
        Database.builder()
            .url(tdb.url())
            .maxPoolSize(1)
            .statementMode(StatementMode.UNNAMED)
            .build()) {
      fill(db);
      for (int run = 0; run < 3; run++) {
        assertThat(db.query(READ, NULLABLE_ROW, 1)).containsExactly(ONE);
      }
    }
  }

  @Test
  void inAPipelineAndOnASharedConnectionsFirstExecution(TestDatabase tdb) throws Exception {
    tdb.execute(SCHEMA);
    try (Database db = Database.connect(tdb.url())) {
      fill(db);
      for (int run = 0; run < 2; run++) { // described in the pipeline, then cached
        List<Pipelined<List<String>>> results =
            db.pipeline(
                p ->
                    List.of(
                        p.query("SELECT 'other'", columns -> r -> r.getString(0)),
                        p.query(READ, NULLABLE_ROW, 1),
                        p.query(READ, NULLABLE_ROW, 2)));
        assertThat(results.get(1).get()).containsExactly(ONE);
        assertThat(results.get(2).get()).containsExactly(TWO);
      }
    }
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).pipelining(8).build()) {
      for (int run = 0; run < 2; run++) {
        assertThat(db.query(READ, NULLABLE_ROW, 1)).containsExactly(ONE);
        assertThat(db.query(READ, NULLABLE_ROW, 2)).containsExactly(TWO);
      }
    }
  }

  @Test
  void aDomainDroppedAndCreatedOverAnotherTypeIsReadAsTheNewType(TestDatabase tdb)
      throws Exception {
    tdb.execute(
        "CREATE DOMAIN code AS int4; CREATE TABLE coded (c code[]);"
            + " INSERT INTO coded VALUES ('{1,2}')");
    String sql = "SELECT c, c::text FROM coded";
    RowDecoder<String> read =
        columns -> row -> row.getList(0, Object.class) + " " + row.getString(1);
    try (Database db = Database.builder().url(tdb.url()).maxPoolSize(1).build()) {
      for (int run = 0; run < 2; run++) {
        assertThat(db.query(sql, read)).containsExactly("[1, 2] {1,2}");
      }
      tdb.execute(
          "DROP TABLE coded; DROP DOMAIN code; CREATE DOMAIN code AS int8;"
              + " CREATE TABLE coded (c code[]); INSERT INTO coded VALUES ('{3000000000,-1}')");
      // The cached statement's result type changed: described again, its new type looked up.
      for (int run = 0; run < 2; run++) {
        List<String> got = db.query(sql, read);
        assertThat(got).containsExactly("[3000000000, -1] {3000000000,-1}");
        assertThat(db.query(sql, columns -> row -> row.getList(0, Long.class)).get(0))
            .containsExactly(3000000000L, -1L);
      }
      tdb.execute(
          "DROP TABLE coded; DROP DOMAIN code; CREATE DOMAIN code AS text;"
              + " CREATE TABLE coded (c code[]); INSERT INTO coded VALUES ('{abcd,\"e,f\"}')");
      assertThat(db.query(sql, read)).containsExactly("[abcd, e,f] {abcd,\"e,f\"}");
    }
  }
}
