package dev.sluice.pagila;

import dev.sluice.annotations.Query;

/** A plain interface a DAO inherits annotated methods from. */
public interface Counting {
  @Query("SELECT count(*) FROM film")
  long count();
}
