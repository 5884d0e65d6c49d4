package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Dsl.deleteFrom;
import static dev.sluice.dsl.Dsl.insertInto;
import static dev.sluice.dsl.Dsl.mergeInto;
import static dev.sluice.dsl.Dsl.selectFrom;
import static dev.sluice.dsl.Dsl.update;
import static dev.sluice.dsl.Dsl.with;
import static dev.sluice.dsl.Expressions.mergeAction;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.pagila.BalanceArchiveTable.BALANCE_ARCHIVE;
import static dev.sluice.pagila.BalanceTable.BALANCE;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.JdbcRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Cte;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.ReturningStep;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.Table;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Data-modifying CTEs (issue 14, Coverage: DML): a DELETE, UPDATE, INSERT or MERGE with RETURNING
 * as a CTE, read by the statement that follows; the classic one moves rows from one table to
 * another in one statement. Each SQL is pinned and its effect compared with the statement written
 * by hand (run first, rolled back).
 */
class DslDmlCteTest extends PagilaSession {
  /** Both tables, each row tagged with its table: b (balance) or a (balance_archive). */
  private static final String BOTH =
      "SELECT 'b', id, customer_id, amount, closed_on FROM balance UNION ALL"
          + " SELECT 'a', id, customer_id, amount, closed_on FROM balance_archive ORDER BY 1, 2";

  @BeforeEach
  void freshBalances() throws SQLException {
    Balances.create(jdbc);
  }

  @AfterAll
  void dropBalances() throws SQLException {
    Balances.drop(jdbc);
  }

  @Test
  void aDeleteCteMovesTheRowsItReturnsIntoAnotherTable() throws SQLException {
    List<String> before = rows(jdbc, BOTH);
    Balances.Effect expected =
        Balances.reference(
            jdbc,
            "WITH moved AS (DELETE FROM balance WHERE closed_on IS NOT NULL RETURNING *)"
                + " INSERT INTO balance_archive SELECT * FROM moved",
            BOTH);
    Cte<BalanceTable> moved =
        cte("moved", BALANCE, deleteFrom(BALANCE).where(BALANCE.closedOn.isNotNull()).returning());
    BalanceTable m = moved.table();
    ReturningStep<BalanceArchive> q =
        db.with(moved)
            .insertInto(BALANCE_ARCHIVE)
            .columns(
                BALANCE_ARCHIVE.id,
                BALANCE_ARCHIVE.customerId,
                BALANCE_ARCHIVE.amount,
                BALANCE_ARCHIVE.closedOn)
            .select(selectFrom(m));
    assertThat(q.toSql())
        .isEqualTo(
            "WITH moved AS (DELETE FROM balance WHERE balance.closed_on IS NOT NULL RETURNING"
                + " balance.id, balance.customer_id, balance.amount, balance.closed_on) INSERT"
                + " INTO balance_archive (id, customer_id, amount, closed_on) SELECT moved.id,"
                + " moved.customer_id, moved.amount, moved.closed_on FROM moved");
    assertThat(q.execute()).isEqualTo(expected.count()).isEqualTo(2);
    List<String> after = rows(jdbc, BOTH);
    assertThat(after).isEqualTo(expected.rows());
    // Exactly the closed rows moved, each once and unchanged; the open ones stayed.
    List<String> movedRows = new ArrayList<>();
    List<String> stayed = new ArrayList<>();
    for (String r : before) {
      (r.endsWith("|null") ? stayed : movedRows).add(r.substring(2));
    }
    assertThat(after.stream().filter(r -> r.startsWith("a|")).map(r -> r.substring(2)))
        .containsExactlyElementsOf(movedRows);
    assertThat(after.stream().filter(r -> r.startsWith("b|")).map(r -> r.substring(2)))
        .containsExactlyElementsOf(stayed);
    assertThat(movedRows).hasSize(2);
  }

  @Test
  void anUpdateCteIsReadByTheSelectThatFollows() throws SQLException {
    List<String> expectedState = new ArrayList<>();
    List<String> expected =
        Balances.returned(
            jdbc,
            "WITH closed AS (UPDATE balance SET closed_on = '2024-06-30'"
                + " WHERE amount < 8 AND closed_on IS NULL RETURNING customer_id)"
                + " SELECT customer_id FROM closed ORDER BY customer_id",
            expectedState);
    Cte<Table<Integer>> closed =
        cte(
            "closed",
            update(BALANCE)
                .set(BALANCE.closedOn, LocalDate.of(2024, 6, 30))
                .where(BALANCE.amount.lt(new BigDecimal("8")).and(BALANCE.closedOn.isNull()))
                .returning(BALANCE.customerId));
    FetchStep<Integer> q =
        db.with(closed)
            .select(closed.field(BALANCE.customerId))
            .from(closed.table())
            .orderBy(closed.field(BALANCE.customerId).asc());
    assertThat(q.toSql())
        .isEqualTo(
            "WITH closed AS (UPDATE balance SET closed_on = $1 WHERE balance.amount < $2 AND"
                + " balance.closed_on IS NULL RETURNING balance.customer_id) SELECT"
                + " closed.customer_id FROM closed ORDER BY closed.customer_id");
    assertThat(JdbcRows.texts(q.fetch())).isEqualTo(expected).containsExactly("4", "5");
    assertThat(Balances.state(jdbc)).isEqualTo(expectedState);
  }

  @Test
  void anInsertCteOfManyRecordsIsOneStatementOfThemAll() throws SQLException {
    List<Balance> three =
        List.of(
            new Balance(0, 7, new BigDecimal("1.00"), null),
            new Balance(0, 8, new BigDecimal("2.00"), null),
            new Balance(0, 9, new BigDecimal("3.00"), LocalDate.of(2024, 1, 1)));
    Cte<BalanceTable> added = cte("added", BALANCE, insertInto(BALANCE).values(three).returning());
    FetchStep<Long> q = db.with(added).select(count()).from(added.table());
    assertThat(q.toSql())
        .isEqualTo(
            "WITH added AS (INSERT INTO balance (customer_id, amount, closed_on) VALUES ($1, $2,"
                + " $3), ($4, $5, $6), ($7, $8, $9) RETURNING balance.id, balance.customer_id,"
                + " balance.amount, balance.closed_on) SELECT count(*) FROM added");
    assertThat(q.fetchOne()).contains(3L);
    assertThat(Balances.state(jdbc))
        .contains("7|1.00|null", "8|2.00|null", "9|3.00|2024-01-01")
        .hasSize(9);
    Cte<BalanceTable> none =
        cte("none", BALANCE, insertInto(BALANCE).values(List.of()).returning());
    assertThatThrownBy(() -> with(none).selectFrom(none.table()).toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "INSERT INTO balance of an empty list in a CTE: a statement cannot insert no rows");
  }

  @Test
  void aMergeCteReturnsWhatItDid() throws SQLException {
    List<String> expectedState = new ArrayList<>();
    List<String> expected =
        Balances.returned(
            jdbc,
            "WITH merged AS (MERGE INTO balance USING customer"
                + " ON balance.customer_id = customer.customer_id AND balance.closed_on IS NULL"
                + " WHEN MATCHED AND balance.amount > 6 THEN DELETE"
                + " RETURNING merge_action() AS action)"
                + " SELECT action FROM merged",
            expectedState);
    Cte<Table<String>> merged =
        cte(
            "merged",
            mergeInto(BALANCE)
                .using(CUSTOMER)
                .on(BALANCE.customerId.eq(CUSTOMER.customerId).and(BALANCE.closedOn.isNull()))
                .whenMatched(BALANCE.amount.gt(new BigDecimal("6")))
                .thenDelete()
                .returning(mergeAction().as("action")));
    FetchStep<String> q =
        db.with(merged).select(merged.field("action", String.class)).from(merged.table());
    assertThat(q.toSql())
        .isEqualTo(
            "WITH merged AS (MERGE INTO balance USING customer ON balance.customer_id ="
                + " customer.customer_id AND balance.closed_on IS NULL WHEN MATCHED AND"
                + " balance.amount > $1 THEN DELETE RETURNING merge_action() AS action) SELECT"
                + " merged.action FROM merged");
    assertThat(q.fetch()).isEqualTo(expected).containsExactly("DELETE", "DELETE");
    assertThat(Balances.state(jdbc)).isEqualTo(expectedState);
  }

  @Test
  void aCteStatementObeysTheEmptyConditionRule() throws SQLException {
    Cte<BalanceTable> gone =
        cte("gone", BALANCE, deleteFrom(BALANCE).where(noCondition()).returning());
    assertThatThrownBy(() -> db.with(gone).selectFrom(gone.table()).fetch())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "DELETE FROM balance: the WHERE condition is empty (noCondition() with nothing"
                + " added); call allRows() to mean every row");
    assertThat(Balances.state(jdbc)).hasSize(6);
    Cte<BalanceTable> all = cte("gone", BALANCE, deleteFrom(BALANCE).allRows().returning());
    assertThat(db.with(all).select(count()).from(all.table()).fetchOne()).contains(6L);
    assertThat(Balances.state(jdbc)).isEmpty();
    // A SELECT is not a data-modifying statement's RETURNING, and says so.
    FetchStep<Balance> aSelect = selectFrom(BALANCE);
    assertThatThrownBy(() -> cte("x", BALANCE, aSelect))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not the RETURNING of an INSERT, UPDATE, DELETE or MERGE");
  }

  // ---- without RETURNING: declared for what it does ----

  @Test
  void aDeleteCteWithoutReturningRunsThoughTheSelectDoesNotReadIt() throws SQLException {
    // The SELECT sees the rows as they were when the statement began (all 6), as PostgreSQL's
    // CTEs and main statement share one snapshot; the delete happens all the same.
    List<String> expectedState = new ArrayList<>();
    List<String> expected =
        Balances.returned(
            jdbc,
            "WITH purge AS (DELETE FROM balance WHERE closed_on IS NOT NULL)"
                + " SELECT count(*) FROM balance",
            expectedState);
    Cte<Table<Void>> purge = cte("purge", deleteFrom(BALANCE).where(BALANCE.closedOn.isNotNull()));
    FetchStep<Long> q = db.with(purge).select(count()).from(BALANCE);
    assertThat(q.toSql())
        .isEqualTo(
            "WITH purge AS (DELETE FROM balance WHERE balance.closed_on IS NOT NULL)"
                + " SELECT count(*) FROM balance");
    assertThat(Balances.state(jdbc)).hasSize(6);
    assertThat(JdbcRows.texts(q.fetch())).isEqualTo(expected).containsExactly("6");
    assertThat(Balances.state(jdbc))
        .isEqualTo(expectedState)
        .hasSize(4)
        .allMatch(r -> r.endsWith("|null"));
  }

  @Test
  void insertUpdateAndMergeCtesWithoutReturningGoInFrontOfAnotherStatement() throws SQLException {
    // An INSERT and a MERGE (into balance_archive) in front of an UPDATE (of balance): each runs
    // once; the UPDATE's count is its own rows only.
    String sql =
        "WITH logged AS (INSERT INTO balance_archive (id, customer_id, amount)"
            + " VALUES (900, 3, 30.00)),"
            + " copied AS (MERGE INTO balance_archive USING customer"
            + " ON balance_archive.customer_id = customer.customer_id"
            + " WHEN NOT MATCHED AND customer.customer_id <= 2 THEN"
            + " INSERT (id, customer_id, amount) VALUES (customer.customer_id, customer.customer_id, 0))"
            + " UPDATE balance SET amount = 0 WHERE balance.customer_id = 3";
    Balances.Effect expected = Balances.reference(jdbc, sql, BOTH);
    Cte<Table<Void>> logged =
        cte(
            "logged",
            insertInto(BALANCE_ARCHIVE)
                .set(BALANCE_ARCHIVE.id, 900)
                .set(BALANCE_ARCHIVE.customerId, 3)
                .set(BALANCE_ARCHIVE.amount, new BigDecimal("30.00")));
    Cte<Table<Void>> copied =
        cte(
            "copied",
            mergeInto(BALANCE_ARCHIVE)
                .using(CUSTOMER)
                .on(BALANCE_ARCHIVE.customerId.eq(CUSTOMER.customerId))
                .whenNotMatched(CUSTOMER.customerId.le(2))
                .thenInsert(BALANCE_ARCHIVE.id, BALANCE_ARCHIVE.customerId, BALANCE_ARCHIVE.amount)
                .values(CUSTOMER.customerId, CUSTOMER.customerId, value(BigDecimal.ZERO)));
    ReturningStep<Balance> q =
        db.with(logged, copied)
            .update(BALANCE)
            .set(BALANCE.amount, BigDecimal.ZERO)
            .where(BALANCE.customerId.eq(3));
    assertThat(q.toSql())
        .isEqualTo(
            "WITH logged AS (INSERT INTO balance_archive (id, customer_id, amount) VALUES ($1, $2,"
                + " $3)), copied AS (MERGE INTO balance_archive USING customer ON"
                + " balance_archive.customer_id = customer.customer_id WHEN NOT MATCHED AND"
                + " customer.customer_id <= $4 THEN INSERT (id, customer_id, amount) VALUES"
                + " (customer.customer_id, customer.customer_id, $5)) UPDATE balance SET amount ="
                + " $6 WHERE balance.customer_id = $7");
    List<String> before = rows(jdbc, BOTH);
    assertThat(q.execute()).isEqualTo(expected.count()).isEqualTo(1);
    List<String> after = rows(jdbc, BOTH);
    assertThat(after).isEqualTo(expected.rows());
    assertThat(after.size() - before.size()).isEqualTo(3);
    assertThat(after).contains("a|900|3|30.00|null", "a|1|1|0.00|null", "a|2|2|0.00|null");
    assertThat(after).contains("b|3|3|0.00|null");
  }

  @Test
  void aCteWithoutReturningHasNoColumnsAndKeepsTheEmptyConditionRule() throws SQLException {
    Cte<Table<Void>> purge = cte("purge", deleteFrom(BALANCE).where(BALANCE.closedOn.isNotNull()));
    String noColumns =
        "CTE purge is a data-modifying statement without RETURNING: it has no columns, so it has"
            + " no %s to read; add returning(…) to the statement to read the rows it wrote";
    assertThatThrownBy(purge::table)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(String.format(noColumns, "table()"));
    assertThatThrownBy(() -> purge.field(BALANCE.amount))
        .hasMessage(String.format(noColumns, "field(balance.amount)"));
    assertThatThrownBy(() -> purge.field("amount", BigDecimal.class))
        .hasMessage(String.format(noColumns, "field(\"amount\")"));
    Cte<Table<Void>> all = cte("purge", deleteFrom(BALANCE).where(noCondition()));
    SelectField<Integer> one = value(1).as("one");
    assertThatThrownBy(() -> db.with(all).select(one).fetch())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "DELETE FROM balance: the WHERE condition is empty (noCondition() with nothing"
                + " added); call allRows() to mean every row");
    assertThatThrownBy(
            () ->
                with(cte(
                        "u",
                        update(BALANCE).set(BALANCE.amount, BigDecimal.ONE).where(noCondition())))
                    .select(one)
                    .toSql())
        .hasMessageStartingWith("UPDATE balance: the WHERE condition is empty");
    assertThat(Balances.state(jdbc)).hasSize(6);
    // allRows() says it: every row goes, and the SELECT still answers.
    assertThat(db.with(cte("purge", deleteFrom(BALANCE).allRows())).select(one).fetch())
        .containsExactly(1);
    assertThat(Balances.state(jdbc)).isEmpty();
    assertThatThrownBy(() -> cte("x", (ReturningStep<?>) null))
        .hasMessage("CTE x: null is not an INSERT, UPDATE, DELETE or MERGE made by the DSL");
  }
}
