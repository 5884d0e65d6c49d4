package dev.sluice.bench;

import java.util.UUID;

/** A row of {@code bench_wide} (W1, and the rows W4 inserts). */
public record Wide(double f, int i, String s, UUID u, String n) {}
