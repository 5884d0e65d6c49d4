package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NON_NULL;
import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.ColumnNullness.UNKNOWN;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * What the nullability inference reads from the catalog for one plan, in three queries: NOT NULL of
 * the columns of every relation the plan scans (a column's own, or its domain's; for a materialized
 * view, what the plan of its query says, one EXPLAIN more per such view), and the strictness of the
 * functions and operators its expressions call, by name over all overloads, and the columns of the
 * views it may scan as subqueries. The answers are kept per connection (the catalog does not change
 * while javac runs), so each name is looked up once per compilation.
 */
final class PlanFacts {
  /**
   * "schema\0relation\0column" to whether it may be NULL: by NOT NULL for a table, by the plan of
   * its query for a materialized view.
   */
  private final Map<String, ColumnNullness> notNull = new HashMap<>();

  /**
   * Function name to {strict and no set, returns a set, every set-returning one strict}, over every
   * overload.
   */
  private final Map<String, boolean[]> functions = new HashMap<>();

  /** Operator name to whether every operator of it is strict. */
  private final Map<String, Boolean> operators = new HashMap<>();

  /** A visible view's name to its column names in order. */
  private final Map<String, List<String>> views = new HashMap<>();

  /** What has been looked up already, found or not: relations, functions, operators, views. */
  private final Set<String> asked = new HashSet<>();

  /** The facts read over each connection, dropped with it. */
  private static final Map<Connection, PlanFacts> BY_CONNECTION =
      Collections.synchronizedMap(new WeakHashMap<>());

  private PlanFacts() {}

  /** The facts for {@code root}'s plan, read from the catalog where not read before. */
  static PlanFacts read(Connection c, PlanNode root) throws SQLException {
    PlanFacts facts = BY_CONNECTION.computeIfAbsent(c, k -> new PlanFacts());
    synchronized (facts) {
      facts.load(c, root);
    }
    return facts;
  }

  private void load(Connection c, PlanNode root) throws SQLException {
    PlanFacts facts = this;
    List<String[]> relations = new ArrayList<>();
    List<String> functionNames = new ArrayList<>();
    List<String> operatorNames = new ArrayList<>();
    List<String> subqueries = new ArrayList<>();
    collect(root, relations, functionNames, operatorNames, subqueries);
    relations.removeIf(r -> !asked.add("r\0" + r[0] + '\0' + r[1]));
    functionNames.removeIf(f -> !asked.add("f\0" + f));
    operatorNames.removeIf(o -> !asked.add("o\0" + o));
    subqueries.removeIf(v -> !asked.add("v\0" + v));
    if (!relations.isEmpty()) {
      String[] s = new String[relations.size()];
      String[] t = new String[relations.size()];
      for (int i = 0; i < s.length; i++) {
        s[i] = relations.get(i)[0];
        t[i] = relations.get(i)[1];
      }
      try (PreparedStatement p =
          c.prepareStatement(
              "SELECT n.nspname, c.relname, a.attname,"
                  + " a.attnotnull OR coalesce(d.typnotnull, false),"
                  + " CASE WHEN c.relkind = 'm' THEN pg_get_viewdef(c.oid) END"
                  + " FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
                  + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                  + " JOIN unnest(?::text[], ?::text[]) AS r(s, t)"
                  + " ON r.s = n.nspname AND r.t = c.relname"
                  + " LEFT JOIN pg_type d ON d.oid = a.atttypid AND d.typtype = 'd'"
                  + " WHERE a.attnum > 0 AND NOT a.attisdropped ORDER BY c.oid, a.attnum")) {
        p.setArray(1, c.createArrayOf("text", s));
        p.setArray(2, c.createArrayOf("text", t));
        Map<String, String> matviews = new HashMap<>();
        Map<String, List<String>> matviewColumns = new HashMap<>();
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            String relation = r.getString(1) + '\0' + r.getString(2);
            facts.notNull.put(
                key(r.getString(1), r.getString(2), r.getString(3)),
                r.getBoolean(4) ? NON_NULL : NULLABLE);
            if (r.getString(5) != null) {
              matviews.put(relation, r.getString(5));
              matviewColumns.computeIfAbsent(relation, k -> new ArrayList<>()).add(r.getString(3));
            }
          }
        }
        for (Map.Entry<String, String> m : matviews.entrySet()) {
          followMatview(c, m.getKey(), m.getValue(), matviewColumns.get(m.getKey()));
        }
      }
    }
    if (!functionNames.isEmpty()) {
      try (PreparedStatement p =
          c.prepareStatement(
              "SELECT proname, bool_and(proisstrict AND NOT proretset), bool_or(proretset),"
                  + " bool_and(proisstrict OR NOT proretset)"
                  + " FROM pg_proc WHERE proname = ANY (?::text[]) GROUP BY proname")) {
        p.setArray(1, c.createArrayOf("text", functionNames.toArray()));
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            facts.functions.put(
                r.getString(1), new boolean[] {r.getBoolean(2), r.getBoolean(3), r.getBoolean(4)});
          }
        }
      }
    }
    if (!operatorNames.isEmpty()) {
      try (PreparedStatement p =
          c.prepareStatement(
              "SELECT o.oprname, bool_and(f.proisstrict) FROM pg_operator o"
                  + " JOIN pg_proc f ON f.oid = o.oprcode"
                  + " WHERE o.oprname = ANY (?::text[]) GROUP BY o.oprname")) {
        p.setArray(1, c.createArrayOf("text", operatorNames.toArray()));
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            facts.operators.put(r.getString(1), r.getBoolean(2));
          }
        }
      }
    }
    if (!subqueries.isEmpty()) {
      try (PreparedStatement p =
          c.prepareStatement(
              "SELECT c.relname, array_agg(a.attname::text ORDER BY a.attnum)"
                  + " FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid"
                  + " WHERE c.relkind = 'v' AND c.relname = ANY (?::text[])"
                  + " AND pg_table_is_visible(c.oid) AND a.attnum > 0 AND NOT a.attisdropped"
                  + " GROUP BY c.relname")) {
        p.setArray(1, c.createArrayOf("text", subqueries.toArray()));
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            List<String> names = new ArrayList<>();
            for (Object o : (Object[]) r.getArray(2).getArray()) {
              names.add((String) o);
            }
            facts.views.put(r.getString(1), names);
          }
        }
      }
    }
  }

  /**
   * A materialized view's columns as its query yields them (as a view's are followed into its
   * query): the plan of the definition, one EXPLAIN per materialized view and connection; a column
   * it proves non-null is NON_NULL, else what the plan says (UNKNOWN when it cannot be planned),
   * unless the column is NOT NULL itself.
   */
  private void followMatview(Connection c, String relation, String definition, List<String> names)
      throws SQLException {
    String sql = definition.strip();
    if (sql.endsWith(";")) {
      sql = sql.substring(0, sql.length() - 1);
    }
    List<ColumnNullness> inferred = NullabilityInference.infer(c, sql, List.of());
    for (int i = 0; i < names.size(); i++) {
      String k = relation + '\0' + names.get(i);
      if (notNull.get(k) != NON_NULL) {
        notNull.put(k, i < inferred.size() ? inferred.get(i) : UNKNOWN);
      }
    }
  }

  private static void collect(
      PlanNode node,
      List<String[]> relations,
      List<String> functions,
      List<String> operators,
      List<String> subqueries) {
    if (node.relation != null && node.schema != null) {
      relations.add(new String[] {node.schema, node.relation});
    }
    if (node.type.equals("Subquery Scan") && node.alias != null) {
      subqueries.add(node.alias);
    }
    for (String item : node.output) {
      ExpressionNullness.collectNames(item, functions, operators);
    }
    if (node.functionCall != null) {
      ExpressionNullness.collectNames(node.functionCall, functions, operators);
    }
    for (PlanNode child : node.children) {
      collect(child, relations, functions, operators, subqueries);
    }
  }

  /** Whether column {@code name} of the relation is NOT NULL; UNKNOWN if it has none so named. */
  ColumnNullness column(String schema, String relation, String name) {
    ColumnNullness v = notNull.get(key(schema, relation, name));
    return v == null ? UNKNOWN : v;
  }

  /**
   * The columns of the view a subquery scan so named may be (its alias is the view's name unless
   * the query renamed it), or null.
   */
  List<String> viewColumns(String alias) {
    return views.get(alias);
  }

  Boolean strictFunction(String name) {
    boolean[] f = functions.get(name);
    return f == null ? null : f[0];
  }

  boolean setReturning(String name) {
    boolean[] f = functions.get(name);
    return f != null && f[1];
  }

  boolean strictSet(String name) {
    boolean[] f = functions.get(name);
    return f != null && f[1] && f[2];
  }

  boolean strictOperator(String name) {
    return Boolean.TRUE.equals(operators.get(name));
  }

  private static String key(String schema, String relation, String column) {
    return schema + '\0' + relation + '\0' + column;
  }
}
