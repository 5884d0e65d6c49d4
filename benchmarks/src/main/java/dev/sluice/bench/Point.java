package dev.sluice.bench;

/** A row of {@code bench_point} (W3's primary-key lookups). */
public record Point(int id, String name, long val) {}
