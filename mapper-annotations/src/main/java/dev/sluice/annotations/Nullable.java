package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component that may be null (its column may be NULL). Components without it are read as never
 * null, and a NULL in their column fails with SQLSTATE 22004 naming the column and the component.
 *
 * <p>Any annotation whose simple name is {@code Nullable} counts (JSpecify, JetBrains, Jakarta, …),
 * on the component, its type, its accessor or its constructor parameter. {@code Optional}
 * components are nullable without it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE
})
public @interface Nullable {}
