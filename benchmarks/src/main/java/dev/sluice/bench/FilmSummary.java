package dev.sluice.bench;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.math.BigDecimal;

/** A row of W5s: W5's join in issue 25's six columns. */
@Row
public record FilmSummary(
    int filmId,
    String title,
    @Nullable String rating,
    BigDecimal rentalRate,
    String language,
    String category) {}
