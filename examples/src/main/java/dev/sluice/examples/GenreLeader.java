package dev.sluice.examples;

import dev.sluice.annotations.Row;

/** A film with its place among the films of its genre, by rentals (a window function). */
@Row
public record GenreLeader(String genre, String title, long rentals, long place) {}
