package dev.sluice;

import java.util.List;

/**
 * Intervals from servers before PostgreSQL 17, which has no infinite intervals: there the fields of
 * {@link Interval#INFINITY} (months and days INT32_MAX, microseconds INT64_MAX) and of {@link
 * Interval#NEGATIVE_INFINITY} (the minimums) are an ordinary, finite interval ({@code 178956970
 * years 7 mons 2147483647 days 2562047788:00:54.775807}). {@link Interval} cannot tell that value
 * from infinity, so it is refused (22008, naming the column) rather than read back as infinite.
 * Every other interval reads as it does on 17.
 *
 * <p>{@link RowView} calls {@link #check} only on a connection to such a server: on 17 and later
 * (and when the server reports no version) the read paths stay as they are.
 */
final class FiniteIntervals {
  private FiniteIntervals() {}

  /** Whether a server of this server_version has infinite intervals: 17 and later, or unknown. */
  static boolean hasInfinity(String serverVersion) {
    int major = 0;
    int i = 0;
    while (i < serverVersion.length() && Character.isDigit(serverVersion.charAt(i)) && i < 6) {
      major = major * 10 + (serverVersion.charAt(i) - '0');
      i++;
    }
    return i == 0 || major >= 17;
  }

  /**
   * {@code v} (an Interval, a List of them, or any other value, returned as it is) if it holds no
   * interval with infinity's fields; else fails naming column {@code c}.
   */
  static <T> T check(RowView row, int c, T v) {
    if (v instanceof Interval i) {
      if (i.isInfinite()) {
        throw refused(row, c, i);
      }
    } else if (v instanceof List<?> list) {
      for (Object o : list) {
        if (o instanceof Interval i && i.isInfinite()) {
          throw refused(row, c, i);
        }
      }
    }
    return v;
  }

  private static PgException refused(RowView row, int c, Interval i) {
    return new PgException(
        "22008",
        "interval column \""
            + row.columns().name(c)
            + "\" holds months "
            + i.months()
            + ", days "
            + i.days()
            + ", microseconds "
            + i.microseconds()
            + ": a finite interval on this server (PostgreSQL "
            + "before 17), which dev.sluice.Interval cannot tell from "
            + i
            + "; read it as text (::text)");
  }
}
