package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.time.Instant;

/** Pagila's language; name is character(20), padded with blanks. */
@Table("language")
public record Language(@Id int languageId, String name, Instant lastUpdate) {}
