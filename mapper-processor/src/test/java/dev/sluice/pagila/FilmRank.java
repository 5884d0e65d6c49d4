package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;

/** A projection with window functions: a film's rank by length within its rating, and totals. */
@Row
public record FilmRank(int filmId, long position, long lengthRank, @Nullable Long runningLength) {}
