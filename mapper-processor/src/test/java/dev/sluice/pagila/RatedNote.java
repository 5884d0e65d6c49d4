package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.util.List;

/** A table {@link DslCopyInTest} creates: an enum column, a text[] and a jsonb. */
@Table("rated_note")
public record RatedNote(
    @Id int id, @Nullable Rating rating, @Nullable List<String> tags, @Nullable String doc) {}
