package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;

/** A category hierarchy the recursive-CTE tests create: each row names its parent, roots none. */
@Table("category_tree")
public record CategoryTree(@Id int id, @Nullable Integer parent, String name) {}
