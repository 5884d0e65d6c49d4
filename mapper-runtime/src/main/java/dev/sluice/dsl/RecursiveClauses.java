package dev.sluice.dsl;

import java.util.ArrayList;
import java.util.List;

/**
 * A recursive CTE's {@code SEARCH} and {@code CYCLE} clauses (PostgreSQL 14+), written after its
 * body: {@code SEARCH DEPTH FIRST BY id SET ord CYCLE id SET is_cycle USING path}. SEARCH adds a
 * column to order the rows by (depth-first: each row after its parent and its parent's earlier
 * children; breadth-first: by depth); CYCLE stops the recursion at a row whose columns were seen on
 * its path, marking it, and adds the mark and the path as columns. Immutable; each step makes a new
 * one, checked as it is made.
 */
final class RecursiveClauses {
  static final RecursiveClauses NONE =
      new RecursiveClauses(null, List.of(), null, List.of(), null, null);

  /** "DEPTH" or "BREADTH"; null without SEARCH. */
  private final String searchOrder;

  private final List<String> searchBy;

  /** The column SEARCH sets; null without SEARCH. */
  final String sequence;

  private final List<String> cycleColumns;

  /** The columns CYCLE sets; null without CYCLE. */
  final String mark;

  final String path;

  private RecursiveClauses(
      String searchOrder,
      List<String> searchBy,
      String sequence,
      List<String> cycleColumns,
      String mark,
      String path) {
    this.searchOrder = searchOrder;
    this.searchBy = searchBy;
    this.sequence = sequence;
    this.cycleColumns = cycleColumns;
    this.mark = mark;
    this.path = path;
  }

  /** These clauses with a SEARCH; {@code cte} names the CTE in messages. */
  RecursiveClauses search(String cte, String order, List<String> by, String sequence) {
    if (searchOrder != null) {
      throw new IllegalStateException("CTE " + cte + " has a SEARCH clause already");
    }
    if (mark != null) {
      throw new IllegalStateException(
          "CTE " + cte + ": say SEARCH before CYCLE, as PostgreSQL writes them");
    }
    return new RecursiveClauses(order, by, sequence, cycleColumns, mark, path);
  }

  /** These clauses with a CYCLE. */
  RecursiveClauses cycle(String cte, List<String> columns, String mark, String path) {
    if (this.mark != null) {
      throw new IllegalStateException("CTE " + cte + " has a CYCLE clause already");
    }
    return new RecursiveClauses(searchOrder, searchBy, sequence, columns, mark, path);
  }

  /** The names of the columns these clauses add. */
  List<String> added() {
    List<String> names = new ArrayList<>(3);
    if (sequence != null) {
      names.add(sequence);
    }
    if (mark != null) {
      names.add(mark);
      names.add(path);
    }
    return names;
  }

  /** {@code SEARCH … CYCLE …}, each with its leading space; nothing for none. */
  void render(SqlWriter w) {
    if (searchOrder != null) {
      w.append(" SEARCH ").append(searchOrder).append(" FIRST BY ");
      names(w, searchBy);
      w.append(" SET ").identifier(sequence);
    }
    if (mark != null) {
      w.append(" CYCLE ");
      names(w, cycleColumns);
      w.append(" SET ").identifier(mark).append(" USING ").identifier(path);
    }
  }

  private static void names(SqlWriter w, List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      w.append(i == 0 ? "" : ", ").identifier(names.get(i));
    }
  }
}
