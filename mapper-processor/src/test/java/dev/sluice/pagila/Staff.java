package dev.sluice.pagila;

import dev.sluice.annotations.Generated;
import dev.sluice.annotations.Id;
import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Table;
import java.time.Instant;

/** Pagila's staff, for its bytea column: picture. */
@Table("staff")
public record Staff(
    @Id @Generated int staffId,
    String firstName,
    String lastName,
    int addressId,
    @Nullable String email,
    int storeId,
    boolean active,
    String username,
    @Nullable String password,
    Instant lastUpdate,
    @Nullable byte[] picture) {}
