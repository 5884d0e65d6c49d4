package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asserts that a component's column is never NULL in the results it is read from, where the
 * compile-time schema checks cannot tell: {@code SELECT description FROM film WHERE description IS
 * NOT NULL} reads a nullable column that holds no NULL. The checks then accept the component
 * without {@code @Nullable}; a NULL that arrives anyway still fails at run time (SQLSTATE 22004).
 * On a DAO method that returns one primitive value ({@code @NonNull @Query("…") int m()}) it
 * asserts the same of the result's one column.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
public @interface NonNull {}
