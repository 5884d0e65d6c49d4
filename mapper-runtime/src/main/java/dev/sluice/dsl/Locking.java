package dev.sluice.dsl;

import java.util.List;

/**
 * A SELECT's locking clause: {@code FOR UPDATE [OF t, …] [NOWAIT | SKIP LOCKED]}. Set by the steps
 * of {@link SelectLockStep}; rendered last, after LIMIT and OFFSET.
 */
final class Locking extends QueryPart {
  /** " FOR UPDATE", " FOR SHARE", …, with its leading space. */
  private final String strength;

  /** The tables of {@code OF}; empty for every table of the query. */
  private final List<Table<?>> tables;

  /** "", " NOWAIT" or " SKIP LOCKED". */
  private final String waitPolicy;

  Locking(String strength, List<Table<?>> tables, String waitPolicy) {
    this.strength = strength;
    this.tables = tables;
    this.waitPolicy = waitPolicy;
  }

  Locking of(Table<?>[] of) {
    if (of.length == 0) {
      // OF nothing is not "every table": say which, or leave out of(…) for every table.
      throw new IllegalArgumentException(
          strength.strip() + " OF needs at least one table; leave out of() to lock every table");
    }
    return new Locking(strength, List.of(of), waitPolicy);
  }

  Locking waitPolicy(String policy) {
    return new Locking(strength, tables, policy);
  }

  @Override
  void render(SqlWriter w) {
    w.append(strength);
    for (int i = 0; i < tables.size(); i++) {
      w.append(i == 0 ? " OF " : ", ").identifier(tables.get(i).alias());
    }
    w.append(waitPolicy);
  }
}
