package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Reads a component through a converter: a public, non-abstract class with a public no-argument
 * constructor implementing {@code dev.sluice.Converter<C, T>}, where {@code C} is a type Sluice
 * reads directly (String, Integer, BigDecimal, Instant, …) and {@code T} is the component's type.
 * Generated code creates one instance per decoder class and calls it without reflection.
 *
 * <pre>{@code
 * public final class EmailConverter implements Converter<String, Email> {
 *   public Email fromColumn(String value) { return new Email(value); }
 *   public String toColumn(Email value) { return value.address(); }
 * }
 *
 * public record Customer(int customerId, @Convert(EmailConverter.class) @Nullable Email email) {}
 * }</pre>
 *
 * <p>NULL is never passed to a converter: a nullable component is null for NULL.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Convert {
  /**
   * The converter class.
   *
   * @return a class implementing the runtime's converter interface for the component's type
   */
  Class<?> value();
}
