package dev.sluice.pagila;

import dev.sluice.BitString;
import dev.sluice.PgNumeric;
import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Query;
import java.util.List;
import java.util.Optional;

/**
 * Single-value results of value types with no fast reader: each compiles only if {@code Scalars}
 * has the decoder the table of value types names for it.
 */
@Dao
public interface ValueTypeDao {
  @Query("SELECT 'NaN'::numeric")
  PgNumeric notANumber();

  @Query("SELECT x::numeric FROM unnest(ARRAY['Infinity', '1.5']) x")
  List<PgNumeric> numerics();

  @Query("SELECT B'101'")
  Optional<BitString> bits();
}
