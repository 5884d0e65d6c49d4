package dev.sluice.pagila;

import dev.sluice.annotations.Row;

/** A MERGE's RETURNING: what it did (merge_action()) to which customer's balance. */
@Row
public record MergeOutcome(String action, int customerId) {}
