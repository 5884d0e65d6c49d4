package dev.sluice.processor;

import static dev.sluice.processor.PlanWalk.plainColumn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which result columns of a statement can be NULL, read from PostgreSQL's own plan: the generic
 * plan of the statement with its {@code $n} parameters ({@link GenericPlan}: planned, never
 * executed; {@code GENERIC_PLAN} from PostgreSQL 16, PREPARE and EXPLAIN EXECUTE before). The top
 * node's {@code Output} is the target list in order; each entry is judged by {@link
 * ExpressionNullness}, and each column it names is followed down the plan to its scan: the nullable
 * side of an outer join as the planner arranged the joins (it swaps and reduces them, so the SQL
 * text would mislead), a table's NOT NULL, a CTE's or subquery's own output, the members of a
 * UNION. The rules and their limits are listed in the processor README.
 *
 * <p>Misuse: the answer is only as good as the plan; a server that cannot explain the statement (a
 * statement EXPLAIN or PREPARE refuses) gives an empty list, which means unknown.
 */
final class NullabilityInference {
  private NullabilityInference() {}

  /**
   * The nullability of each column of the statement's result, in order (junk columns the planner
   * adds for sorting may follow them), or an empty list when the plan cannot be had.
   *
   * @param sqlWithDollarParams the statement as the checks describe it, {@code $n} parameters,
   *     those with a type the runtime declares already cast to it ({@code ($1::int4)})
   * @param parameterTypeNames the type declared for each {@code $n}, null where PostgreSQL infers
   *     it; the casts in the SQL carry them, so here they only complete the key of the answer (a
   *     recorded snapshot's entry)
   */
  static List<ColumnNullness> infer(
      Connection c, String sqlWithDollarParams, List<String> parameterTypeNames)
      throws SQLException {
    return inferWithCauses(c, sqlWithDollarParams, parameterTypeNames).nullness;
  }

  /** What {@link #infer} answers, and for each NULLABLE column the cause the plan shows. */
  static final class Inferred {
    static final Inferred NONE = new Inferred(List.of(), List.of());

    /** As {@link #infer} answers. */
    final List<ColumnNullness> nullness;

    /**
     * At each position of {@link #nullness}, the one node that makes the column NULLABLE, for a
     * message (see {@link NullCauses}); null where the column is not NULLABLE or the cause is not
     * named.
     */
    final List<String> causes;

    Inferred(List<ColumnNullness> nullness, List<String> causes) {
      this.nullness = nullness;
      this.causes = causes;
    }
  }

  static Inferred inferWithCauses(
      Connection c, String sqlWithDollarParams, List<String> parameterTypeNames)
      throws SQLException {
    if (!StatementText.isOneStatement(sqlWithDollarParams)) {
      return Inferred.NONE;
    }
    PlanNode root = explain(c, sqlWithDollarParams, parameterTypeNames);
    if (root == null) {
      return Inferred.NONE;
    }
    PlanFacts facts = PlanFacts.read(c, root);
    Map<String, List<String>> cteColumns = new HashMap<>();
    String with = StatementText.withClause(sqlWithDollarParams);
    if (with != null) {
      for (String cte : PlanWalk.cteNames(root)) {
        List<String> names = cteColumns(c, with, cte, parameterTypeNames);
        if (names != null) {
          cteColumns.put(cte, names);
        }
      }
    }
    Map<String, List<SubqueryText.Item>> subqueryColumns =
        new HashMap<>(SubqueryText.columns(sqlWithDollarParams));
    Map<String, String> unread = SubqueryText.unread(sqlWithDollarParams);
    if (!unread.isEmpty()) {
      Set<String> scanned = PlanWalk.subqueryScans(root);
      for (Map.Entry<String, String> e : unread.entrySet()) {
        if (scanned.contains(e.getKey())) {
          List<String> names = subqueryColumns(c, with, e.getValue(), parameterTypeNames);
          if (names != null) {
            subqueryColumns.put(e.getKey(), items(names));
          }
        }
      }
    }
    // Before 14 both subplans of a hashable sublink stay in the plan ("alternatives: …"), which
    // the planner's order (SublinkOrder) does not count.
    int major = c.getMetaData().getDatabaseMajorVersion();
    PlanInference inference =
        new PlanInference(
            root,
            facts,
            StatementText.framesHoldCurrentRow(sqlWithDollarParams),
            major >= 17 ? null : SubqueryText.sublinks(sqlWithDollarParams, major >= 14),
            StatementText.subqueryAliases(sqlWithDollarParams),
            subqueryColumns,
            cteColumns,
            StatementText.ordinality(sqlWithDollarParams),
            StatementText.columnAliases(sqlWithDollarParams),
            sqlWithDollarParams);
    List<ColumnNullness> nullness = inference.outputs(root, 0);
    List<String> causes = new ArrayList<>(nullness.size());
    for (int i = 0; i < nullness.size(); i++) {
      causes.add(
          nullness.get(i) == ColumnNullness.NULLABLE ? inference.causes.at(root, i, 0) : null);
    }
    return new Inferred(
        Collections.unmodifiableList(nullness), Collections.unmodifiableList(causes));
  }

  /** The plan of {@code sql}, or null when EXPLAIN refuses it; only a lost connection throws. */
  private static PlanNode explain(Connection c, String sql, List<String> parameterTypeNames)
      throws SQLException {
    String json = GenericPlan.explain(c, sql, parameterTypeNames);
    if (json == null) {
      return null;
    }
    try {
      return PlanNode.fromExplain(PlanJson.parse(json));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The column names of a FROM subquery whose select list the text does not give ({@code SELECT *,
   * …}), in order, from the plan of a probe: the subquery as one more CTE of the statement's WITH
   * list, read as {@link #cteColumns} reads a CTE. Null when the probe cannot be planned (a LATERAL
   * subquery that reads the query around it).
   */
  private static List<String> subqueryColumns(
      Connection c, String with, String subquery, List<String> parameterTypeNames)
      throws SQLException {
    String probe = (with == null ? "WITH " : with + ", ") + "sluice_star AS (" + subquery + ")";
    return cteColumns(c, probe, "sluice_star", parameterTypeNames);
  }

  /** Names as select-list items that are no plain column read ({@code column} null). */
  private static List<SubqueryText.Item> items(List<String> names) {
    List<SubqueryText.Item> out = new ArrayList<>(names.size());
    for (String name : names) {
      out.add(new SubqueryText.Item(name, null));
    }
    return out;
  }

  /**
   * The column names of CTE {@code cte}, in order, from the plan of a probe: the statement's WITH
   * list and {@code SELECT cte.* FROM cte, cte AS sluice_probe}, which keeps the CTE a scan of its
   * own (it is referenced twice, so not inlined) whose output is every column by name. Null when
   * the probe cannot be planned.
   */
  private static List<String> cteColumns(
      Connection c, String with, String cte, List<String> parameterTypeNames) throws SQLException {
    String name = "\"" + cte.replace("\"", "\"\"") + "\"";
    PlanNode probe =
        explain(
            c,
            with + " SELECT " + name + ".* FROM " + name + ", " + name + " AS sluice_probe",
            parameterTypeNames);
    if (probe == null) {
      return null;
    }
    List<String> names = new ArrayList<>();
    for (String item : probe.output) {
      String[] column = plainColumn(item);
      if (column == null || (column[0] != null && !column[0].equals(cte))) {
        return null;
      }
      names.add(column[1]);
    }
    return names;
  }
}
