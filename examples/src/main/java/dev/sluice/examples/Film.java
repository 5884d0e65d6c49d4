package dev.sluice.examples;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Pagila's film table. The annotation processor generates {@code FilmDecoder} (rows into this
 * record, by column name) and {@code FilmTable} (typed column metadata). The table's {@code
 * fulltext tsvector} column is left out: a record takes the columns it needs.
 */
@Table("film")
public record Film(
    @Id @Generated int filmId,
    String title,
    @Nullable String description,
    @Nullable Integer releaseYear,
    int languageId,
    @Nullable Integer originalLanguageId,
    short rentalDuration,
    BigDecimal rentalRate,
    @Nullable Short length,
    BigDecimal replacementCost,
    @Nullable Rating rating,
    Instant lastUpdate,
    @Nullable List<String> specialFeatures) {}
