package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which statements the batch rewrite takes, and the SQL it makes of them. */
class MultiRowInsertTest {
  @Test
  void aPlainInsertBecomesMultiRow() {
    MultiRowInsert m = MultiRowInsert.parse("INSERT INTO t (a, b) VALUES ($1, $2)");
    assertThat(m).isNotNull();
    assertThat(m.parameters()).isEqualTo(2);
    assertThat(m.sql(1)).isEqualTo("INSERT INTO t (a, b) VALUES ($1, $2)");
    assertThat(m.sql(3)).isEqualTo("INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4), ($5, $6)");
  }

  @Test
  void expressionsCastsAndRepeatedParametersAreRenumbered() {
    MultiRowInsert m =
        MultiRowInsert.parse("insert into t values ($2::int, lower($1), $2 + 1, now());");
    assertThat(m).isNotNull();
    assertThat(m.sql(2))
        .isEqualTo(
            "insert into t values ($2::int, lower($1), $2 + 1, now()), ($4::int, lower($3), $4 + 1, now())");
  }

  @Test
  void literalsQuotedIdentifiersAndCommentsAreLeftAlone() {
    MultiRowInsert m =
        MultiRowInsert.parse(
            "INSERT INTO \"VALUES\" (\"a$1\", b) /* VALUES ($9) */ VALUES ($1, 'it''s $2 -- no') -- the end");
    assertThat(m).isNotNull();
    assertThat(m.parameters()).isEqualTo(1);
    assertThat(m.sql(2))
        .isEqualTo(
            "INSERT INTO \"VALUES\" (\"a$1\", b) /* VALUES ($9) */ VALUES ($1, 'it''s $2 -- no'), ($2, 'it''s $2 -- no')");
    MultiRowInsert dollar =
        MultiRowInsert.parse("INSERT INTO t VALUES ($1, $q$ ) $2 $q$, E'\\' $3')");
    assertThat(dollar).isNotNull();
    assertThat(dollar.parameters()).isEqualTo(1);
  }

  @Test
  void theArrayFormSelectsTheTuplesItemsFromUnnest() {
    assertThat(MultiRowInsert.parse("INSERT INTO t (a, b) VALUES ($1, $2)").arraySql())
        .isEqualTo(
            "INSERT INTO t (a, b) SELECT sluice_rows.p1, sluice_rows.p2"
                + " FROM ROWS FROM (pg_catalog.unnest($1), pg_catalog.unnest($2))"
                + " AS sluice_rows(p1, p2)");
    assertThat(MultiRowInsert.parse("INSERT INTO t (a, b) VALUES ($1, lower($2))").arraySql())
        .isEqualTo(
            "INSERT INTO t (a, b) SELECT sluice_rows.p1, lower(sluice_rows.p2)"
                + " FROM ROWS FROM (pg_catalog.unnest($1), pg_catalog.unnest($2))"
                + " AS sluice_rows(p1, p2)");
    assertThat(
            MultiRowInsert.parse("insert into t values ( $2::int, 'a $3', $1 + 1, now() );")
                .arraySql())
        .isEqualTo(
            "insert into t SELECT  sluice_rows.p2::int, 'a $3', sluice_rows.p1 + 1, now() "
                + " FROM ROWS FROM (pg_catalog.unnest($1), pg_catalog.unnest($2))"
                + " AS sluice_rows(p1, p2)");
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES (($1))").arraySql())
        .isEqualTo(
            "INSERT INTO t SELECT (sluice_rows.p1)"
                + " FROM ROWS FROM (pg_catalog.unnest($1)) AS sluice_rows(p1)");
  }

  @Test
  void aTupleWithDefaultHasNoArrayFormButStaysMultiRow() {
    MultiRowInsert m = MultiRowInsert.parse("INSERT INTO t (a, b, c) VALUES ($1, default, $2)");
    assertThat(m).isNotNull();
    assertThat(m.arraySql()).isNull();
    assertThat(m.sql(2))
        .isEqualTo("INSERT INTO t (a, b, c) VALUES ($1, default, $2), ($3, default, $4)");
    // Only the keyword as an item: a name holding it, a string or a quoted identifier is fine.
    assertThat(
            MultiRowInsert.parse(
                    "INSERT INTO t VALUES ($1, default_label($1), 'DEFAULT', \"default\", x.default)")
                .arraySql())
        .startsWith("INSERT INTO t SELECT sluice_rows.p1, default_label(sluice_rows.p1),");
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1, DEFAULT)").arraySql()).isNull();
  }

  @Test
  void whatCannotBeRewritten() {
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1) RETURNING id")).isNull();
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1) ON CONFLICT DO NOTHING")).isNull();
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1), ($2)")).isNull();
    assertThat(MultiRowInsert.parse("INSERT INTO t SELECT $1")).isNull();
    assertThat(MultiRowInsert.parse("INSERT INTO t DEFAULT VALUES")).isNull();
    assertThat(MultiRowInsert.parse("WITH x AS (SELECT 1) INSERT INTO t VALUES ($1)")).isNull();
    assertThat(MultiRowInsert.parse("UPDATE t SET a = $1")).isNull();
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1, $3)")).isNull(); // $2 missing
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES (1, 2)")).isNull(); // no parameters
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1); DELETE FROM t")).isNull();
  }

  @Test
  void groupsStayWithinTheParameterLimit() {
    StringBuilder sql = new StringBuilder("INSERT INTO t VALUES (");
    for (int i = 1; i <= 1000; i++) {
      sql.append(i == 1 ? "" : ", ").append('$').append(i);
    }
    MultiRowInsert m = MultiRowInsert.parse(sql.append(')').toString());
    assertThat(m.maxGroup()).isEqualTo(64);
    assertThat(MultiRowInsert.parse("INSERT INTO t VALUES ($1)").maxGroup()).isEqualTo(128);
  }
}
