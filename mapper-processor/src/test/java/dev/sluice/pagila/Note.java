package dev.sluice.pagila;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import dev.sluice.annotations.Version;

/** A table the DAO tests create, for optimistic locking. */
@Table("note")
public record Note(@Id @Generated long id, String body, @Version int version) {}
