package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link Dao} method inserting its one parameter, a {@link Table} record, or every record of a
 * {@code List}, {@code Collection} or {@code Iterable} of them. {@link Generated} columns are left
 * out, so the database fills them.
 *
 * <p>For one record the method returns {@code void}; the record type, to get the row as stored
 * (generated columns included, read back with RETURNING); or {@code long}/{@code int}, which is the
 * generated key when the record has exactly one {@code @Generated} integral component, else the row
 * count. For many records it returns {@code void} or the total row count ({@code int}/{@code
 * long}); they are sent as one pipeline (not one round trip per row) and applied all or none: in
 * one implicit transaction, or inside the enclosing one.
 *
 * <p>With {@link #copy() copy = true}, a method on many records sends them as one binary {@code
 * COPY … FROM STDIN} instead of a pipeline of INSERTs: cheaper per row for large loads, and still
 * one statement, so all rows or none. COPY fires row and statement triggers but no rules, and has
 * no RETURNING and no ON CONFLICT, so such a method returns {@code void} or the row count, never
 * generated keys.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Insert {
  /**
   * Whether the records go in through binary {@code COPY … FROM STDIN} rather than batched INSERTs;
   * only for a method taking a {@code List}, {@code Collection} or {@code Iterable} of records and
   * returning {@code void}, {@code int} or {@code long} (the rows copied). A row the server rejects
   * fails the whole COPY; its error's context names the COPY line, the row's index in the list + 1.
   *
   * @return true to insert through binary COPY, false (the default) for batched INSERTs
   */
  boolean copy() default false;
}
