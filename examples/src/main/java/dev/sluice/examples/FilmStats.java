package dev.sluice.examples;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;

/** A film's totals, kept in {@code film_stats} by an upsert. */
@Table("film_stats")
public record FilmStats(@Id int filmId, long rentals, BigDecimal revenue) {}
