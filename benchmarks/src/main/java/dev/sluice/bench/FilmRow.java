package dev.sluice.bench;

import java.math.BigDecimal;
import java.time.Instant;

/** A row of W5's Pagila join: film × language × category. */
public record FilmRow(
    int filmId,
    String title,
    String description,
    Integer releaseYear,
    BigDecimal rentalRate,
    Short length,
    String rating,
    Instant lastUpdate,
    String language,
    String category) {}
