package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The SQL a {@link Dao} method runs. Parameters are named: {@code :title} binds the method
 * parameter {@code title}, {@code :film.title} the component {@code title} of the record parameter
 * {@code film} (paths may go through nested records: {@code :c.name.firstName}). The processor
 * rewrites them to {@code $1, $2, …} at compile time, so the statement is prepared once per
 * connection like any other; a name used twice is one parameter. String literals ({@code 'a:b'},
 * {@code E'\':x'}), quoted identifiers, dollar-quoted strings, comments and casts ({@code
 * :rating::mpaa_rating} is the parameter {@code rating} cast) are left alone. Write array slices
 * with spaces ({@code a[lo : hi]}), as {@code a[lo:hi]} names a parameter {@code hi}.
 *
 * <p>The return type says how the result is read:
 *
 * <ul>
 *   <li>{@code List<T>}: every row; {@code Optional<T>}: at most one row (more fail with SQLSTATE
 *       21000); {@code T}: exactly one row (none fails with P0002, more with 21000);
 *   <li>{@code Stream<T>}: rows read as the stream is consumed, for results larger than memory. The
 *       stream holds a connection until it is closed, so it <b>must be closed</b>
 *       (try-with-resources);
 *   <li>{@code T} is a {@link Row} or {@link Table} record, or a scalar read from the first column
 *       (primitives and their boxes, String, BigDecimal, java.time types, UUID, enums, …);
 *   <li>{@code void}, {@code int} or {@code long} for a statement that returns no rows (UPDATE,
 *       DELETE, INSERT without RETURNING, DDL): the row count. An {@code int} or {@code long}
 *       method whose statement returns rows (SELECT, VALUES, … RETURNING) reads the first column of
 *       its only row instead; the processor tells which from the SQL's main keyword.
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Query {
  /**
   * The statement, with {@code :name} parameters.
   *
   * @return the SQL text; each {@code :name} binds the method parameter of that name
   */
  String value();
}
