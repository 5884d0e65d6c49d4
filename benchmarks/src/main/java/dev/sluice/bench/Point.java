package dev.sluice.bench;

import dev.sluice.annotations.Row;

/** A row of {@code bench_point} (W3's primary-key lookups). */
@Row
public record Point(int id, String name, long val) {}
