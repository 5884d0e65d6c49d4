package dev.sluice.pagila;

import dev.sluice.annotations.Row;

/** A film and its number of copies in inventory (derived-table tests). */
@Row
public record FilmCopies(int filmId, long copies) {}
