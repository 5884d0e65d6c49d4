package dev.sluice.examples;

import dev.sluice.annotations.Label;

/** Pagila's PostgreSQL enum {@code mpaa_rating}; labels that are no Java identifier get @Label. */
public enum Rating {
  G,
  PG,
  @Label("PG-13")
  PG_13,
  R,
  @Label("NC-17")
  NC_17
}
