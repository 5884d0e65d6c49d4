package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;

/** A jsonb document per film, made by {@link DslExpressionsTest} (Pagila has no jsonb column). */
@Table("film_meta")
public record FilmMeta(@Id int filmId, String meta) {}
