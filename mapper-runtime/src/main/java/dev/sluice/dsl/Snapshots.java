package dev.sluice.dsl;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * Copies of the caller's mutable values, taken when a condition, expression or row is built, so
 * that a built statement is immutable and may be shared: a list cleared after {@code
 * contains(list)} or {@code eq(convertedValue)} must not change what an UPDATE or DELETE touches.
 * Collections become unmodifiable lists (the parameter encoder binds any collection as an array, in
 * iteration order) and arrays are cloned, each level down, since an element may be an array too.
 */
final class Snapshots {
  private Snapshots() {}

  /** {@code value}, or a copy of it if it is a collection or an array; null stays null. */
  static Object of(Object value) {
    if (value instanceof Collection<?> c) {
      List<Object> copy = new ArrayList<>(c.size());
      for (Object e : c) {
        copy.add(of(e));
      }
      return Collections.unmodifiableList(copy);
    }
    if (value != null && value.getClass().isArray()) {
      if (value instanceof Object[] a) {
        Object[] copy = a.clone();
        for (int i = 0; i < copy.length; i++) {
          copy[i] = of(copy[i]);
        }
        return copy;
      }
      int n = Array.getLength(value);
      Object copy = Array.newInstance(value.getClass().getComponentType(), n);
      System.arraycopy(value, 0, copy, 0, n);
      return copy;
    }
    return value;
  }

  /** A copy of {@code args}, each element as {@link #of(Object)} makes it. */
  static Object[] ofEach(Object[] args) {
    Object[] copy = args.clone();
    for (int i = 0; i < copy.length; i++) {
      copy[i] = of(copy[i]);
    }
    return copy;
  }
}
