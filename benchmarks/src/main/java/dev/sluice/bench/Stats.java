package dev.sluice.bench;

import java.util.Arrays;

/** Medians and percentiles of measurements; inputs are never modified. */
final class Stats {
  private Stats() {}

  /** The median; the mean of the two middle values for an even count. */
  static double median(long[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("median of no values");
    }
    long[] v = values.clone();
    Arrays.sort(v);
    int mid = v.length / 2;
    return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + (double) v[mid]) / 2;
  }

  static double median(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("median of no values");
    }
    double[] v = values.clone();
    Arrays.sort(v);
    int mid = v.length / 2;
    return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  }

  /**
   * The nearest-rank percentile of {@code sorted} (ascending): the smallest value with at least
   * {@code p} percent of the values at or below it.
   */
  static long percentileOfSorted(long[] sorted, int count, double p) {
    if (count == 0) {
      throw new IllegalArgumentException("percentile of no values");
    }
    if (p <= 0 || p > 100) {
      throw new IllegalArgumentException("percentile not in (0, 100]: " + p);
    }
    int rank = (int) Math.ceil(p / 100 * count);
    return sorted[Math.max(0, rank - 1)];
  }

  /** (max − min) / median: how much iterations disagreed, as a fraction of the median. */
  static double spread(long[] values) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long v : values) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    double median = median(values);
    return median == 0 ? 0 : (max - min) / median;
  }
}
