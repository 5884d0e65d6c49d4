package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.util.Map;

/** An hstore column (the contrib extension) read into a Map component. */
@Row
public record Tagged(int id, Map<String, String> tags, @Nullable Map<String, String> extra) {}
