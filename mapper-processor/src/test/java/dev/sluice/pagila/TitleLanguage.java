package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;

/** A projection over a join: a film's title and its language's name (null on an outer join). */
@Row
public record TitleLanguage(@Nullable String title, @Nullable String language) {}
