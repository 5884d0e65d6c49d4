package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A record that rows of any query can be read into: the annotation processor generates a decoder
 * ({@code TitleCountDecoder} for {@code TitleCount}) that maps each component to the column of the
 * same name in snake_case ({@link Column} overrides it).
 *
 * <pre>{@code
 * @Row
 * public record TitleCount(String title, long rentals) {}
 *
 * List<TitleCount> top = db.query("SELECT title, count(*) AS rentals FROM …", TitleCount.class);
 * }</pre>
 *
 * <p>The record must be accessible from its package (not private, not local) and not generic. A
 * {@link Table} record needs no {@code @Row}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Row {}
