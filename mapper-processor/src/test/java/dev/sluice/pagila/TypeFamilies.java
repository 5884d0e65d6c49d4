package dev.sluice.pagila;

import dev.sluice.PgNumeric;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.util.List;

/** Result shapes of the type families read through generated decoders (TypeFamiliesTest). */
public final class TypeFamilies {
  private TypeFamilies() {}

  /** numeric with its NaN and ±Infinity, scalar and in arrays. */
  @Row
  public record Numerics(
      PgNumeric value, @Nullable PgNumeric missing, List<PgNumeric> list, PgNumeric[] array) {}
}
