package dev.sluice.bench;

import dev.sluice.annotations.Row;
import java.util.List;

/**
 * W7: a Pagila film with its actors, read in one query (the actors an array of composites decoded
 * into records) or stitched from two.
 */
@Row
public record FilmCast(int filmId, String title, List<CastMember> actors) {}
