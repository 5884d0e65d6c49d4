package dev.sluice.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives the test class its own fresh database on the {@link PgServer#shared() shared server},
 * dropped after the class: constructor, lifecycle-method and test-method parameters of type {@link
 * TestDatabase} receive it, parameters of type {@link PgServer} the shared server. Nested classes
 * share the enclosing class's database.
 *
 * <pre>{@code
 * @PgTest(pagila = true)
 * class FilmTest {
 *   @Test
 *   void countsFilms(TestDatabase db) throws SQLException { … }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PgExtension.class)
public @interface PgTest {
  /**
   * Whether the database is a copy of the Pagila sample database rather than empty.
   *
   * @return true for a copy of Pagila, false (the default) for an empty database
   */
  boolean pagila() default false;
}
