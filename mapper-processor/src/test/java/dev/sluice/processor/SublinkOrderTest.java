package dev.sluice.processor;

import static dev.sluice.processor.SublinkOrder.Kind.SCALAR;
import static dev.sluice.processor.SublinkOrder.Kind.TEST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.processor.SublinkOrder.Sublink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link SublinkOrder}: the statement's sublinks in the order the planner numbers them, and the
 * line-up of a plan's subplans with them. The plans here are written by hand in the shape servers
 * before 17 print; {@code NullabilityInferenceTest} runs real ones.
 */
class SublinkOrderTest {
  private static String kinds(String sql) {
    List<Sublink> read = SublinkOrder.read(sql);
    if (read == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Sublink s : read) {
      out.add(
          s.kind()
              + (s.operand() == null ? "" : s.operand().toString())
              + (s.skippable() ? "?" : ""));
    }
    return String.join(" ", out);
  }

  @Test
  void selectListThenOnAndWhereThenHaving() {
    assertThat(
            kinds(
                "SELECT (SELECT 1), a.x IN (SELECT y FROM t), ARRAY(SELECT 1), EXISTS (SELECT 1)"
                    + " FROM a JOIN b ON b.k = a.k AND b.z = ANY (SELECT z FROM u)"
                    + " WHERE a.x NOT IN (SELECT y FROM t) AND (a.x, a.y) IN (SELECT 1, 2)"
                    + " OR a.y > ALL (SELECT 3) OR NOT EXISTS (SELECT 1)"
                    + " GROUP BY 1 HAVING count(*) > (SELECT 4)"))
        .isEqualTo(
            "SCALAR TEST[a.x] ARRAY EXISTS TEST[b.z]? TEST[a.x] TEST[a.x, a.y]? TEST[a.y]"
                + " EXISTS? SCALAR");
    // Anything in ON may go with a join the planner removes.
    assertThat(kinds("SELECT 1 FROM a LEFT JOIN b ON b.k = (SELECT 1)")).isEqualTo("SCALAR?");
    assertThat(kinds("SELECT 1 FROM a JOIN (b JOIN c ON c.k IN (SELECT 1)) ON (b.k = (SELECT 2))"))
        .isEqualTo("TEST[c.k]? SCALAR?");
    // Nested sublinks are planned inside their own; FROM subqueries and CTEs without any are
    // fine; comments and strings do not count.
    assertThat(
            kinds(
                "WITH w AS (SELECT 1 AS k) SELECT (SELECT max(k) FROM w WHERE k IN (SELECT 1)),"
                    + " '(SELECT 1)' /* (SELECT 2) */ FROM (SELECT 1 AS k) s, LATERAL (SELECT 2) l"
                    + " WHERE s.k = (SELECT 3) ORDER BY 1"))
        .isEqualTo("SCALAR SCALAR");
    // A VALUES list, a WITH or a TABLE in parentheses is a subquery too.
    assertThat(
            kinds(
                "SELECT a.y IN (VALUES (1), (2)), (WITH w AS (SELECT 1) SELECT * FROM w)"
                    + " FROM a, (VALUES (3)) v(k) WHERE a.x IN (TABLE b)"))
        .isEqualTo("TEST[a.y] SCALAR TEST[a.x]?");
    assertThat(kinds("SELECT 1 FROM a")).isEqualTo("");
    assertThat(kinds("SELECT DISTINCT ON (a.k) a.k, (SELECT 1) FROM a")).isEqualTo("SCALAR");
  }

  @Test
  void statementsTheOrderDoesNotDescribeAreNotRead() {
    for (String sql :
        List.of(
            "SELECT (SELECT 1) UNION SELECT 2",
            "(SELECT 1) UNION (SELECT (SELECT 2))",
            "INSERT INTO t SELECT (SELECT 1)",
            "SELECT 1 FROM (SELECT (SELECT 1) AS v) s",
            "SELECT 1 FROM a JOIN (SELECT k FROM b WHERE b.k IN (SELECT 1)) s ON true",
            "WITH w AS (SELECT (SELECT 1) AS v) SELECT v FROM w",
            "SELECT 1 FROM generate_series(1, (SELECT 2)) g",
            "SELECT 1 FROM a JOIN b ON f(a.k, (SELECT 1))",
            "SELECT a.k FROM a GROUP BY a.k, (SELECT 1)",
            "SELECT a.k FROM a ORDER BY (SELECT 1)",
            "SELECT a.k FROM a LIMIT (SELECT 1)",
            "SELECT rank() OVER (PARTITION BY (SELECT 1)), (SELECT 2) FROM a",
            "SELECT rank() OVER w FROM a WINDOW w AS (ORDER BY (SELECT 1))",
            "SELECT DISTINCT ON ((SELECT 1)) a.k FROM a",
            // An IN that may become a join carries its nested sublink up with it.
            "SELECT 1 FROM a WHERE a.k IN (SELECT k FROM b WHERE b.v = (SELECT 1))",
            "SELECT 'unterminated")) {
      assertThat(kinds(sql)).as(sql).isNull();
    }
  }

  private static PlanNode plan(String... subplans) {
    StringBuilder kids = new StringBuilder();
    for (String s : subplans) {
      kids.append(kids.length() == 0 ? "" : ",").append(s);
    }
    return PlanNode.fromExplain(
        PlanJson.parse(
            "[{\"Plan\": {\"Node Type\": \"Seq Scan\", \"Alias\": \"a\", \"Output\": [\"x\"],"
                + " \"Plans\": ["
                + kids
                + "]}}]"));
  }

  /** A subplan scanning {@code relation} as {@code alias}. */
  private static String subplan(
      String name, String type, String relation, String alias, String output) {
    return subplan(name, type, output)
        .replace(
            "\"Output\"",
            "\"Relation Name\": \"" + relation + "\", \"Alias\": \"" + alias + "\", \"Output\"");
  }

  private static String subplan(String name, String type, String... output) {
    return "{\"Node Type\": \""
        + type
        + "\", \"Parent Relationship\": \""
        + name.substring(0, name.indexOf(' '))
        + "\", \"Subplan Name\": \""
        + name
        + "\", \"Output\": ["
        + String.join(
            ",",
            output.length == 0
                ? List.of()
                : List.of(output).stream().map(o -> "\"" + o + "\"").toList())
        + "]}";
  }

  private static Map<String, List<Sublink>> match(PlanNode root, String sql) {
    return SublinkOrder.match(root, SublinkOrder.read(sql));
  }

  @Test
  void subplansLineUpWithTheSublinksTheirNumbersFollow() {
    // The IN in WHERE became a join: 1 and 3 are the select list's (2 the hashed twin dropped).
    PlanNode p =
        plan(subplan("SubPlan 1", "Seq Scan", "t.y"), subplan("SubPlan 3", "Limit", "u.z"));
    Map<String, List<Sublink>> m =
        match(
            p,
            "SELECT a.x IN (SELECT y FROM t), (SELECT z FROM u LIMIT 1) FROM a"
                + " WHERE a.k IN (SELECT k FROM v)");
    assertThat(m.get("SubPlan 1")).extracting(Sublink::kind).containsExactly(TEST);
    assertThat(m.get("SubPlan 3")).extracting(Sublink::kind).containsExactly(SCALAR);
    // Kept instead, the WHERE's IN is the last.
    p =
        plan(
            subplan("SubPlan 1", "Seq Scan", "t.y"),
            subplan("SubPlan 2", "Limit", "u.z"),
            subplan("SubPlan 3", "Seq Scan", "v.k"));
    m =
        match(
            p,
            "SELECT a.x IN (SELECT y FROM t), (SELECT z FROM u LIMIT 1) FROM a"
                + " WHERE a.k IN (SELECT k FROM v) OR a.k = 0");
    assertThat(m.get("SubPlan 3")).extracting(Sublink::operand).containsExactly(List.of("a.k"));
    // An EXISTS probed per row has no target list, so it is none of the others.
    p = plan(subplan("SubPlan 1", "Seq Scan"), subplan("SubPlan 2", "Seq Scan", "t.y"));
    m = match(p, "SELECT a.x IN (SELECT y FROM t), EXISTS (SELECT 1 FROM u) FROM a");
    assertThat(m).isEmpty();
  }

  @Test
  void aSubplanThatMayBeEitherKindIsNotTold() {
    // One subplan left of an IN and a scalar subquery in ON: the planner may have removed or
    // made a join of either.
    PlanNode p = plan(subplan("SubPlan 1", "Seq Scan", "t.y"));
    assertThat(
            match(
                p,
                "SELECT 1 FROM a LEFT JOIN b ON b.k IN (SELECT y FROM t)"
                    + " LEFT JOIN c ON c.k = (SELECT y FROM t)"))
        .isEmpty();
    // Both kept: each is told.
    p = plan(subplan("SubPlan 1", "Seq Scan", "t.y"), subplan("SubPlan 2", "Seq Scan", "t.y"));
    assertThat(
            match(
                    p,
                    "SELECT 1 FROM a LEFT JOIN b ON b.k IN (SELECT y FROM t)"
                        + " LEFT JOIN c ON c.k = (SELECT y FROM t)")
                .keySet())
        .containsExactlyInAnyOrder("SubPlan 1", "SubPlan 2");
    // A min()/max() the planner made an InitPlan of (a Limit), after the sublinks, may be no
    // sublink of the text.
    p = plan(subplan("SubPlan 1", "Seq Scan", "t.y"), subplan("InitPlan 2", "Limit", "t.y"));
    Map<String, List<Sublink>> m = match(p, "SELECT a.x IN (SELECT y FROM t), max(a.y) FROM a");
    assertThat(m).doesNotContainKey("InitPlan 2");
    assertThat(m.get("SubPlan 1")).extracting(Sublink::kind).containsExactly(TEST);
    // A subplan scanning a relation its sublink does not name is another sublink: here a view's
    // scalar subquery, which the view's pull-up numbered first. Lined up by count alone, the
    // IN over t would take the WHERE's operand a.j.
    p =
        plan(
            subplan("SubPlan 1", "Seq Scan", "film", "f", "f.title"),
            subplan("SubPlan 2", "Seq Scan", "t", "t", "t.y"));
    String sql =
        "SELECT v.x, a.k IN (SELECT y FROM t) FROM a, v WHERE a.j IN (SELECT z FROM u) OR a.j = 0";
    assertThat(match(p, sql)).isEmpty();
    // A partition (p_1) or an alias used twice (t_1) is named by its alias.
    p =
        plan(
            subplan("SubPlan 1", "Seq Scan", "payment_p2022_01", "p_1", "p_1.amount"),
            subplan("SubPlan 2", "Seq Scan", "t", "t_1", "t_1.y"));
    assertThat(
            match(p, "SELECT (SELECT max(amount) FROM payment p), a.k IN (SELECT y FROM t) FROM a"))
        .containsOnlyKeys("SubPlan 1", "SubPlan 2");
    // More subplans than the text has sublinks: nothing lines up.
    p = plan(subplan("SubPlan 1", "Seq Scan", "t.y"), subplan("SubPlan 2", "Seq Scan", "t.y"));
    assertThat(match(p, "SELECT a.x IN (SELECT y FROM t) FROM a")).isEmpty();
  }
}
