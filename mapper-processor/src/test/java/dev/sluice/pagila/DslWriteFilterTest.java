package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.max;
import static dev.sluice.dsl.Conditions.exists;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Dsl.deleteFrom;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Dsl.update;
import static dev.sluice.dsl.Expressions.caseWhen;
import static dev.sluice.dsl.Expressions.scalar;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Tables.derived;
import static dev.sluice.pagila.FilmTable.FILM;
import static dev.sluice.pagila.FlagTable.FLAG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Condition;
import dev.sluice.dsl.Cte;
import dev.sluice.dsl.Derived;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.ReturningStep;
import dev.sluice.dsl.Table;
import java.sql.SQLException;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An empty dynamic filter (issue 22) inside any part of a data-modifying statement that decides
 * what it writes fails when the statement is rendered, naming the statement, and nothing is sent:
 * subqueries of an UPDATE's SET, the queries of a WITH in front of a DML statement or beside a
 * data-modifying CTE (in front of a SELECT too), an INSERT's SELECT, and a MERGE's USING, ON, WHEN
 * … AND and actions. Each refusal is checked to leave the table as it was, and each statement with
 * the filter given is run to show it writes exactly the rows it says. RETURNING only reads, so an
 * empty filter there reads every row as in a SELECT.
 */
class DslWriteFilterTest extends PagilaSession {
  private static final String REFUSED = " condition of a query inside it is empty";

  private static final FlagTable O = FLAG.as("o");

  @BeforeEach
  void createFlags() throws SQLException {
    Flags.create(jdbc);
  }

  /** A filter built at run time from optional parts: noCondition() and each part ANDed on. */
  private static Condition filter(Condition... parts) {
    Condition c = noCondition();
    for (Condition p : parts) {
      c = c.and(p);
    }
    return c;
  }

  /**
   * Asserts that the statement {@code make} builds with an empty filter fails to render (toSql and
   * execute alike) naming {@code statement}, and that the table is unchanged after.
   */
  private void assertRefused(
      String statement, String clause, Function<Condition, ReturningStep<?>> make)
      throws SQLException {
    String before = Flags.all(jdbc);
    ReturningStep<?> q = make.apply(filter());
    String message = statement + ": the " + clause + REFUSED;
    assertThatThrownBy(q::toSql)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(message)
        .hasMessageEndingWith("out to mean every row of that query");
    assertThatThrownBy(q::execute)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(message);
    assertThat(Flags.all(jdbc)).isEqualTo(before);
  }

  // ---- UPDATE … SET ----

  @Test
  void aScalarSubqueryInAnUpdatesSetWithAnEmptyFilterFails() throws SQLException {
    Function<Condition, ReturningStep<?>> make =
        f -> db.update(FLAG).set(FLAG.n, scalar(select(O.n).from(O).where(f))).where(FLAG.id.le(3));
    assertRefused("UPDATE flag", "WHERE", make);
    // With the filter: the one row of o it names.
    assertThat(make.apply(filter(O.id.eq(40))).execute()).isEqualTo(3);
    assertThat(Flags.ids(jdbc, "n = 40")).containsExactly("1", "2", "3", "40");
  }

  @Test
  void anInOrExistsSubqueryInsideASetExpressionWithAnEmptyFilterFails() throws SQLException {
    // Every id is a film id: IN of all films would zero every row.
    Function<Condition, ReturningStep<?>> in =
        f ->
            db.update(FLAG)
                .set(
                    FLAG.n,
                    caseWhen(FLAG.id.in(select(FILM.filmId).from(FILM).where(f)), 0)
                        .otherwise(FLAG.n))
                .where(FLAG.id.le(10));
    assertRefused("UPDATE flag", "WHERE", in);
    Function<Condition, ReturningStep<?>> exists =
        f ->
            db.update(FLAG)
                .set(FLAG.n, caseWhen(exists(select(O.id).from(O).where(f)), 0).otherwise(FLAG.n))
                .allRows();
    assertRefused("UPDATE flag", "WHERE", exists);
    assertThat(in.apply(filter(FILM.filmId.le(3))).execute()).isEqualTo(10);
    assertThat(Flags.ids(jdbc, "n = 0")).containsExactly("1", "2", "3");
    // The rows whose n + 1 is an odd id: n = 0 (ids 1 to 3, zeroed just now) and the even ids
    // 4 to 48.
    assertThat(exists.apply(filter(O.id.eq(FLAG.n.plus(1)), O.a.eq(true))).execute()).isEqualTo(50);
    assertThat(Flags.ids(jdbc, "n = 0"))
        .hasSize(3 + 23)
        .contains("1", "4", "48")
        .doesNotContain("50");
  }

  @Test
  void aHavingOfASubqueryInASetThatIsEmptyFailsToo() throws SQLException {
    assertRefused(
        "UPDATE flag",
        "HAVING",
        f ->
            db.update(FLAG)
                .set(
                    FLAG.n,
                    scalar(select(O.n).from(O).groupBy(O.n).having(f).orderBy(O.n.asc()).limit(1)))
                .where(FLAG.id.eq(1)));
  }

  @Test
  void anAggregatesEmptyFilterInASetFailsWhileASelectReadsEveryRowForIt() throws SQLException {
    String before = Flags.all(jdbc);
    Function<Condition, ReturningStep<?>> make =
        f ->
            db.update(FLAG)
                .set(FLAG.n, scalar(select(max(O.n).filter(f)).from(O)))
                .where(FLAG.id.eq(1));
    assertThatThrownBy(() -> make.apply(filter()).execute())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "UPDATE flag: the FILTER condition of max(…) inside it is empty (noCondition() with"
                + " nothing added)");
    assertThat(Flags.all(jdbc)).isEqualTo(before);
    assertThat(make.apply(filter(O.id.le(7))).execute()).isEqualTo(1);
    assertThat(Flags.ids(jdbc, "n = 7")).containsExactly("1", "7");
    assertThat(db.select(max(O.n).filter(filter())).from(O).fetchOne()).contains(50);
    assertThat(db.select(max(O.n).filter(filter())).from(O).toSql())
        .isEqualTo("SELECT max(o.n) FROM flag AS o");
  }

  // ---- WITH ----

  @Test
  void aCteWithAnEmptyFilterFeedingADeleteOrUpdateFails() throws SQLException {
    Function<Condition, Cte<Table<Integer>>> ids = f -> cte("ids", select(O.id).from(O).where(f));
    Function<Condition, ReturningStep<?>> delete =
        f -> {
          Cte<Table<Integer>> c = ids.apply(f);
          return db.with(c)
              .deleteFrom(FLAG)
              .where(FLAG.id.in(select(c.field(O.id)).from(c.table())));
        };
    assertRefused("DELETE FROM flag", "WHERE", delete);
    Function<Condition, ReturningStep<?>> set =
        f -> {
          Cte<Table<Integer>> c = ids.apply(f);
          return db.with(c)
              .update(FLAG)
              .set(FLAG.n, 0)
              .where(FLAG.id.in(select(c.field(O.id)).from(c.table())));
        };
    assertRefused("UPDATE flag", "WHERE", set);
    assertThat(set.apply(filter(O.id.le(4))).execute()).isEqualTo(4);
    assertThat(delete.apply(filter(O.a.eq(true))).execute()).isEqualTo(25);
    assertThat(Flags.ids(jdbc, "n = 0")).containsExactly("2", "4");
    assertThat(Flags.count(jdbc)).isEqualTo(25);
  }

  @Test
  void aDataModifyingCteInASelectRefusesEmptyFiltersInItAndInTheCtesBesideIt() throws SQLException {
    String before = Flags.all(jdbc);
    // A CTE beside the DELETE feeds it: empty, it would delete every row.
    Function<Condition, Long> deleted =
        f -> {
          Cte<Table<Integer>> ids = cte("ids", select(O.id).from(O).where(f));
          Cte<Table<Integer>> gone =
              cte(
                  "gone",
                  deleteFrom(FLAG)
                      .where(FLAG.id.in(select(ids.field(O.id)).from(ids.table())))
                      .returning(FLAG.id));
          return db.with(ids).with(gone).select(count()).from(gone.table()).fetchOne().get();
        };
    assertThatThrownBy(() -> deleted.apply(filter()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("DELETE FROM flag: the WHERE" + REFUSED);
    // In the CTE's own statement: a subquery of its WHERE, of its SET.
    assertThatThrownBy(
            () ->
                db.with(
                        cte(
                            "gone",
                            deleteFrom(FLAG)
                                .where(FLAG.id.in(select(O.id).from(O).where(filter())))
                                .returning(FLAG.id)))
                    .select(count())
                    .from(FILM)
                    .fetch())
        .hasMessageStartingWith("DELETE FROM flag: the WHERE" + REFUSED);
    assertThatThrownBy(
            () ->
                db.with(
                        cte(
                            "changed",
                            update(FLAG)
                                .set(FLAG.n, scalar(select(O.n).from(O).where(filter())))
                                .where(FLAG.id.eq(1))))
                    .select(count())
                    .from(FILM)
                    .fetch())
        .hasMessageStartingWith("UPDATE flag: the WHERE" + REFUSED);
    assertThat(Flags.all(jdbc)).isEqualTo(before);
    assertThat(deleted.apply(filter(O.id.gt(45)))).isEqualTo(5L);
    assertThat(Flags.count(jdbc)).isEqualTo(45);
    // A SELECT's WITH without a data-modifying CTE keeps reading every row for an empty filter.
    Cte<Table<Integer>> all = cte("all_ids", select(O.id).from(O).where(filter()));
    assertThat(db.with(all).select(count()).from(all.table()).fetchOne()).contains(45L);
  }

  // ---- INSERT … SELECT ----

  @Test
  void anInsertsSelectWithAnEmptyFilterFails() throws SQLException {
    Function<Condition, ReturningStep<?>> copy =
        f ->
            db.insertInto(FLAG)
                .columns(FLAG.id, FLAG.a, FLAG.b, FLAG.c, FLAG.n)
                .select(select(O.id.plus(100), O.a, O.b, O.c, O.n).from(O).where(f));
    assertRefused("INSERT INTO flag", "WHERE", copy);
    assertThat(copy.apply(filter(O.id.le(2))).execute()).isEqualTo(2);
    assertThat(Flags.ids(jdbc, "id > 100")).containsExactly("101", "102");
    // Without where(…) at all it means every row of the select, as it says.
    assertThat(
            db.insertInto(FLAG)
                .columns(FLAG.id, FLAG.a, FLAG.b, FLAG.c, FLAG.n)
                .select(select(O.id.plus(200), O.a, O.b, O.c, O.n).from(O))
                .execute())
        .isEqualTo(52);
  }

  // ---- MERGE ----

  @Test
  void aMergesUsingSubqueryWithAnEmptyFilterFails() throws SQLException {
    Function<Condition, ReturningStep<?>> merge =
        f -> {
          Derived<Integer> s = derived("s", select(O.id).from(O).where(f));
          Expression<Integer> sId = s.field(O.id);
          return db.mergeInto(FLAG)
              .using(s.table())
              .on(FLAG.id.eq(sId))
              .whenMatched()
              .thenUpdate()
              .set(FLAG.n, 0);
        };
    assertRefused("MERGE INTO flag", "WHERE", merge);
    assertThat(merge.apply(filter(O.id.le(5))).execute()).isEqualTo(5);
    assertThat(Flags.ids(jdbc, "n = 0")).containsExactly("1", "2", "3", "4", "5");
  }

  @Test
  void aSubqueryWithAnEmptyFilterInAMergesOnWhenAndOrActionFails() throws SQLException {
    Function<Condition, ReturningStep<?>> on =
        f ->
            db.mergeInto(FLAG)
                .using(O)
                .on(FLAG.id.eq(O.id).and(O.id.in(select(FILM.filmId).from(FILM).where(f))))
                .whenMatched()
                .thenDelete();
    assertRefused("MERGE INTO flag", "WHERE", on);
    Function<Condition, ReturningStep<?>> whenAnd =
        f ->
            db.mergeInto(FLAG)
                .using(O)
                .on(FLAG.id.eq(O.id))
                .whenMatched(exists(select(FILM.filmId).from(FILM).where(f)))
                .thenDelete();
    assertRefused("MERGE INTO flag", "WHERE", whenAnd);
    Function<Condition, ReturningStep<?>> action =
        f ->
            db.mergeInto(FLAG)
                .using(O)
                .on(FLAG.id.eq(O.id).and(O.id.between(10, 11)))
                .whenMatched()
                .thenUpdate()
                .set(FLAG.n, scalar(select(FILM.filmId).from(FILM).where(f)));
    assertRefused("MERGE INTO flag", "WHERE", action);
    assertThat(on.apply(filter(FILM.filmId.le(3))).execute()).isEqualTo(3);
    assertThat(whenAnd.apply(filter(FILM.filmId.eq(-1))).execute()).isZero();
    assertThat(Flags.count(jdbc)).isEqualTo(47);
    assertThat(action.apply(filter(FILM.filmId.eq(9))).execute()).isEqualTo(2);
    assertThat(Flags.ids(jdbc, "n = 9")).containsExactly("9", "10", "11");
  }

  // ---- RETURNING reads ----

  @Test
  void anEmptyFilterInReturningReadsEveryRowAsInASelect() throws SQLException {
    Long films = db.select(count()).from(FILM).fetchOne().get();
    assertThat(
            db.update(FLAG)
                .set(FLAG.n, 0)
                .where(FLAG.id.eq(1))
                .returning(scalar(select(count()).from(FILM).where(filter())))
                .fetch())
        .containsExactly(films);
    assertThat(Flags.ids(jdbc, "n = 0")).containsExactly("1");
  }
}
