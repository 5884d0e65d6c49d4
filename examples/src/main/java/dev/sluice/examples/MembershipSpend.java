package dev.sluice.examples;

import dev.sluice.annotations.Row;
import java.math.BigDecimal;

/** What the customers of one membership spent, from a {@code @Query} with aggregates. */
@Row
public record MembershipSpend(
    Membership membership, long customers, long rentals, BigDecimal revenue) {}
