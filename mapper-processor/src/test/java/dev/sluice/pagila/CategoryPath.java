package dev.sluice.pagila;

import dev.sluice.annotations.Row;

/** A node of {@link CategoryTree} with its path from the root and its depth (recursive CTEs). */
@Row
public record CategoryPath(int id, String path, int depth) {}
