package dev.sluice.pagila;

import dev.sluice.annotations.Row;

/** A projection: a film's title and how often it was rented (DSL and DAO queries). */
@Row
public record TitleCount(String title, long rentals) {}
