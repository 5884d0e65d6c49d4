package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;

/**
 * A composite ({@code tm_moment}, which a test creates) whose fields are the date/time types and
 * uuid, which the composite reader reads without the generic path, and a varchar.
 */
@Row
public record Moments(int id, List<Moment> moments) {
  @Row
  public record Moment(
      Instant at,
      LocalDate day,
      LocalDateTime local,
      LocalTime clock,
      UUID key,
      @Nullable String note) {}
}
