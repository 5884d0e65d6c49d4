package dev.sluice.examples;

import dev.sluice.annotations.Row;

/** Any result shape: a title and how often it was rented. */
@Row
public record TitleCount(String title, long rentals) {}
