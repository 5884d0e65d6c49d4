package dev.sluice.dsl;

/**
 * A complete SELECT: run it with {@link #fetch()}, or use it as a subquery ({@link
 * Expression#in(Select)}, {@link Dsl#exists(Select)}). Only the DSL implements it.
 *
 * @param <T> what each row is read into
 */
public interface Select<T> extends FetchStep<T> {}
