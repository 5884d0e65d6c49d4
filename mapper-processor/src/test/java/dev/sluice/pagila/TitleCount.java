package dev.sluice.pagila;

import dev.sluice.annotations.Row;

/** A result shape of a DAO query. */
@Row
public record TitleCount(String title, long rentals) {}
