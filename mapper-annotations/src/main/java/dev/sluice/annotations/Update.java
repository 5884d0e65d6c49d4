package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link Dao} method updating the row of its one parameter, a {@link Table} record with at least
 * one {@link Id} component, found by its id: every column but the ids and the {@link Generated}
 * ones is set. Returns {@code void}, the row count ({@code int}/{@code long}), or the record type
 * for the row as stored (RETURNING).
 *
 * <p>With a {@link Version} component the update also requires the row's version to be the record's
 * and increments it; when no row matched (another transaction changed or deleted it since it was
 * read), it fails with {@code dev.sluice.OptimisticLockException} (SQLSTATE 40001).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Update {}
