package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.time.Instant;

@Table("film_actor")
public record FilmActor(@Id int actorId, @Id int filmId, Instant lastUpdate) {}
