package dev.sluice.pagila;

import dev.sluice.Interval;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;

/**
 * A table the aggregate tests create (Pagila has no bigint, real, double precision or interval
 * column to sum): one column of each type PostgreSQL sums.
 */
@Table("measure")
public record Measure(
    @Id int id,
    @Nullable Short i2,
    @Nullable Integer i4,
    @Nullable Long i8,
    @Nullable BigDecimal num,
    @Nullable Float f4,
    @Nullable Double f8,
    @Nullable Interval iv) {}
