package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The PostgreSQL enum label of a Java enum constant, where it is no Java identifier:
 * {@code @Label("PG-13") PG_13}. Constants without it match the label equal to their name.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Label {
  /**
   * The enum label, exactly as PostgreSQL spells it.
   *
   * @return the label this constant reads from and writes to
   */
  String value();
}
