package dev.sluice.bench;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.util.UUID;

/**
 * A row of {@code bench_insert}, shaped like {@link Wide}: a {@code @Table}, so the processor
 * generates {@code InsertRowTable.BENCH_INSERT}, which {@code db.copyIn} of records takes (W4c's
 * {@code sluice-records} client).
 */
@Table("bench_insert")
public record InsertRow(double f, int i, String s, UUID u, @Nullable String n) {}
