package dev.sluice.pagila;

import static dev.sluice.dsl.Conditions.exists;
import static dev.sluice.dsl.Conditions.unsafeCondition;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.pagila.FlagTable.FLAG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Condition;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * UPDATE … FROM and DELETE … USING (issue 22) run only when the WHERE connects every joined table
 * to the target through the condition tree: an AND operand that names two tables links them, an OR
 * links only what each of its branches links, NOT and unsafeCondition link nothing. A refused
 * statement names the unlinked tables and writes nothing; an accepted one is run and touches
 * exactly the rows it should (compared with pgjdbc's count of them).
 */
class DslJoinLinkTest extends PagilaSession {
  /** Three more names for flag, as joined tables: the target is flag itself. */
  private static final FlagTable J = FLAG.as("j");

  private static final FlagTable A = FLAG.as("x");
  private static final FlagTable B = FLAG.as("y");

  private static final String UNLINKED = ": the WHERE does not link ";

  @BeforeEach
  void createFlags() throws SQLException {
    Flags.create(jdbc);
  }

  @Test
  void anOrWithOneUnlinkedBranchIsRefusedNamingTheTable() throws SQLException {
    String before = Flags.all(jdbc);
    // j.n = 1 matches one row of j, and that branch alone would take every row of flag.
    Condition where = FLAG.id.eq(J.id).or(J.n.eq(1));
    assertThatThrownBy(() -> db.deleteFrom(FLAG).using(J).where(where).execute())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "DELETE FROM flag with [flag AS j]" + UNLINKED + "[flag AS j] to flag,")
        .hasMessageEndingWith("join them in the WHERE, or call allRowsOfJoin() if that is meant");
    assertThatThrownBy(() -> db.update(FLAG).set(FLAG.n, 0).from(J).where(where).toSql())
        .hasMessageStartingWith("UPDATE flag with [flag AS j]" + UNLINKED + "[flag AS j] to flag,");
    assertThat(Flags.all(jdbc)).isEqualTo(before);
    // Said explicitly, it runs, and does what the OR says: every row, since j.n = 1 exists.
    assertThat(db.deleteFrom(FLAG).using(J).allRowsOfJoin().where(where).execute()).isEqualTo(50);
    assertThat(Flags.count(jdbc)).isZero();
  }

  @Test
  void aLinkAndedWithAnOrOfFiltersIsAccepted() throws SQLException {
    // The 38 rows where a or b: the odd ids and those above 25.
    int expected = Flags.ids(jdbc, "a OR b").size();
    assertThat(expected).isEqualTo(38);
    long n =
        db.update(FLAG)
            .set(FLAG.n, 0)
            .from(J)
            .where(FLAG.id.eq(J.id).and(J.a.eq(true).or(J.b.eq(true))))
            .execute();
    assertThat(n).isEqualTo(expected);
    assertThat(Flags.ids(jdbc, "n = 0")).hasSize(38).doesNotContain("2", "24").contains("1", "26");
  }

  @Test
  void anOrWhoseBranchesEachLinkIsAccepted() throws SQLException {
    Condition where = FLAG.id.eq(J.id).and(J.a.eq(true)).or(FLAG.id.eq(J.id).and(J.b.eq(true)));
    assertThat(db.deleteFrom(FLAG).using(J).where(where).toSql())
        .isEqualTo(
            "DELETE FROM flag USING flag AS j WHERE (flag.id = j.id AND j.a = $1)"
                + " OR (flag.id = j.id AND j.b = $2)");
    assertThat(db.deleteFrom(FLAG).using(J).where(where).execute()).isEqualTo(38);
    assertThat(Flags.count(jdbc)).isEqualTo(12);
    assertThat(Flags.ids(jdbc, "a OR b")).isEmpty();
  }

  @Test
  void aChainThroughAThirdTableLinksAndAMissingLinkIsNamed() throws SQLException {
    String before = Flags.all(jdbc);
    // y: ids 1 to 3; x: the rows whose id is y.n + 10 (11 to 13); flag: x.n + 10 (21 to 23).
    Condition chain = FLAG.id.eq(A.n.plus(10)).and(A.id.eq(B.n.plus(10))).and(B.id.le(3));
    assertThatThrownBy(
            () ->
                db.deleteFrom(FLAG)
                    .using(A, B)
                    .where(FLAG.id.eq(A.n.plus(10)).and(B.id.le(3)))
                    .execute())
        .hasMessageStartingWith(
            "DELETE FROM flag with [flag AS x, flag AS y]" + UNLINKED + "[flag AS y] to flag,");
    // x and y linked to each other but not to flag: both named.
    assertThatThrownBy(
            () ->
                db.update(FLAG)
                    .set(FLAG.n, 0)
                    .from(A, B)
                    .where(A.id.eq(B.id).and(FLAG.n.gt(0)))
                    .execute())
        .hasMessageStartingWith(
            "UPDATE flag with [flag AS x, flag AS y]"
                + UNLINKED
                + "[flag AS x, flag AS y] to flag,");
    // An OR of two chains keeps only what both link: x in both, y in one.
    assertThatThrownBy(
            () ->
                db.deleteFrom(FLAG)
                    .using(A, B)
                    .where(chain.or(FLAG.id.eq(A.id).and(B.id.eq(1))))
                    .execute())
        .hasMessageContaining(UNLINKED + "[flag AS y] to flag,");
    assertThat(Flags.all(jdbc)).isEqualTo(before);
    assertThat(db.deleteFrom(FLAG).using(A, B).where(chain).execute()).isEqualTo(3);
    assertThat(Flags.count(jdbc)).isEqualTo(47);
    assertThat(Flags.ids(jdbc, "id BETWEEN 20 AND 24")).containsExactly("20", "24");
  }

  @Test
  void notAndRawConditionsLinkNothingAndAComparisonInASubqueryLinks() throws SQLException {
    String before = Flags.all(jdbc);
    assertThatThrownBy(() -> db.deleteFrom(FLAG).using(J).where(FLAG.id.ne(J.id).not()).execute())
        .hasMessageContaining(UNLINKED + "[flag AS j] to flag,");
    Condition raw = unsafeCondition("? = ?", FLAG.id, J.id);
    assertThatThrownBy(() -> db.deleteFrom(FLAG).using(J).where(raw.and(J.id.le(2))).execute())
        .hasMessageContaining(UNLINKED + "[flag AS j] to flag,");
    assertThat(Flags.all(jdbc)).isEqualTo(before);
    // The raw link, vouched for by allRowsOfJoin(): exactly its rows.
    assertThat(db.deleteFrom(FLAG).using(J).allRowsOfJoin().where(raw.and(J.id.le(2))).execute())
        .isEqualTo(2);
    // A leaf that names both tables links them, here through a correlated EXISTS.
    FlagTable o = FLAG.as("o");
    Condition viaSubquery =
        exists(select(o.id).from(o).where(o.id.eq(FLAG.id).and(o.n.eq(J.n)))).and(J.id.le(5));
    assertThat(db.update(FLAG).set(FLAG.n, 0).from(J).where(viaSubquery).execute()).isEqualTo(3);
    assertThat(Flags.ids(jdbc, "n = 0")).containsExactly("3", "4", "5");
  }
}
