package dev.sluice.pagila;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;

/** A table the DSL tests create whose every column is generated: inserted with DEFAULT VALUES. */
@Table("ticket")
public record Ticket(@Id @Generated long id) {}
