package dev.sluice.pagila;

import dev.sluice.annotations.Column;
import dev.sluice.annotations.Convert;
import dev.sluice.annotations.Embedded;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Pagila's customer, with an embedded record, a converter, Optional, @Column, and JSpecify's
 * type-use {@code @Nullable} instead of ours.
 */
@Table("customer")
public record Customer(
    @Id int customerId,
    int storeId,
    @Embedded PersonName name,
    @Convert(EmailConverter.class) @Nullable Email email,
    int addressId,
    @Column("activebool") boolean active,
    LocalDate createDate,
    @Nullable Instant lastUpdate,
    @Column("active") Optional<Integer> activeFlag) {}
