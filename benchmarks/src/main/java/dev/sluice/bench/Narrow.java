package dev.sluice.bench;

/** A row of {@code bench_narrow} (W2). */
public record Narrow(long a, long b, long c) {}
