package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.time.Instant;

@Table("inventory")
public record Inventory(@Id int inventoryId, int filmId, int storeId, Instant lastUpdate) {}
