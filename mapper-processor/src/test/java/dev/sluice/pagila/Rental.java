package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.time.Instant;
import java.time.OffsetDateTime;

@Table("rental")
public record Rental(
    @Id long rentalId,
    OffsetDateTime rentalDate,
    int inventoryId,
    int customerId,
    @Nullable OffsetDateTime returnDate,
    int staffId,
    Instant lastUpdate) {}
