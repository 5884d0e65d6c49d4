package dev.sluice.bench;

import dev.sluice.annotations.Row;

/** W7's first query when stitched: a film without its actors. */
@Row
public record FilmTitle(int filmId, String title) {}
