package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

@PgTest
class PsqlScriptTest {
  @Test
  void splitsOnlyAtSemicolonsOutsideQuotesAndCommentsAndLoadsCopyRows(TestDatabase database)
      throws SQLException {
    String script =
        String.join(
            "\n",
            "-- a comment; with a semicolon",
            "/* block /* nested; */ comment; */",
            "CREATE TABLE t (id int, note text);",
            "CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $_$ SELECT 'a;b'; $_$;",
            "CREATE FUNCTION g() RETURNS text LANGUAGE plpgsql AS $$",
            "BEGIN RETURN E'c\\';d'; END $$;",
            "CREATE TABLE \"odd;name\" (\"x;y\" int);",
            "COPY public.t (id, note) FROM stdin;",
            "1\tone; two",
            "2\t\\N",
            "\\.",
            "COPY public.\"odd;name\" (\"x;y\") FROM stdin;",
            "\\.",
            "INSERT INTO t VALUES (3, 'it''s; fine')",
            "");
    try (Connection connection = database.jdbc()) {
      new PsqlScript("test.sql", script).run(connection);
      try (Statement statement = connection.createStatement();
          ResultSet rows =
              statement.executeQuery(
                  "SELECT f(), g(), (SELECT string_agg(coalesce(note, '-'), '|' ORDER BY id)"
                      + " FROM t), (SELECT count(*) FROM \"odd;name\")")) {
        rows.next();
        assertThat(rows.getString(1)).isEqualTo("a;b");
        assertThat(rows.getString(2)).isEqualTo("c';d");
        assertThat(rows.getString(3)).isEqualTo("one; two|-|it's; fine");
        assertThat(rows.getInt(4)).isZero();
      }
    }
  }

  @Test
  void errorsNameTheFileLineAndStatement(TestDatabase database) throws SQLException {
    try (Connection connection = database.jdbc()) {
      PsqlScript script = new PsqlScript("broken.sql", "SELECT 1;\n\nSELECT nope FROM nowhere;\n");
      assertThatThrownBy(() -> script.run(connection))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("broken.sql:3: ")
          .hasMessageContaining("statement: SELECT nope FROM nowhere;")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("42P01");
    }
  }
}
