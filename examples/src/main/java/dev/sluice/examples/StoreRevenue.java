package dev.sluice.examples;

import dev.sluice.annotations.Row;
import java.math.BigDecimal;

/** A result shape of the DSL's join and aggregates: one store's rentals and revenue. */
@Row
public record StoreRevenue(String name, String city, long rentals, BigDecimal revenue) {}
