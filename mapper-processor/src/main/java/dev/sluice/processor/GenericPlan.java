package dev.sluice.processor;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.core.BaseStatement;
import org.postgresql.core.QueryExecutor;

/**
 * The generic plan of a statement with {@code $n} parameters, as {@code EXPLAIN (VERBOSE, FORMAT
 * JSON)} prints it; planned, never executed. Two ways to the same plan:
 *
 * <ul>
 *   <li>PostgreSQL 16 and later: {@code EXPLAIN (…, GENERIC_PLAN)} of the statement, one round
 *       trip;
 *   <li>before 16, which has no GENERIC_PLAN: in a transaction, {@code SET LOCAL plan_cache_mode =
 *       force_generic_plan} and {@code SET LOCAL enable_partition_pruning = off} (with NULL
 *       arguments the planner would otherwise prune every partition away), {@code PREPARE} with the
 *       parameter types, {@code EXPLAIN (…) EXECUTE} with NULL arguments, {@code DEALLOCATE},
 *       {@code ROLLBACK}. The generic plan shows {@code $n} where a custom one would show the
 *       arguments, so the inference reads both alike.
 * </ul>
 *
 * <p>Misuse: the connection must be in autocommit mode (the checks' connections are); the older
 * path opens and ends its own transaction. PREPARE is not transactional, so the prepared statement
 * is deallocated whatever happens, and the ROLLBACK undoes the settings.
 */
final class GenericPlan {
  /** The name of the statement the older path prepares; one at a time per connection. */
  static final String STATEMENT_NAME = "sluice_generic_plan";

  /** A type name as the runtime declares one ({@code int4}, {@code _text}, {@code numeric[]}). */
  private static final Pattern TYPE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_. ]*(\\[\\])*");

  /**
   * An InitPlan as servers before 17 name it: {@code "Subplan Name": "InitPlan 1 (returns $0,$1)"}.
   */
  private static final Pattern OLD_INIT_PLAN =
      Pattern.compile("\"Subplan Name\": \"InitPlan (\\d+) \\(returns (\\$\\d+(?:,\\$\\d+)*)\\)\"");

  /** A {@code $k} parameter reference in the plan's text. */
  private static final Pattern PARAMETER = Pattern.compile("\\$\\d+(?!\\d)");

  private GenericPlan() {}

  /**
   * The plan as JSON text, or null when PostgreSQL refuses to plan the statement (a syntax or
   * catalog error, a statement PREPARE does not take); only a lost connection throws.
   *
   * @param parameterTypeNames the declared type of each {@code $n} where known, null elsewhere (or
   *     an empty list): PostgreSQL infers the others
   */
  static String explain(Connection c, String sql, List<String> parameterTypeNames)
      throws SQLException {
    String json =
        c.getMetaData().getDatabaseMajorVersion() >= 16
            ? query(c, "EXPLAIN (VERBOSE, FORMAT JSON, GENERIC_PLAN) " + sql)
            : explainPrepared(c, sql, parameterTypeNames);
    return json == null ? null : withInitPlanColumns(json, parameterCount(sql));
  }

  /**
   * The plan as PostgreSQL 17 prints an InitPlan's value, {@code (InitPlan 1).col1}, where servers
   * before 17 print the parameter it sets, {@code $0}, and name the InitPlan {@code InitPlan 1
   * (returns $0)}. A {@code $k} that is also one of the statement's own parameters ({@code 1 ≤ k ≤
   * parameters}) cannot be told apart and stays as it is, which the inference reads as undecided. A
   * plan without such InitPlans (every plan of 17 and later) is returned as it is.
   */
  static String withInitPlanColumns(String json, int parameters) {
    if (!json.contains(" (returns $")) {
      return json;
    }
    Map<String, String> columns = new HashMap<>();
    Matcher initPlan = OLD_INIT_PLAN.matcher(json);
    StringBuilder renamed = new StringBuilder();
    while (initPlan.find()) {
      String[] returned = initPlan.group(2).split(",");
      for (int j = 0; j < returned.length; j++) {
        int k = Integer.parseInt(returned[j].trim().substring(1));
        if (k < 1 || k > parameters) {
          columns.put("$" + k, "(InitPlan " + initPlan.group(1) + ").col" + (j + 1));
        }
      }
      initPlan.appendReplacement(
          renamed, "\"Subplan Name\": \"InitPlan " + initPlan.group(1) + "\"");
    }
    initPlan.appendTail(renamed);
    Matcher parameter = PARAMETER.matcher(renamed);
    StringBuilder out = new StringBuilder();
    while (parameter.find()) {
      String column = columns.get(parameter.group());
      parameter.appendReplacement(
          out, Matcher.quoteReplacement(column != null ? column : parameter.group()));
    }
    return parameter.appendTail(out).toString();
  }

  private static String explainPrepared(Connection c, String sql, List<String> parameterTypeNames)
      throws SQLException {
    int parameters = parameterCount(sql);
    StringBuilder prepare = new StringBuilder("PREPARE ").append(STATEMENT_NAME);
    StringBuilder execute = new StringBuilder("EXPLAIN (VERBOSE, FORMAT JSON) EXECUTE ");
    execute.append(STATEMENT_NAME);
    if (parameters > 0) {
      prepare.append('(');
      execute.append('(');
      for (int i = 0; i < parameters; i++) {
        String type = i < parameterTypeNames.size() ? parameterTypeNames.get(i) : null;
        prepare.append(i == 0 ? "" : ", ");
        prepare.append(type != null && TYPE_NAME.matcher(type).matches() ? type : "unknown");
        execute.append(i == 0 ? "NULL" : ", NULL");
      }
      prepare.append(')');
      execute.append(')');
    }
    prepare.append(" AS ").append(sql);
    boolean prepared = false;
    try {
      run(c, "BEGIN");
      run(c, "SET LOCAL plan_cache_mode = force_generic_plan");
      run(c, "SET LOCAL enable_partition_pruning = off");
      run(c, prepare.toString());
      prepared = true;
      return query(c, execute.toString());
    } catch (SQLException refused) {
      if (c.isClosed()) {
        throw refused;
      }
      return null;
    } finally {
      // DEALLOCATE outside the (possibly aborted) transaction: PREPARE survives a ROLLBACK.
      if (!c.isClosed()) {
        run(c, "ROLLBACK");
        if (prepared) {
          run(c, "DEALLOCATE " + STATEMENT_NAME);
        }
      }
    }
  }

  /** The highest {@code $n} of the statement, 0 without parameters. */
  static int parameterCount(String sql) {
    int max = 0;
    for (Token t : DeparsedLexer.tokens(sql)) {
      if (t.kind == Kind.PARAM) {
        max = Math.max(max, Integer.parseInt(t.text.substring(1)));
      }
    }
    return max;
  }

  /**
   * The first column of the first row, or null when PostgreSQL refuses the statement. In the simple
   * query protocol: in the extended one the {@code $n} would be the EXPLAIN's own parameters.
   */
  private static String query(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setEscapeProcessing(false);
      s.unwrap(BaseStatement.class).executeWithFlags(sql, QueryExecutor.QUERY_EXECUTE_AS_SIMPLE);
      try (ResultSet r = s.getResultSet()) {
        return r == null || !r.next() ? null : r.getString(1);
      }
    } catch (SQLException e) {
      if (c.isClosed()) {
        throw e;
      }
      return null;
    }
  }

  private static void run(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setEscapeProcessing(false);
      s.unwrap(BaseStatement.class).executeWithFlags(sql, QueryExecutor.QUERY_EXECUTE_AS_SIMPLE);
    }
  }
}
