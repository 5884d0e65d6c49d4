package dev.sluice.generated;

import dev.sluice.annotations.Label;
import java.nio.charset.StandardCharsets;

/**
 * The PostgreSQL labels of a Java enum's constants, encoded once: a constant's label is its {@link
 * Label} or else its name. Decoding compares the received bytes with each label's bytes, so reading
 * an enum column creates no String.
 */
public final class EnumLabels<E extends Enum<E>> {
  private static final ClassValue<EnumLabels<?>> CACHE =
      new ClassValue<>() {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        protected EnumLabels<?> computeValue(Class<?> type) {
          return new EnumLabels(type.asSubclass(Enum.class));
        }
      };

  private final Class<E> type;

  /** The type's simple name, for errors: looked up once, not for each value read. */
  private final String simpleName;

  private final E[] constants;
  private final String[] labels;
  private final byte[][] labelBytes;

  private EnumLabels(Class<E> type) {
    this.type = type;
    this.simpleName = type.getSimpleName();
    this.constants = type.getEnumConstants();
    this.labels = new String[constants.length];
    this.labelBytes = new byte[constants.length][];
    for (int i = 0; i < constants.length; i++) {
      String label = constants[i].name();
      try {
        Label annotation = type.getField(constants[i].name()).getAnnotation(Label.class);
        if (annotation != null) {
          label = annotation.value();
        }
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException("enum constant " + constants[i] + " has no field", e);
      }
      labels[i] = label;
      labelBytes[i] = label.getBytes(StandardCharsets.UTF_8);
    }
  }

  /**
   * The labels of {@code type}, computed once per class and then shared.
   *
   * @param <E> the enum type
   * @param type the enum's class
   * @return the labels of its constants
   * @throws IllegalStateException if a constant's field cannot be found by reflection (its {@code
   *     Label} is then unknown)
   */
  @SuppressWarnings("unchecked")
  public static <E extends Enum<E>> EnumLabels<E> of(Class<E> type) {
    return (EnumLabels<E>) CACHE.get(type);
  }

  /**
   * The enum type whose labels these are.
   *
   * @return the enum's class
   */
  public Class<E> type() {
    return type;
  }

  /**
   * The enum type's simple name, looked up once, for error messages.
   *
   * @return {@link Class#getSimpleName()} of {@link #type()}
   */
  public String simpleName() {
    return simpleName;
  }

  /**
   * The PostgreSQL label of {@code constant}, as bound in a parameter.
   *
   * @param constant one of the enum's constants, not null
   * @return its {@code @Label}'s value, or else its name
   */
  public String label(E constant) {
    return labels[constant.ordinal()];
  }

  /**
   * The constant whose label is the UTF-8 bytes {@code buf[off, off + len)}, as a row carries it;
   * no String is made.
   *
   * @param buf the bytes holding the label
   * @param off where the label starts in {@code buf}
   * @param len the label's length in bytes
   * @return the constant, or null when no label has exactly these bytes
   */
  public E find(byte[] buf, int off, int len) {
    byte[][] all = labelBytes;
    outer:
    for (int i = 0; i < all.length; i++) {
      byte[] l = all[i];
      if (l.length != len) {
        continue;
      }
      for (int k = 0; k < len; k++) {
        if (l[k] != buf[off + k]) {
          continue outer;
        }
      }
      return constants[i];
    }
    return null;
  }

  /**
   * The constant for {@code label}, as text.
   *
   * @param label a PostgreSQL label of the enum type
   * @return the constant, or null when no constant has that label
   */
  public E find(String label) {
    for (int i = 0; i < labels.length; i++) {
      if (labels[i].equals(label)) {
        return constants[i];
      }
    }
    return null;
  }
}
