package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import dev.sluice.processor.SqlParameterLexer.StatementKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlParameterLexerTest {
  private static ParsedSql ok(String sql) {
    ParsedSql p = SqlParameterLexer.parse(sql);
    assertThat(p.problem).as("problem lexing %s", sql).isNull();
    return p;
  }

  private static void unchanged(String sql) {
    ParsedSql p = ok(sql);
    assertThat(p.sql).isEqualTo(sql);
    assertThat(p.names).isEmpty();
  }

  @Test
  void namesBecomePositionsInOrderOfFirstUse() {
    ParsedSql p = ok("SELECT * FROM film WHERE title = :title OR film_id = :id OR :title IS NULL");
    assertThat(p.sql)
        .isEqualTo("SELECT * FROM film WHERE title = $1 OR film_id = $2 OR $1 IS NULL");
    assertThat(p.names).containsExactly("title", "id");
    assertThat(p.position("id")).isEqualTo(2);
    assertThat(p.position("nope")).isZero();
    assertThat(p.occurrences).extracting(o -> o.name).containsExactly("title", "id", "title");
    String sql = "SELECT * FROM film WHERE title = :title OR film_id = :id OR :title IS NULL";
    assertThat(p.occurrences)
        .extracting(o -> o.offset)
        .containsExactly(sql.indexOf(":title"), sql.indexOf(":id"), sql.lastIndexOf(":title"));
  }

  @Test
  void recordComponentPaths() {
    ParsedSql p = ok("UPDATE t SET a = :film.title, b = :c.name.firstName WHERE x = :film.");
    assertThat(p.sql).isEqualTo("UPDATE t SET a = $1, b = $2 WHERE x = $3.");
    assertThat(p.names).containsExactly("film.title", "c.name.firstName", "film");
  }

  @Test
  void parametersAtTheEdgesAndNextToPunctuation() {
    assertThat(ok(":a").sql).isEqualTo("$1");
    assertThat(ok("(:a,:b)").sql).isEqualTo("($1,$2)");
    assertThat(ok("x=:a_1+:B2").names).containsExactly("a_1", "B2");
    assertThat(ok("x = :é").names).containsExactly("é");
  }

  @Test
  void castsAreNotParameters() {
    ParsedSql p = ok("SELECT :rating::mpaa_rating, x::text, :n::int4 + 1");
    assertThat(p.sql).isEqualTo("SELECT $1::mpaa_rating, x::text, $2::int4 + 1");
    assertThat(p.names).containsExactly("rating", "n");
  }

  @Test
  void aColonWithoutAnIdentifierIsLeftAlone() {
    unchanged("SELECT a[1:2], b[1 : 3], f(x := 1), ':' , : x");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT ':a'",
        "SELECT 'it''s :a'",
        "SELECT '' || ':a' || ''",
        "SELECT E'back\\':a'",
        "SELECT U&'d\\0061t:a'",
        "SELECT B'1010', X'1F'",
        "SELECT \":a\" FROM t",
        "SELECT \"say \"\":a\"\"\" FROM t",
        "SELECT U&\"d:a\"",
        "SELECT $$ :a $$",
        "SELECT $fn$ it's :a $$ still $fn$",
        "SELECT $_1$:a$_1$",
        "SELECT 1 -- :a",
        "SELECT 1 /* :a */",
        "SELECT 1 /* outer /* :a */ still :b */",
        "SELECT a$b, $",
      })
  void skipsWhatIsNotSqlText(String sql) {
    unchanged(sql);
  }

  @Test
  void aBackslashInAStandardStringEndsNothing() {
    // standard_conforming_strings: 'a\' is the string a\ and :x is a parameter.
    ParsedSql p = ok("SELECT 'a\\' || :x");
    assertThat(p.sql).isEqualTo("SELECT 'a\\' || $1");
  }

  @Test
  void escapeStringsHonourBackslashes() {
    ParsedSql p = ok("SELECT E'it\\'s :no', e'\\\\', :yes, E'a''b:no'");
    assertThat(p.names).containsExactly("yes");
    assertThat(p.sql).isEqualTo("SELECT E'it\\'s :no', e'\\\\', $1, E'a''b:no'");
  }

  @Test
  void anIdentifierEndingInEIsNoEscapePrefix() {
    // name'…' is not an escape string: the backslash is a plain character and the string ends.
    ParsedSql p = ok("SELECT typE'a\\' , :x");
    assertThat(p.names).containsExactly("x");
  }

  @Test
  void parametersAfterCommentsAndStringsStillCount() {
    ParsedSql p = ok("SELECT /* c /* n */ */ ':s' AS \"q\", $t$x$t$ -- line\n FROM f WHERE a = :a");
    assertThat(p.sql)
        .isEqualTo("SELECT /* c /* n */ */ ':s' AS \"q\", $t$x$t$ -- line\n FROM f WHERE a = $1");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "SELECT 'abc | unterminated string constant at offset 7",
        "SELECT E'abc\\' | unterminated string constant at offset 8",
        "SELECT \"abc | unterminated quoted identifier at offset 7",
        "SELECT $x$ abc $y$ | unterminated dollar-quoted string $x$ at offset 7",
        "SELECT /* /* */ | unterminated /* comment at offset 7",
        "SELECT * FROM t WHERE a = $1 | positional parameter $1 at offset 26",
      })
  void problems(String sql, String problem) {
    ParsedSql p = SqlParameterLexer.parse(sql);
    assertThat(p.problem).startsWith(problem);
    assertThat(p.sql).isNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "SELECT count(*) FROM film | ROWS",
        "  select 1 | ROWS",
        "VALUES (1), (2) | ROWS",
        "TABLE film | ROWS",
        "EXPLAIN SELECT 1 | ROWS",
        "WITH x AS (DELETE FROM t RETURNING *) SELECT count(*) FROM x | ROWS",
        "WITH x AS (SELECT 1) DELETE FROM t WHERE a IN (SELECT * FROM x) | COUNT",
        "WITH RECURSIVE r(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM r) SELECT * FROM r | ROWS",
        "UPDATE film SET title = 'returning' WHERE film_id = 1 | COUNT",
        "UPDATE film SET title = :t RETURNING film_id | ROWS",
        "DELETE FROM t /* RETURNING */ | COUNT",
        "insert into t select * from u | COUNT",
        "INSERT INTO t VALUES (1) RETURNING \"id\" | ROWS",
        "MERGE INTO t USING u ON t.id = u.id WHEN MATCHED THEN DELETE | COUNT",
        "CALL proc(1) | UNKNOWN",
        "CREATE TABLE t (id int) | UNKNOWN",
        "ALTER TABLE t ADD COLUMN c int | UNKNOWN",
        "-- SELECT\\nDELETE FROM t | COUNT",
        "(SELECT 1) UNION (SELECT 2) | UNKNOWN",
      })
  void classifiesStatements(String sql, StatementKind kind) {
    assertThat(ok(sql.replace("\\n", "\n")).kind).isEqualTo(kind);
  }

  @Test
  void namesAreListedOnce() {
    assertThat(ok(":a :b :a :c :b").names).isEqualTo(List.of("a", "b", "c"));
  }
}
