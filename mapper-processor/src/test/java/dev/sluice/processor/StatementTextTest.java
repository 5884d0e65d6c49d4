package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What {@link StatementText} reads from a statement's text where the plan does not tell. */
class StatementTextTest {
  @Test
  void theOneLeftJoinedNameIsReadOnlyWhenItIsTheOnlyOuterJoin() {
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM film f LEFT JOIN c ON true"))
        .isEqualTo("c");
    assertThat(
            StatementText.onlyLeftJoined("SELECT 1 FROM film f LEFT OUTER JOIN Lang AS l ON true"))
        .isEqualTo("lang l");
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM f LEFT JOIN \"Odd Name\" o ON true"))
        .isEqualTo("Odd Name o");
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM f LEFT JOIN c WHERE true"))
        .isEqualTo("c");
    // Two outer joins, a RIGHT or FULL one, a subquery or LATERAL: not named from the text.
    assertThat(
            StatementText.onlyLeftJoined("SELECT 1 FROM f LEFT JOIN c ON true LEFT JOIN d ON true"))
        .isNull();
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM f RIGHT JOIN c ON true")).isNull();
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM f FULL JOIN c ON true")).isNull();
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM f LEFT JOIN (SELECT 1) s ON true"))
        .isNull();
    assertThat(StatementText.onlyLeftJoined("SELECT 1 FROM f LEFT JOIN LATERAL g(1) ON true"))
        .isNull();
    // Comments and string constants do not count.
    assertThat(
            StatementText.onlyLeftJoined(
                "SELECT 'left join x' FROM f /* right join y */ LEFT JOIN c ON true -- full join"))
        .isEqualTo("c");
    assertThat(StatementText.onlyLeftJoined(null)).isNull();
  }

  @Test
  void theOneLeftJoinedSubquerysAliasIsReadOnlyWhenItIsTheOnlyOuterJoin() {
    assertThat(
            StatementText.onlyLeftJoinedSubquery(
                "SELECT 1 FROM f LEFT JOIN (SELECT l.name FROM language l) s ON true"))
        .isEqualTo("s");
    assertThat(
            StatementText.onlyLeftJoinedSubquery(
                "SELECT 1 FROM f LEFT OUTER JOIN (SELECT (1)) AS \"Sub Q\" ON true"))
        .isEqualTo("Sub Q");
    // No alias (allowed from PostgreSQL 16), a name, two outer joins (one inside): none.
    assertThat(StatementText.onlyLeftJoinedSubquery("SELECT 1 FROM f LEFT JOIN (SELECT 1) ON true"))
        .isNull();
    assertThat(StatementText.onlyLeftJoinedSubquery("SELECT 1 FROM f LEFT JOIN c ON true"))
        .isNull();
    assertThat(
            StatementText.onlyLeftJoinedSubquery(
                "SELECT 1 FROM f LEFT JOIN (SELECT 1 FROM a LEFT JOIN b ON true) s ON true"))
        .isNull();
  }

  @Test
  void theLeftJoinedSubqueryReadingARelationIsFoundAmongSeveralOuterJoins() {
    String sql =
        "SELECT 1 FROM film f LEFT JOIN (SELECT l.name FROM language l) s ON true"
            + " LEFT JOIN (SELECT i.film_id FROM inventory AS i) v ON true"
            + " LEFT JOIN rental r ON true RIGHT JOIN (SELECT 1 FROM store) w ON true";
    assertThat(StatementText.leftJoinedSubqueryReading(sql, "language", "l")).isEqualTo("s");
    assertThat(StatementText.leftJoinedSubqueryReading(sql, "inventory", "i")).isEqualTo("v");
    // Not a LEFT JOINed subquery (a plain LEFT JOIN, a RIGHT JOIN), another alias, a column: none.
    assertThat(StatementText.leftJoinedSubqueryReading(sql, "rental", "r")).isNull();
    assertThat(StatementText.leftJoinedSubqueryReading(sql, "store", "store")).isNull();
    assertThat(StatementText.leftJoinedSubqueryReading(sql, "language", "x")).isNull();
    assertThat(StatementText.leftJoinedSubqueryReading(sql, "name", "name")).isNull();
    // Two subqueries read the relation: no telling which.
    assertThat(
            StatementText.leftJoinedSubqueryReading(
                "SELECT 1 FROM f LEFT JOIN (SELECT 1 FROM language) a ON true"
                    + " LEFT JOIN (SELECT 2 FROM language) b ON true",
                "language",
                "language"))
        .isNull();
    // The relation's own name as its alias: read without one.
    assertThat(
            StatementText.leftJoinedSubqueryReading(
                "SELECT 1 FROM f LEFT JOIN (SELECT 1 FROM language) a ON true"
                    + " LEFT JOIN (SELECT 2 FROM film) b ON true",
                "language",
                "language"))
        .isEqualTo("a");
  }

  @Test
  void theOneLeftJoinedCteOfConstantsIsFoundAmongSeveralOuterJoins() {
    String with = "WITH c AS (SELECT 1 AS one), d(x) AS MATERIALIZED (SELECT x FROM t) ";
    assertThat(
            StatementText.leftJoinedConstantCte(
                with + "SELECT 1 FROM f LEFT JOIN c ON true LEFT JOIN d ON true"))
        .isEqualTo("c");
    assertThat(
            StatementText.leftJoinedConstantCte(
                with + "SELECT 1 FROM f LEFT OUTER JOIN c AS k ON true LEFT JOIN r ON true"))
        .isEqualTo("c k");
    // d reads a relation; a subquery of constants also left-joined; no WITH: none.
    assertThat(StatementText.leftJoinedConstantCte(with + "SELECT 1 FROM f LEFT JOIN d ON true"))
        .isNull();
    assertThat(
            StatementText.leftJoinedConstantCte(
                with + "SELECT 1 FROM f LEFT JOIN c ON true LEFT JOIN (SELECT 2 AS y) q ON true"))
        .isNull();
    assertThat(StatementText.leftJoinedConstantCte("SELECT 1 FROM f LEFT JOIN c ON true")).isNull();
  }
}
