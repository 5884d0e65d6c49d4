package dev.sluice.pagila;

import dev.sluice.annotations.Row;

<<<<<<< HEAD
/** A projection: a film's title and how often it was rented. */
=======
/** A result shape of a DAO query. */
>>>>>>> dao
@Row
public record TitleCount(String title, long rentals) {}
