package dev.sluice.dsl;

/** A SELECT list waiting for its first table. */
public interface SelectFromStep<T> extends Select<T> {
  /** {@code FROM table}. */
  SelectJoinStep<T> from(Table<?> table);
}
