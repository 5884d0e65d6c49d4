package dev.sluice.dsl;

import java.util.List;

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

  static <R> MergeUsingStep<R> mergeInto(StatementExecutor queries, Table<R> target) {
    if (target == null) {
      throw new IllegalArgumentException("mergeInto(null): pass the target table");
    }
    return new MergeQuery<>(queries, target);
  }

  static <A extends Table<R>, R> Cte<A> cte(
      String name, A shape, FetchStep<? extends R> returning) {
    return Ctes.ofDml(checkName(name), shape, returning);
  }

  static <T> Cte<Table<T>> cte(String name, FetchStep<T> returning) {
    return Ctes.ofDml(checkName(name), returning);
  }

  static Cte<Table<Void>> cte(String name, ReturningStep<?> statement) {
    return Ctes.ofSideEffect(checkName(name), statement);
  }

  static String checkName(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a CTE needs a name: '" + name + "'");
    }
    return name;
  }

  static Expression<String> mergeAction() {
    return new Expression.Call<>(String.class, "merge_action", "", List.of());
  }
}
