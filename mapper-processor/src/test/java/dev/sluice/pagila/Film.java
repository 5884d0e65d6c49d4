package dev.sluice.pagila;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** Every column of Pagila's film: an enum, text[], numeric, tsvector (as text), a year domain. */
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
    @Nullable List<String> specialFeatures,
    String fulltext) {}
