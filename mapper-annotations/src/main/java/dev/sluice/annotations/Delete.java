package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link Dao} method deleting the row of its one parameter, a {@link Table} record with at least
 * one {@link Id} component, by its id. Returns {@code void} or the row count ({@code int}/{@code
 * long}). With a {@link Version} component only the row at the record's version is deleted, and
 * when none was, it fails with {@code dev.sluice.OptimisticLockException} (SQLSTATE 40001).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Delete {}
