package dev.sluice.pagila;

import dev.sluice.annotations.Id;
import dev.sluice.annotations.Table;
import java.math.BigDecimal;
import java.time.Instant;

/** Pagila's payment, a table partitioned by payment_date. */
@Table("payment")
public record Payment(
    @Id int paymentId,
    int customerId,
    int staffId,
    int rentalId,
    BigDecimal amount,
    @Id Instant paymentDate) {}
