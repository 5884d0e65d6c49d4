package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.util.List;

/** Two-dimensional array columns read into lists of lists and Java 2-D arrays. */
@Row
public record Grid(
    int id,
    List<List<Integer>> cells,
    Integer[][] boxed,
    int[][] primitive,
    @Nullable List<List<String>> words) {}
