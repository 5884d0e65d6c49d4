package dev.sluice.dsl;

/** A function of three tables (or aliases), for conditions over a three-table join. */
@FunctionalInterface
public interface Function3<A, B, C, V> {
  V apply(A a, B b, C c);
}
