package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.UUID;

/**
 * A table {@link CopyRowWriterTest} creates: a column of each family the generated COPY row writer
 * writes by its own method (every primitive, strings into text, varchar, bpchar and jsonb) or
 * through the general encoder (a boxed boolean, uuid, date, timestamp, timestamptz).
 */
@Table("copy_kinds")
public record CopyKind(
    @Id int id,
    boolean flag,
    short small,
    long big,
    float real,
    double dbl,
    String name,
    String code,
    String padded,
    @Nullable String doc,
    @Nullable String note,
    @Nullable Boolean maybe,
    @Nullable UUID uid,
    @Nullable LocalDate day,
    @Nullable LocalDateTime at,
    @Nullable Instant seen) {}
