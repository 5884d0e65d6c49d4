package dev.sluice.examples;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;

/** A film the stores rent out, at {@code dailyRate} a day. */
@Table("film")
public record Film(
    @Id int filmId, String title, String genre, int releaseYear, BigDecimal dailyRate) {}
