package dev.sluice.examples;

import dev.sluice.annotations.Embedded;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;

/** A store; the processor generates {@code StoreDecoder} and {@code StoreTable.STORE}. */
@Table("store")
public record Store(@Id int storeId, String name, @Embedded("address_") Address address) {}
