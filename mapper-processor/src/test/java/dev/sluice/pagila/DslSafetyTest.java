package dev.sluice.pagila;

import static dev.sluice.dsl.Conditions.exists;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Conditions.unsafeCondition;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.FlagTable.FLAG;
import static dev.sluice.pagila.JdbcRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Condition;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DSL's safety rules for writes (issue 22): conditions stay one operand, capture their values
 * when built, refuse null alike, LIKE helpers take text literally, empty filters in subqueries of
 * an UPDATE or DELETE fail, joined DML must link its tables, and fetchOne() undoes a DML that
 * returned several rows. Each checked on PostgreSQL through pgjdbc.
 */
class DslSafetyTest extends PagilaSession {
  private static final String ALL = Flags.ALL;

  @BeforeEach
  void createFlags() throws SQLException {
    Flags.create(jdbc);
  }

  private int count() throws SQLException {
    return Flags.count(jdbc);
  }

  // ---- a raw condition is one operand ----

  @Test
  void aRawConditionAndedWithADslOneDeletesOnlyTheRowsOfBoth() throws SQLException {
    Condition raw = unsafeCondition("? OR ?", FLAG.a, FLAG.b);
    assertThat(db.deleteFrom(FLAG).where(FLAG.id.eq(3).and(raw)).execute()).isEqualTo(1);
    assertThat(db.deleteFrom(FLAG).where(raw.and(FLAG.id.eq(5))).execute()).isEqualTo(1);
    assertThat(count()).isEqualTo(48);
    assertThat(db.deleteFrom(FLAG).where(FLAG.id.eq(4).and(raw)).toSql())
        .isEqualTo("DELETE FROM flag WHERE flag.id = $1 AND (flag.a OR flag.b)");
  }

  @Test
  void aDslConditionInARawOneKeepsItsParentheses() throws SQLException {
    Condition aOrB = FLAG.a.eq(true).or(FLAG.b.eq(true));
    // NOT (a OR b): the even ids up to 25; NOT a OR b would also take every odd id.
    List<Integer> ids = db.select(FLAG.id).from(FLAG).where(unsafeCondition("NOT ?", aOrB)).fetch();
    assertThat(ids).hasSize(12).allMatch(id -> id % 2 == 0 && id <= 25);
  }

  // ---- conditions capture their values ----

  @Test
  void aListClearedAfterTheConditionIsBuiltDoesNotChangeWhatIsDeleted() throws SQLException {
    List<String> tags = new ArrayList<>(List.of("t1"));
    Condition byTag = FLAG.tags.contains(tags);
    List<Object> ids = new ArrayList<>(List.of(1, 2));
    Condition raw = unsafeCondition("? = ANY(?)", FLAG.id, ids);
    tags.clear();
    ids.clear();
    // tags @> '{}' would be every row; the condition still means tag t1 (17 rows).
    assertThat(db.deleteFrom(FLAG).where(byTag).execute()).isEqualTo(17);
    // ids 1 and 2: 1 has t1 and is gone already, 2 has t2.
    assertThat(db.deleteFrom(FLAG).where(raw).execute()).isEqualTo(1);
    assertThat(count()).isEqualTo(32);
  }

  @Test
  void anArrayChangedAfterTheConditionIsBuiltDoesNotChangeWhatIsSelected() {
    Integer[] ids = {1, 2, 3};
    Condition c = unsafeCondition("? = ANY(?)", FLAG.id, ids);
    ids[0] = 4;
    ids[1] = 5;
    ids[2] = 6;
    assertThat(db.select(FLAG.id).from(FLAG).where(c).orderBy(FLAG.id.asc()).fetch())
        .containsExactly(1, 2, 3);
  }

  // ---- null is refused alike ----

  @Test
  void nullPatternsAndArraysAreRefusedAsEqNullIs() {
    String eq = "a comparison with NULL is never true; use isNull() or isNotNull()";
    assertThatThrownBy(() -> FLAG.n.eq((Integer) null)).hasMessageEndingWith(eq);
    assertThatThrownBy(() -> FLAG.label.like(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("null compared with flag.label by LIKE: " + eq);
    assertThatThrownBy(() -> FLAG.label.ilike(null))
        .hasMessage("null compared with flag.label by ILIKE: " + eq);
    assertThatThrownBy(() -> FLAG.label.notLike(null))
        .hasMessage("null compared with flag.label by NOT LIKE: " + eq);
    assertThatThrownBy(() -> FLAG.label.containsText(null))
        .hasMessage("null compared with flag.label by LIKE: " + eq);
    assertThatThrownBy(() -> FLAG.tags.contains(null))
        .hasMessage("null compared with flag.tags by @>: " + eq);
    assertThatThrownBy(() -> FLAG.tags.overlaps(null))
        .hasMessage("null compared with flag.tags by &&: " + eq);
  }

  // ---- LIKE of the user's text, taken literally ----

  @Test
  void textHelpersTakePercentUnderscoreAndTheEscapeCharacterLiterally() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute(
          "UPDATE flag SET label = CASE id WHEN 1 THEN '50% off' WHEN 2 THEN '50 off'"
              + " WHEN 3 THEN 'a_b' WHEN 4 THEN 'axb' WHEN 5 THEN 'x!y' WHEN 6 THEN 'x!!y'"
              + " WHEN 7 THEN 'SALE 50%' ELSE 'other' END");
    }
    assertThat(ids(FLAG.label.containsText("50%"))).containsExactly(1, 7);
    assertThat(ids(FLAG.label.containsTextIgnoreCase("sale 50%"))).containsExactly(7);
    assertThat(ids(FLAG.label.startsWith("a_"))).containsExactly(3);
    assertThat(ids(FLAG.label.endsWith("!y"))).containsExactly(5, 6);
    assertThat(ids(FLAG.label.containsText("x!!"))).containsExactly(6);
    var q = db.select(FLAG.id).from(FLAG).where(FLAG.label.containsText("5_%!"));
    assertThat(q.toSql()).endsWith("WHERE flag.label LIKE $1 ESCAPE '!'");
    assertThat(q.bindValues()).containsExactly("%5!_!%!!%");
  }

  private List<Integer> ids(Condition c) {
    return db.select(FLAG.id).from(FLAG).where(c).orderBy(FLAG.id.asc()).fetch();
  }

  // ---- an empty filter at any depth of a DML's WHERE ----

  @Test
  void anEmptyFilterInASubqueryOfADeleteOrUpdateFails() throws SQLException {
    Condition emptyFilter = noCondition();
    assertThatThrownBy(
            () ->
                db.deleteFrom(FLAG)
                    .where(FLAG.id.in(select(FILM.filmId).from(FILM).where(emptyFilter)))
                    .execute())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "DELETE FROM flag: the WHERE condition of a query inside it is empty");
    assertThatThrownBy(
            () ->
                db.update(FLAG)
                    .set(FLAG.n, 0)
                    .where(exists(select(FILM.filmId).from(FILM).where(emptyFilter)))
                    .execute())
        .hasMessageStartingWith("UPDATE flag: the WHERE condition of a query inside it");
    assertThatThrownBy(
            () ->
                db.deleteFrom(FLAG)
                    .where(
                        FLAG.id
                            .eq(1)
                            .or(FLAG.id.notIn(select(FILM.filmId).from(FILM).where(emptyFilter))))
                    .execute())
        .hasMessageContaining("of a query inside it is empty");
    assertThat(count()).isEqualTo(50);
    // A subquery without where(…) at all means every row of it, as it says; a SELECT keeps reading
    // every row for an empty filter.
    assertThat(
            db.deleteFrom(FLAG)
                .where(FLAG.id.in(select(FILM.filmId).from(FILM)).and(FLAG.id.le(2)))
                .execute())
        .isEqualTo(2);
    assertThat(db.select(FLAG.id).from(FLAG).where(emptyFilter).fetch()).hasSize(48);
  }

  @Test
  void aJoinedDeleteOrUpdateMustLinkItsTablesOrSaySoExplicitly() throws SQLException {
    assertThatThrownBy(() -> db.deleteFrom(FLAG).using(FILM).where(FILM.filmId.eq(1)).execute())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "DELETE FROM flag with [film]: the WHERE does not link [film] to flag")
        .hasMessageEndingWith("call allRowsOfJoin() if that is meant");
    assertThatThrownBy(
            () -> db.update(FLAG).set(FLAG.n, 0).from(FILM).where(FLAG.id.lt(3)).execute())
        .hasMessageStartingWith("UPDATE flag with [film]: the WHERE does not link [film] to flag");
    assertThat(count()).isEqualTo(50);
    assertThat(rows(jdbc, "SELECT sum(n) FROM flag")).containsExactly("1275");
    // Linked: one row each.
    assertThat(
            db.deleteFrom(FLAG)
                .using(FILM)
                .where(FLAG.id.eq(FILM.filmId).and(FILM.filmId.eq(1)))
                .execute())
        .isEqualTo(1);
    // Unlinked, said explicitly: every flag row, since film 2 exists.
    assertThat(
            db.update(FLAG)
                .set(FLAG.n, 0)
                .from(FILM)
                .allRowsOfJoin()
                .where(FILM.filmId.eq(2))
                .execute())
        .isEqualTo(49);
  }

  // ---- fetchOne() of a DML with RETURNING ----

  @Test
  void fetchOneOfAnUpdateReturningSeveralRowsUndoesItOutsideATransaction() throws SQLException {
    String before = rows(jdbc, ALL).get(0);
    var update = db.update(FLAG).set(FLAG.n, 0).where(FLAG.id.le(3)).returning(FLAG.id);
    assertThatThrownBy(update::fetchOne)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "fetchOne() of a statement that returned more than one row (3), so its writes were"
                + " rolled back: UPDATE flag SET n = $1 WHERE flag.id <= $2 RETURNING flag.id");
    assertThat(rows(jdbc, ALL)).containsExactly(before);
    assertThatThrownBy(() -> db.deleteFrom(FLAG).where(FLAG.a.eq(true)).returning().fetchOne())
        .hasMessageContaining("more than one row (25)")
        .hasMessageContaining("DELETE FROM flag WHERE flag.a = $1 RETURNING");
    assertThat(rows(jdbc, ALL)).containsExactly(before);
    // One row (and none) commits; the pool's connection is left outside any transaction.
    assertThat(db.update(FLAG).set(FLAG.n, 0).where(FLAG.id.eq(7)).returning(FLAG.n).fetchOne())
        .contains(0);
    assertThat(db.deleteFrom(FLAG).where(FLAG.id.eq(99)).returning().fetchOne()).isEmpty();
    assertThat(rows(jdbc, "SELECT n FROM flag WHERE id = 7")).containsExactly("0");
    assertThat(
            rows(
                jdbc,
                "SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'"))
        .containsExactly("0");
  }

  @Test
  void fetchOneOfADeleteReturningSeveralRowsUndoesOnlyItInsideATransaction() throws SQLException {
    String before = rows(jdbc, ALL).get(0);
    db.useTransaction(
        tx -> {
          tx.update(FLAG).set(FLAG.n, 100).where(FLAG.id.eq(50)).execute();
          assertThatThrownBy(
                  () -> tx.deleteFrom(FLAG).where(FLAG.id.gt(40)).returning(FLAG.id).fetchOne())
              .hasMessageContaining("more than one row (10)")
              .hasMessageContaining("DELETE FROM flag WHERE flag.id > $1 RETURNING flag.id");
          // The transaction goes on, with its earlier write and without the delete.
          assertThat(tx.isFailed()).isFalse();
          assertThat(tx.query("SELECT count(*)::int FROM flag WHERE n = 100", Integer.class))
              .containsExactly(1);
          assertThat(tx.query("SELECT count(*)::int FROM flag", Integer.class)).containsExactly(50);
          tx.update(FLAG).set(FLAG.n, 50).where(FLAG.id.eq(50)).execute();
        });
    assertThat(rows(jdbc, ALL)).containsExactly(before);
  }
}
