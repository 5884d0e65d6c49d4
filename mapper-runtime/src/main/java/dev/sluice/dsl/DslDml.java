package dev.sluice.dsl;

/**
 * The bodies of {@link Dsl}'s MERGE, data-modifying CTE and upsert entry points, which delegate
 * here in one line each.
 */
final class DslDml {
  private DslDml() {}

  @SuppressWarnings("unchecked")
  static <A extends Table<R>, R> A excluded(A table) {
    if (table == null) {
      throw new IllegalArgumentException("excluded(null): pass the inserted table");
    }
    return (A) table.named("excluded");
  }
}
