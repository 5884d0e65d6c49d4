package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.util.List;

/** Arrays of three and four dimensions as nested Lists (issue 25). */
@Row
public record Cube(
    int id, List<List<List<Integer>>> cells, @Nullable List<List<List<List<String>>>> words) {}
