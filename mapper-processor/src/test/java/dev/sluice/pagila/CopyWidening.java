package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;

/**
 * A table {@link CopyRowWriterTest} creates whose columns are wider (or other) than the record's
 * components: a short into integer, an int into bigint, double precision and smallint, a float into
 * double precision, a string into integer (which a binary COPY cannot take).
 */
@Table("copy_widening")
public record CopyWidening(
    @Id int id,
    short toInt,
    int toBig,
    float toDouble,
    int intToDouble,
    int toSmall,
    @Nullable String wrong) {}
