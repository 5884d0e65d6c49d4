package dev.sluice.bench;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.util.UUID;

/**
 * A row of {@code bench_wide} (W1, and the rows W4 inserts); Sluice reads it with the generated
 * WideDecoder.
 */
@Row
public record Wide(double f, int i, String s, UUID u, @Nullable String n) {}
