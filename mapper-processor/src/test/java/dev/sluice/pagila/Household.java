package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.time.LocalDate;
import java.util.List;

/**
 * Composite columns of types a test creates ({@code hh_addr}, {@code hh_person}): a nested
 * composite, a composite with an array field, an array of composites, NULL fields and values.
 */
@Row
public record Household(
    int id, @Nullable Person head, List<Addr> addresses, @Nullable Addr mailing) {
  @Row
  public record Addr(@Nullable String street, @Nullable Integer zip, @Nullable List<String> tags) {}

  @Row
  public record Person(String name, @Nullable Addr home, @Nullable LocalDate born, Rating rating) {}

  /** A composite read into a non-nullable component. */
  @Row
  public record Strict(int id, Addr mailing) {}
}
