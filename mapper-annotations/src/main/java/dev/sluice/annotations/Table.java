package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A record that is a row of a table. Implies {@link Row}; in addition the annotation processor
 * generates table metadata ({@code FilmTable}, with the constant {@code FilmTable.FILM}) for the
 * DSL, and the table's columns may be marked {@link Id} and {@link Generated}.
 *
 * <pre>{@code
 * @Table("film")
 * public record Film(@Id @Generated int filmId, String title, @Nullable String description) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Table {
  /**
   * The table's name, exactly as PostgreSQL spells it (unquoted names are lower case).
   *
   * @return the table name, unquoted
   */
  String value();

  /**
   * The table's schema, or "" for the connection's search_path.
   *
   * @return the schema name, or "" for none
   */
  String schema() default "";
}
