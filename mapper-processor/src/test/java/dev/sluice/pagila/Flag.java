package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.util.List;

/** A small table the DSL safety tests create: boolean and int columns, text and a text array. */
@Table("flag")
public record Flag(
    @Id int id, boolean a, boolean b, boolean c, int n, String label, List<String> tags) {}
