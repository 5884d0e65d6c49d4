package dev.sluice.pagila;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.time.Instant;

@Table(value = "actor", schema = "public")
public record Actor(
    @Id @Generated int actorId, String firstName, String lastName, Instant lastUpdate) {}
