package dev.sluice.pagila;

/** Embedded in {@link Customer}: first_name and last_name. */
public record PersonName(String firstName, String lastName) {}
