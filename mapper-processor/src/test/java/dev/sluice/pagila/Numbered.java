package dev.sluice.pagila;

import dev.sluice.annotations.Table;

/** A row of the large table {@link DslStreamMemoryTest} makes. */
@Table("numbered")
public record Numbered(long n, String text) {}
