package dev.sluice.bench;

import dev.sluice.annotations.Row;

/** A row of {@code bench_narrow} (W2). */
@Row
public record Narrow(long a, long b, long c) {}
