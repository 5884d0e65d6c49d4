package dev.sluice.bench;

import dev.sluice.annotations.Row;
import java.time.Instant;

/** W7's second query when stitched: a film's id and one of its actors. */
@Row
public record CastRow(
    int filmId, int actorId, String firstName, String lastName, Instant lastUpdate) {}
