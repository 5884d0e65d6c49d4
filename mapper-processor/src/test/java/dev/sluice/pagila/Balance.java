package dev.sluice.pagila;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * A table the upsert, MERGE and data-modifying CTE tests create ({@link Balances}): a customer's
 * running balance, at most one open (closed_on NULL) per customer through a partial unique index.
 */
@Table("balance")
public record Balance(
    @Id @Generated int id, int customerId, BigDecimal amount, @Nullable LocalDate closedOn) {}
