package dev.sluice.examples;

/**
 * A postal address, embedded in {@link Store} as the columns {@code address_street}, {@code
 * address_city} and {@code address_postal_code}: it needs no annotation of its own.
 */
public record Address(String street, String city, String postalCode) {}
