package dev.sluice.bench;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;

/**
 * A row of {@code bench_point} (W3's primary-key lookups). A {@code @Table}, so the processor also
 * generates {@code PointTable.BENCH_POINT} for the DSL client.
 */
@Table("bench_point")
public record Point(@Id int id, String name, long val) {}
