package dev.sluice.pagila;

import dev.sluice.BitString;
import dev.sluice.PgLsn;
import dev.sluice.PgNumeric;
import dev.sluice.Range;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/** Result shapes of the type families read through generated decoders (TypeFamiliesTest). */
public final class TypeFamilies {
  private TypeFamilies() {}

  /** numeric with its NaN and ±Infinity, scalar and in arrays. */
  @Row
  public record Numerics(
      PgNumeric value, @Nullable PgNumeric missing, List<PgNumeric> list, PgNumeric[] array) {}

  /** Ranges of each built-in subtype, and a multirange. */
  @Row
  public record Ranges(
      Range<Integer> ints,
      Range<Long> longs,
      Range<BigDecimal> decimals,
      Range<LocalDate> dates,
      Range<LocalDateTime> stamps,
      @Nullable Range<Instant> instants,
      List<Range<Integer>> multi) {}

  /**
   * Arrays of domains ({@code posint[]}, {@code small[]} of a domain over a domain), a domain over
   * an array and a plain domain, read as their base types.
   */
  @Row
  public record Domains(
      List<Integer> positives, @Nullable List<Integer> smalls, Integer[] arr, int plain) {}

  /** pg_lsn and bit strings, scalar and in arrays. */
  @Row
  public record LsnBits(
      PgLsn lsn,
      @Nullable PgLsn missing,
      BitString bits,
      BitString fixed,
      List<PgLsn> lsns,
      List<BitString> bitList) {}
}
