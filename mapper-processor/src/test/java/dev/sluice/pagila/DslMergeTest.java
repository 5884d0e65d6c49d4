package dev.sluice.pagila;

import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Dsl.mergeInto;
import static dev.sluice.dsl.Dsl.select;
import static dev.sluice.dsl.Expressions.mergeAction;
import static dev.sluice.dsl.Expressions.value;
import static dev.sluice.dsl.Tables.cte;
import static dev.sluice.dsl.Tables.derived;
import static dev.sluice.pagila.BalanceTable.BALANCE;
import static dev.sluice.pagila.CustomerTable.CUSTOMER;
import static dev.sluice.pagila.PaymentTable.PAYMENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.dsl.Cte;
import dev.sluice.dsl.Derived;
import dev.sluice.dsl.Expression;
import dev.sluice.dsl.FetchStep;
import dev.sluice.dsl.ReturningStep;
import dev.sluice.dsl.SelectField;
import dev.sluice.dsl.Table;
import dev.sluice.dsl.Tuple2;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MERGE (issue 14, Coverage: DML; PostgreSQL 15+, BY SOURCE and RETURNING 17): the SQL of each
 * statement pinned, then run on balances fed from Pagila's payments and customers, compared with
 * the same MERGE written by hand (run first, rolled back), on rows where some match and some do not
 * and a WHEN … AND condition skips one.
 */
class DslMergeTest extends PagilaSession {
  @BeforeEach
  void freshBalances() throws SQLException {
    Balances.create(jdbc);
  }

  @AfterAll
  void dropBalances() throws SQLException {
    Balances.drop(jdbc);
  }

  @Test
  void mergeOfADerivedTableUpdatesInsertsAndClosesBySource() throws SQLException {
    // Source: customers 2 to 6 and their payments. Open balances: 1 (10.00), 3 (30.00), 4 (5.00),
    // 5 (1.00). Matched and under 25: 4 and 5 add their payments; 3 is matched but the AND
    // condition skips it. Not matched: 2 (only a closed row) is inserted; 6 is skipped by its AND.
    // Not matched by source: 1's open row is closed; the closed rows are skipped by their AND.
    Balances.Effect expected =
        Balances.reference(
            jdbc,
            "MERGE INTO balance USING (SELECT customer_id, sum(amount) AS total FROM payment"
                + " WHERE customer_id BETWEEN 2 AND 6 GROUP BY customer_id) AS s"
                + " ON balance.customer_id = s.customer_id AND balance.closed_on IS NULL"
                + " WHEN MATCHED AND balance.amount < 25 THEN"
                + " UPDATE SET amount = balance.amount + s.total"
                + " WHEN NOT MATCHED AND s.customer_id <> 6 THEN"
                + " INSERT (customer_id, amount) VALUES (s.customer_id, s.total)"
                + " WHEN NOT MATCHED BY SOURCE AND balance.closed_on IS NULL THEN"
                + " UPDATE SET closed_on = '2024-12-31'");
    SelectField<BigDecimal> total = sum(PAYMENT.amount).as("total");
    Derived<Tuple2<Integer, BigDecimal>> s =
        derived(
            "s",
            select(PAYMENT.customerId, total)
                .from(PAYMENT)
                .where(PAYMENT.customerId.between(2, 6))
                .groupBy(PAYMENT.customerId));
    Expression<Integer> sCustomer = s.field(PAYMENT.customerId);
    Expression<BigDecimal> sTotal = s.field(total);
    ReturningStep<Balance> q =
        db.mergeInto(BALANCE)
            .using(s.table())
            .on(BALANCE.customerId.eq(sCustomer).and(BALANCE.closedOn.isNull()))
            .whenMatched(BALANCE.amount.lt(new BigDecimal("25")))
            .thenUpdate()
            .set(BALANCE.amount, BALANCE.amount.plus(sTotal))
            .whenNotMatched(sCustomer.ne(6))
            .thenInsert(BALANCE.customerId, BALANCE.amount)
            .values(sCustomer, sTotal)
            .whenNotMatchedBySource(BALANCE.closedOn.isNull())
            .thenUpdate()
            .set(BALANCE.closedOn, LocalDate.of(2024, 12, 31));
    assertThat(q.toSql())
        .isEqualTo(
            "MERGE INTO balance USING (SELECT payment.customer_id, sum(payment.amount) AS total"
                + " FROM payment WHERE payment.customer_id BETWEEN $1 AND $2 GROUP BY"
                + " payment.customer_id) AS s ON balance.customer_id = s.customer_id AND"
                + " balance.closed_on IS NULL WHEN MATCHED AND balance.amount < $3 THEN UPDATE SET"
                + " amount = (balance.amount + s.total) WHEN NOT MATCHED AND s.customer_id <> $4"
                + " THEN INSERT (customer_id, amount) VALUES (s.customer_id, s.total) WHEN NOT"
                + " MATCHED BY SOURCE AND balance.closed_on IS NULL THEN UPDATE SET closed_on ="
                + " $5");
    long n = q.execute();
    List<String> after = Balances.state(jdbc);
    assertThat(after).isEqualTo(expected.rows());
    // 4 and 5 updated, 2 inserted, 1 closed: 4 rows; 3 and 6 skipped by their AND conditions.
    assertThat(n).isEqualTo(4);
    assertThat(after)
        .contains("3|30.00|null", "1|10.00|2024-12-31", "2|20.00|2024-01-31")
        .noneMatch(r -> r.startsWith("6|"))
        .filteredOn(r -> r.startsWith("2|"))
        .hasSize(2);
  }

  @Test
  void mergeOfATableDeletesDoesNothingInsertsAndReturnsTheAction() throws SQLException {
    // WHEN clauses are tried in order: a matched customer of store 1 is deleted, the other matched
    // ones left alone (DO NOTHING); unmatched customers up to 3 get a balance of 0.
    String sql =
        "MERGE INTO balance USING customer ON balance.customer_id = customer.customer_id"
            + " AND balance.closed_on IS NULL AND customer.customer_id <= 6"
            + " WHEN MATCHED AND customer.store_id = 1 THEN DELETE"
            + " WHEN MATCHED THEN DO NOTHING"
            + " WHEN NOT MATCHED AND customer.customer_id <= 3 THEN"
            + " INSERT (customer_id, amount) VALUES (customer.customer_id, 0)";
    List<String> expectedState = new ArrayList<>();
    List<String> expectedReturned =
        Balances.returned(
            jdbc, sql + " RETURNING merge_action(), balance.customer_id", expectedState);
    FetchStep<MergeOutcome> q =
        db.mergeInto(BALANCE)
            .using(CUSTOMER)
            .on(
                BALANCE
                    .customerId
                    .eq(CUSTOMER.customerId)
                    .and(BALANCE.closedOn.isNull())
                    .and(CUSTOMER.customerId.le(6)))
            .whenMatched(CUSTOMER.storeId.eq(1))
            .thenDelete()
            .whenMatched()
            .thenDoNothing()
            .whenNotMatched(CUSTOMER.customerId.le(3))
            .thenInsert()
            .set(BALANCE.customerId, CUSTOMER.customerId)
            .set(BALANCE.amount, BigDecimal.ZERO)
            .returning(MergeOutcome.class, mergeAction().as("action"), BALANCE.customerId);
    assertThat(q.toSql())
        .isEqualTo(
            "MERGE INTO balance USING customer ON balance.customer_id = customer.customer_id AND"
                + " balance.closed_on IS NULL AND customer.customer_id <= $1 WHEN MATCHED AND"
                + " customer.store_id = $2 THEN DELETE WHEN MATCHED THEN DO NOTHING WHEN NOT"
                + " MATCHED AND customer.customer_id <= $3 THEN INSERT (customer_id, amount)"
                + " VALUES (customer.customer_id, $4) RETURNING merge_action() AS action,"
                + " balance.customer_id");
    List<String> returned = new ArrayList<>();
    for (MergeOutcome o : q.fetch()) {
      returned.add(o.action() + "|" + o.customerId());
    }
    assertThat(returned).containsExactlyInAnyOrderElementsOf(expectedReturned);
    assertThat(returned).contains("INSERT|2").anyMatch(r -> r.startsWith("DELETE|"));
    assertThat(Balances.state(jdbc)).isEqualTo(expectedState);
  }

  @Test
  void withInFrontOfAMergeWhoseSourceIsTheCte() throws SQLException {
    // Customers 1 and 3 have open balances and are matched: set to their payments' total. Customer
    // 2 has only a closed row: not matched, and DO NOTHING leaves it so.
    Balances.Effect expected =
        Balances.reference(
            jdbc,
            "WITH totals AS (SELECT customer_id, sum(amount) AS total FROM payment"
                + " WHERE customer_id <= 3 GROUP BY customer_id)"
                + " MERGE INTO balance USING totals"
                + " ON balance.customer_id = totals.customer_id AND balance.closed_on IS NULL"
                + " WHEN MATCHED THEN UPDATE SET amount = totals.total"
                + " WHEN NOT MATCHED THEN DO NOTHING");
    SelectField<BigDecimal> total = sum(PAYMENT.amount).as("total");
    Cte<Table<Tuple2<Integer, BigDecimal>>> totals =
        cte(
            "totals",
            select(PAYMENT.customerId, total)
                .from(PAYMENT)
                .where(PAYMENT.customerId.le(3))
                .groupBy(PAYMENT.customerId));
    ReturningStep<Balance> q =
        db.with(totals)
            .mergeInto(BALANCE)
            .using(totals.table())
            .on(
                BALANCE
                    .customerId
                    .eq(totals.field(PAYMENT.customerId))
                    .and(BALANCE.closedOn.isNull()))
            .whenMatched()
            .thenUpdate()
            .set(BALANCE.amount, totals.field(total))
            .whenNotMatched()
            .thenDoNothing();
    assertThat(q.toSql())
        .isEqualTo(
            "WITH totals AS (SELECT payment.customer_id, sum(payment.amount) AS total FROM"
                + " payment WHERE payment.customer_id <= $1 GROUP BY payment.customer_id) MERGE"
                + " INTO balance USING totals ON balance.customer_id = totals.customer_id AND"
                + " balance.closed_on IS NULL WHEN MATCHED THEN UPDATE SET amount = totals.total"
                + " WHEN NOT MATCHED THEN DO NOTHING");
    assertThat(q.execute()).isEqualTo(2);
    assertThat(Balances.state(jdbc)).isEqualTo(expected.rows()).contains("2|20.00|2024-01-31");
  }

  @Test
  void anEmptyOrMissingConditionOrClauseIsAnErrorNotEveryRow() {
    assertThatThrownBy(
            () ->
                mergeInto(BALANCE)
                    .using(CUSTOMER)
                    .on(noCondition())
                    .whenMatched()
                    .thenDelete()
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "MERGE INTO balance: the ON condition is empty (noCondition() with nothing added);"
                + " trueCondition() joins every pair, if that is meant");
    assertThatThrownBy(
            () ->
                mergeInto(BALANCE)
                    .using(CUSTOMER)
                    .on(BALANCE.customerId.eq(CUSTOMER.customerId))
                    .whenMatched(noCondition())
                    .thenDelete()
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "MERGE INTO balance: the WHEN MATCHED AND condition is empty (noCondition() with"
                + " nothing added); leave it out for every such row");
    assertThatThrownBy(
            () ->
                ((ReturningStep<?>) mergeInto(BALANCE).using(CUSTOMER).on(BALANCE.customerId.eq(1)))
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "MERGE INTO balance: no WHEN clause; add whenMatched(…), whenNotMatched(…) or"
                + " whenNotMatchedBySource(…)");
    // Each WHEN clause sees what PostgreSQL lets it see: NOT MATCHED has no target row.
    assertThatThrownBy(
            () ->
                mergeInto(BALANCE)
                    .using(CUSTOMER)
                    .on(BALANCE.customerId.eq(CUSTOMER.customerId))
                    .whenNotMatched(BALANCE.amount.gt(BigDecimal.ONE))
                    .thenDoNothing()
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "column balance.amount belongs to table balance, which is not in the query (its"
                + " tables: customer)");
    // … and NOT MATCHED BY SOURCE no source row.
    assertThatThrownBy(
            () ->
                mergeInto(BALANCE)
                    .using(CUSTOMER)
                    .on(BALANCE.customerId.eq(CUSTOMER.customerId))
                    .whenNotMatchedBySource()
                    .thenUpdate()
                    .set(BALANCE.customerId, CUSTOMER.customerId)
                    .toSql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("column customer.customer_id belongs to table customer");
    assertThatThrownBy(
            () ->
                mergeInto(BALANCE)
                    .using(CUSTOMER)
                    .on(BALANCE.customerId.eq(CUSTOMER.customerId))
                    .whenNotMatched()
                    .thenInsert(BALANCE.customerId, BALANCE.amount)
                    .values(CUSTOMER.customerId, value(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "MERGE INTO balance WHEN NOT MATCHED THEN INSERT: value 2 for balance.amount is an"
                + " expression of type Integer, not BigDecimal");
  }
}
