package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Dsl.excluded;
import static dev.sluice.dsl.Dsl.insertInto;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.pagila.BalanceTable.BALANCE;
import static dev.sluice.pagila.PaymentTable.PAYMENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.ReturningStep;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Upsert completeness (issue 14, Coverage: DML): the conflict target's WHERE (a partial unique
 * index), {@code DO UPDATE SET column = expression} over the target row and {@code excluded}, and
 * {@code DO UPDATE … WHERE}. Each statement's SQL is pinned, then run on balances fed from Pagila's
 * payments and compared with the same statement written by hand (run first, rolled back).
 */
class DslUpsertTest extends PagilaSession {
  @BeforeEach
  void freshBalances() throws SQLException {
    Balances.create(jdbc);
  }

  @AfterAll
  void dropBalances() throws SQLException {
    Balances.drop(jdbc);
  }

  @Test
  void conflictWhereInfersThePartialIndexAndDoUpdateWhereSkipsARow() throws SQLException {
    // Customer 1 (open, 10.00) and 4 (open, 5.00) conflict and are under the limit: updated.
    // Customer 3 (open, 30.00) conflicts but DO UPDATE … WHERE rejects it: untouched. Customer 2
    // has a closed row only, which the partial index does not hold: a new open row is inserted.
    Balances.Effect expected =
        Balances.reference(
            jdbc,
            "INSERT INTO balance (customer_id, amount) SELECT customer_id, sum(amount)"
                + " FROM payment WHERE customer_id <= 4 GROUP BY customer_id"
                + " ON CONFLICT (customer_id) WHERE closed_on IS NULL"
                + " DO UPDATE SET amount = balance.amount + excluded.amount"
                + " WHERE balance.amount < 25");
    BalanceTable proposed = excluded(BALANCE);
    ReturningStep<Balance> q =
        db.insertInto(BALANCE)
            .columns(BALANCE.customerId, BALANCE.amount)
            .select(
                select(PAYMENT.customerId, sum(PAYMENT.amount))
                    .from(PAYMENT)
                    .where(PAYMENT.customerId.le(4))
                    .groupBy(PAYMENT.customerId))
            .onConflict(BALANCE.customerId)
            .where(BALANCE.closedOn.isNull())
            .doUpdate()
            .set(BALANCE.amount, BALANCE.amount.plus(proposed.amount))
            .where(BALANCE.amount.lt(new BigDecimal("25")));
    assertThat(q.toSql())
        .isEqualTo(
            "INSERT INTO balance (customer_id, amount) SELECT payment.customer_id,"
                + " sum(payment.amount) FROM payment WHERE payment.customer_id <= $1 GROUP BY"
                + " payment.customer_id ON CONFLICT (customer_id) WHERE balance.closed_on IS NULL"
                + " DO UPDATE SET amount = (balance.amount + excluded.amount) WHERE"
                + " balance.amount < $2");
    assertThat(expected.count()).isEqualTo(3);
    assertThat(q.execute()).isEqualTo(expected.count());
    assertThat(Balances.state(jdbc)).isEqualTo(expected.rows());
    // The row DO UPDATE … WHERE skipped, and the closed row beside the new open one.
    assertThat(expected.rows()).contains("3|30.00|null", "2|20.00|2024-01-31");
    assertThat(expected.rows()).filteredOn(r -> r.startsWith("2|")).hasSize(2);
  }

  @Test
  void doUpdateSetsValuesExpressionsAndExcludedAndReturnsTheRows() throws SQLException {
    Balances.Effect expected =
        Balances.reference(
            jdbc,
            "INSERT INTO balance (customer_id, amount) VALUES (5, 2.50)"
                + " ON CONFLICT (customer_id) WHERE closed_on IS NULL"
                + " DO UPDATE SET amount = excluded.amount * 2, closed_on = '2024-03-31'");
    BalanceTable proposed = excluded(BALANCE);
    var q =
        db.insertInto(BALANCE)
            .set(BALANCE.customerId, 5)
            .set(BALANCE.amount, new BigDecimal("2.50"))
            .onConflict(BALANCE.customerId)
            .where(BALANCE.closedOn.isNull())
            .doUpdate()
            .set(BALANCE.amount, proposed.amount.times(new BigDecimal("2")))
            .set(BALANCE.closedOn, LocalDate.of(2024, 3, 31))
            .returning(BALANCE.id);
    assertThat(q.toSql())
        .isEqualTo(
            "INSERT INTO balance (customer_id, amount) VALUES ($1, $2) ON CONFLICT (customer_id)"
                + " WHERE balance.closed_on IS NULL DO UPDATE SET amount = (excluded.amount *"
                + " $3), closed_on = $4 RETURNING balance.id");
    // The open row of customer 5 (id 6) was updated, not a new one inserted.
    assertThat(q.fetch()).containsExactly(6);
    assertThat(Balances.state(jdbc)).isEqualTo(expected.rows()).contains("5|5.00|2024-03-31");

    // setExcluded and setNull: the proposed value and NULL.
    long n =
        db.insertInto(BALANCE)
            .set(BALANCE.customerId, 1)
            .set(BALANCE.amount, new BigDecimal("1.25"))
            .onConflict(BALANCE.customerId)
            .where(BALANCE.closedOn.isNull())
            .doUpdate()
            .setExcluded(BALANCE.amount)
            .setNull(BALANCE.closedOn)
            .execute();
    assertThat(n).isEqualTo(1);
    assertThat(JdbcRows.rows(jdbc, "SELECT amount FROM balance WHERE id = 1"))
        .containsExactly("1.25");
  }

  @Test
  void anEmptyConditionInAnUpsertIsAnErrorNotEveryRow() {
    assertThatThrownBy(
            () ->
                insertInto(BALANCE)
                    .set(BALANCE.customerId, 1)
                    .set(BALANCE.amount, BigDecimal.ONE)
                    .onConflict(BALANCE.customerId)
                    .where(BALANCE.closedOn.isNull())
                    .doUpdate()
                    .setExcluded(BALANCE.amount)
                    .where(noCondition())
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "INSERT INTO balance: the ON CONFLICT DO UPDATE WHERE condition is empty"
                + " (noCondition() with nothing added); pass the condition, or leave the where(…)"
                + " out");
    assertThatThrownBy(
            () ->
                insertInto(BALANCE)
                    .set(BALANCE.customerId, 1)
                    .onConflict(BALANCE.customerId)
                    .where(noCondition())
                    .doNothing()
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "INSERT INTO balance: the ON CONFLICT (…) WHERE condition is empty (noCondition()"
                + " with nothing added); pass the partial index's predicate, or leave the where(…)"
                + " out");
    assertThatThrownBy(
            () ->
                insertInto(BALANCE)
                    .set(BALANCE.customerId, 1)
                    .onConflictOnConstraint("balance_pkey")
                    .where(BALANCE.closedOn.isNull()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "INSERT INTO balance ON CONFLICT ON CONSTRAINT balance_pkey: a constraint takes no"
                + " WHERE; name the index's columns with onConflict(…)");
    // excluded's columns are values, not columns to set.
    assertThatThrownBy(
            () ->
                insertInto(BALANCE)
                    .set(BALANCE.customerId, 1)
                    .onConflict(BALANCE.customerId)
                    .doUpdate()
                    .set(excluded(BALANCE).amount, BigDecimal.ONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "doUpdate().set(excluded.amount): the column is of excluded, not of the inserted"
                + " table balance");
    assertThatThrownBy(
            () ->
                insertInto(BALANCE)
                    .set(BALANCE.customerId, 1)
                    .onConflict(BALANCE.customerId)
                    .doUpdate()
                    .setExcluded(BALANCE.amount)
                    .set(BALANCE.amount, BigDecimal.ONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("INSERT INTO balance ON CONFLICT DO UPDATE: balance.amount set twice");
    // excluded is in scope in DO UPDATE only: RETURNING it fails naming the column.
    assertThatThrownBy(
            () ->
                insertInto(BALANCE)
                    .set(BALANCE.customerId, 1)
                    .onConflict(BALANCE.customerId)
                    .doNothing()
                    .returning(excluded(BALANCE).amount)
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("column excluded.amount belongs to table excluded");
  }
}
