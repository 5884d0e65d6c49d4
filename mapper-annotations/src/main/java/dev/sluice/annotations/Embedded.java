package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component whose type is a record flattened into columns of the enclosing row: each of its
 * components maps to {@code prefix + column}. With {@code record Address(String street, String
 * city)}, {@code @Embedded("billing_") Address billing} reads {@code billing_street} and {@code
 * billing_city}. The embedded record needs no annotation of its own.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Embedded {
  /**
   * Put before the name of each of the embedded record's columns; "" for none.
   *
   * @return the column name prefix, or "" for none
   */
  String value() default "";
}
