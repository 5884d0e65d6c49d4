package dev.sluice.bench;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.math.BigDecimal;
import java.time.Instant;

/** A row of W5's Pagila join: film × language × category. */
@Row
public record FilmRow(
    int filmId,
    String title,
    @Nullable String description,
    @Nullable Integer releaseYear,
    BigDecimal rentalRate,
    @Nullable Short length,
    @Nullable String rating,
    Instant lastUpdate,
    String language,
    String category) {}
