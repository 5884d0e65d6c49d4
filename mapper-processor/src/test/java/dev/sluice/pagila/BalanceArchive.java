package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;
import java.time.LocalDate;

/** Where the data-modifying CTE tests move closed {@link Balance} rows to ({@link Balances}). */
@Table("balance_archive")
public record BalanceArchive(
    @Id int id, int customerId, BigDecimal amount, @Nullable LocalDate closedOn) {}
