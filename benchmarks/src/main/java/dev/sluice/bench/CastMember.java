package dev.sluice.bench;

import dev.sluice.annotations.Row;
import java.time.Instant;

/** W7: one actor of a film, Pagila's actor row. */
@Row
public record CastMember(int actorId, String firstName, String lastName, Instant lastUpdate) {}
