package dev.sluice;

/**
 * A {@code pg_lsn} value: a position in the write-ahead log, an unsigned 64-bit number that
 * PostgreSQL prints as two hexadecimal halves, {@code 16/B374D848}. Ordered as the server orders
 * them (unsigned); read and written in binary.
 */
public final class PgLsn implements Comparable<PgLsn> {
  /** The most hexadecimal digits either half may have (pg_lsn_in's MAXPG_LSNCOMPONENT). */
  private static final int MAX_DIGITS = 8;

  private final long value;

  private PgLsn(long value) {
    this.value = value;
  }

  /**
   * The position with this 64-bit value.
   *
   * @param value the log position, read as unsigned ({@code -1} is {@code FFFFFFFF/FFFFFFFF})
   * @return the pg_lsn value
   */
  public static PgLsn of(long value) {
    return new PgLsn(value);
  }

  /**
   * Parses the server's text form: two halves of 1 to 8 hexadecimal digits, either case, separated
   * by {@code /}, nothing around them (as pg_lsn's input function requires).
   *
   * @param text the text, such as {@code 16/B374D848}
   * @return the pg_lsn value
   * @throws IllegalArgumentException if {@code text} is not in that form
   */
  public static PgLsn parse(String text) {
    int slash = text.indexOf('/');
    if (slash < 1
        || slash > MAX_DIGITS
        || text.length() - slash - 1 < 1
        || text.length() - slash - 1 > MAX_DIGITS
        || !isHex(text, 0, slash)
        || !isHex(text, slash + 1, text.length())) {
      throw new IllegalArgumentException("invalid input syntax for type pg_lsn: \"" + text + "\"");
    }
    long high = Long.parseLong(text, 0, slash, 16);
    long low = Long.parseLong(text, slash + 1, text.length(), 16);
    return new PgLsn(high << 32 | low);
  }

  private static boolean isHex(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The 64-bit value, to be read as unsigned ({@link Long#toUnsignedString}).
   *
   * @return the log position
   */
  public long asLong() {
    return value;
  }

  /** Unsigned order, as the server's {@code <} on pg_lsn. */
  @Override
  public int compareTo(PgLsn other) {
    return Long.compareUnsigned(value, other.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PgLsn other && other.value == value;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(value);
  }

  /** The server's text form: upper-case hexadecimal halves without leading zeros, {@code 0/0}. */
  @Override
  public String toString() {
    return Long.toHexString(value >>> 32).toUpperCase(java.util.Locale.ROOT)
        + "/"
        + Long.toHexString(value & 0xffffffffL).toUpperCase(java.util.Locale.ROOT);
  }
}
