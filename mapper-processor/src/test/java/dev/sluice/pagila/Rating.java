package dev.sluice.pagila;

import dev.sluice.annotations.Label;

/** Pagila's PostgreSQL enum mpaa_rating. */
public enum Rating {
  G,
  PG,
  @Label("PG-13")
  PG_13,
  R,
  @Label("NC-17")
  NC_17
}
