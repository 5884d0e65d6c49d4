package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The column a record component maps to, where it is not the snake_case of the component's name
 * ({@code filmId} maps to {@code film_id}, {@code httpURL} to {@code http_url}, {@code address2} to
 * {@code address2}). Inside an {@link Embedded} record the name is still prefixed.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Column {
  /**
   * The column's name, exactly as PostgreSQL spells it.
   *
   * @return the column name, unquoted
   */
  String value();
}
