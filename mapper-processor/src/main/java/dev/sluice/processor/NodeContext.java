package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NON_NULL;
import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.ColumnNullness.UNKNOWN;
import static dev.sluice.processor.NullnessRules.either;
import static dev.sluice.processor.PlanWalk.aggregate;
import static dev.sluice.processor.PlanWalk.findSubplan;

import java.util.ArrayList;
import java.util.List;

/**
 * The context of expressions evaluated at one node of a plan: what {@link ExpressionNullness} asks
 * of the columns, subplans and functions an expression names, answered by the {@link PlanInference}
 * walking the plan.
 */
final class NodeContext implements ExpressionContext {
  private final PlanInference walk;
  private final PlanNode node;
  private final int depth;

  NodeContext(PlanInference walk, PlanNode node, int depth) {
    this.walk = walk;
    this.node = node;
    this.depth = depth;
  }

  @Override
  public ColumnNullness column(String qualifier, String name) {
    return walk.column(node, depth, qualifier, name);
  }

  @Override
  public boolean grouped() {
    PlanNode agg = aggregate(node);
    return agg != null && agg.grouped;
  }

  @Override
  public boolean groupingSets() {
    PlanNode agg = aggregate(node);
    return agg != null && agg.groupingSets;
  }

  @Override
  public ColumnNullness subplan(String name) {
    // EXISTS leaves its subquery no target list; a scalar subquery is NULL without a row,
    // but an aggregate without GROUP BY or HAVING (a plain Aggregate on top) has exactly one,
    // whose value is the answer: (SELECT count(*) …). LIMIT or OFFSET would be on top.
    PlanNode plan = findSubplan(walk.root, name);
    if (plan != null && plan.output.isEmpty() && !plan.isUnion()) {
      return NON_NULL;
    }
    if (plan != null && oneRowAggregate(plan)) {
      return walk.outputAt(plan, 0, depth + 1);
    }
    List<SublinkOrder.Sublink> sublinks = walk.sublinkAt.get(name);
    if (plan != null && sublinks != null) {
      // Before 17, told by the planner's numbering (SublinkOrder).
      switch (sublinks.get(0).kind()) {
        case TEST:
          return sublinkTest(plan, operands(sublinks));
        case SCALAR:
          return NULLABLE;
        default:
          return NON_NULL; // EXISTS; ARRAY(SELECT …), empty without rows
      }
    }
    if (plan != null && walk.untested != null && !walk.untested.operands().isEmpty()) {
      // Before 17, x > ALL (SELECT …) probed per row prints as (SubPlan 1), as a scalar
      // subquery does: either, unless the SQL has only the one kind and the subplan reads only
      // relations the SQL names (a view's own subquery is of any kind).
      ColumnNullness test = sublinkTest(plan, walk.untested.operands());
      return !walk.untested.scalars() && fromText(plan)
          ? test
          : test == NULLABLE ? NULLABLE : UNKNOWN;
    }
    return NULLABLE;
  }

  private static List<List<String>> operands(List<SublinkOrder.Sublink> sublinks) {
    List<List<String>> out = new ArrayList<>();
    for (SublinkOrder.Sublink s : sublinks) {
      out.add(s.operand());
    }
    return out;
  }

  /** An aggregate without GROUP BY or HAVING on top: exactly one row. */
  static boolean oneRowAggregate(PlanNode plan) {
    return plan.type.equals("Aggregate")
        && "Plain".equals(plan.strategy)
        && plan.filter == null
        && !plan.output.isEmpty();
  }

  @Override
  public String columnCause(String qualifier, String name) {
    return walk.causes.column(node, depth, qualifier, name);
  }

  @Override
  public String subplanCause(String name, int index) {
    return walk.causes.subplan(name, index, depth);
  }

  @Override
  public String referenceCause(String text) {
    return walk.causes.reference(node, depth, text);
  }

  @Override
  public ColumnNullness hashedSublink(String name) {
    PlanNode plan = findSubplan(walk.root, name);
    if (plan == null || walk.untested == null) {
      return UNKNOWN;
    }
    List<SublinkOrder.Sublink> sublinks = walk.sublinkAt.get(name);
    if (sublinks != null && sublinks.get(0).kind() == SublinkOrder.Kind.EXISTS) {
      return NON_NULL; // an EXISTS the planner hashed as an IN
    }
    if (sublinks != null && sublinks.get(0).kind() == SublinkOrder.Kind.TEST) {
      return sublinkTest(plan, operands(sublinks));
    }
    // A view's own IN is none of the text's: its left operand is not known.
    ColumnNullness test = sublinkTest(plan, walk.untested.operands());
    return fromText(plan) || test == NULLABLE ? test : UNKNOWN;
  }

  /** Whether {@code plan} reads only relations the statement names (see {@link SubqueryText}). */
  private boolean fromText(PlanNode plan) {
    return SublinkOrder.readsOnlyWhatItNames(plan, walk.untested.words());
  }

  /**
   * The value of an IN/ANY/ALL sublink whose test the plan does not print (servers before 17): NULL
   * when no row decides it and a comparison is NULL, so never NULL when its left operand and the
   * subquery's columns are not. The left operand is read from the SQL: when the subplan may be any
   * of several such sublinks, each is tried, and the answer is theirs if they agree, else
   * undecided.
   */
  private ColumnNullness sublinkTest(PlanNode plan, List<List<String>> operands) {
    ColumnNullness rows = NON_NULL;
    for (ColumnNullness v : walk.outputs(plan, depth + 1)) {
      rows = either(rows, v);
    }
    ColumnNullness answer = null;
    for (List<String> operand : operands) {
      ColumnNullness v = operand == null ? UNKNOWN : rows;
      for (int i = 0; operand != null && i < operand.size(); i++) {
        v = either(v, ExpressionNullness.of(operand.get(i), this));
      }
      if (answer != null && answer != v) {
        return UNKNOWN;
      }
      answer = v;
    }
    return answer == null ? UNKNOWN : answer;
  }

  @Override
  public ColumnNullness subplanColumn(String name, int index) {
    PlanNode plan = findSubplan(walk.root, name);
    List<ColumnNullness> rows = plan == null ? List.of() : walk.outputs(plan, depth + 1);
    return index >= 0 && index < rows.size() ? rows.get(index) : UNKNOWN;
  }

  /**
   * Where the line-up of the top level's subplans with the statement's sublinks ({@link
   * SublinkOrder}) tells a subplan's kind, that decides. Otherwise: for an EXISTS it could also run
   * hashed, the planner makes two subplans, numbered n (a probe per row) and n + 1 (hashed), and
   * drops one as it finishes the plan; an IN it hashes has one. So a hashed SubPlan whose number's
   * predecessor names no subplan of the plan is an EXISTS, unless that number went to a CTE, which
   * is named, not numbered: the statement's own CTEs are planned before anything else of it, so
   * when none holds a subplan of its own they are numbered 1 to k; a plan with other CTEs is not
   * judged. Nor is a hashed subplan that follows an EXISTS probed per row, whose own hashed twin
   * may be the number missing. A subplan dropped with an expression the planner removed after
   * planning it (a removed join's condition) is a known limit, see the README.
   */
  @Override
  public boolean existsAlternative(String name) {
    List<SublinkOrder.Sublink> known = walk.sublinkAt.get(name);
    if (known != null) {
      return known.get(0).kind() == SublinkOrder.Kind.EXISTS; // told by the line-up
    }
    if (!name.startsWith("SubPlan ")) {
      return false;
    }
    int n = Integer.parseInt(name.substring("SubPlan ".length()));
    int ctes = PlanWalk.statementCtes(walk.root);
    if (ctes < 0
        || n - 1 <= ctes
        || findSubplan(walk.root, "SubPlan " + (n - 1)) != null
        || findSubplan(walk.root, "InitPlan " + (n - 1)) != null) {
      return false;
    }
    // n - 1 may instead be the dropped hashed twin of an EXISTS probed per row as n - 2 (its
    // subquery has no target list): then n is a hashed IN. Not told apart, so not an EXISTS,
    // which is the answer that errs towards NULL.
    PlanNode before = findSubplan(walk.root, "SubPlan " + (n - 2));
    return before == null || !before.output.isEmpty();
  }

  @Override
  public boolean framesHoldCurrentRow() {
    return walk.frames;
  }

  /**
   * {@code (text)} is the value an input computed when an input's target list holds {@code text}
   * (or shows it so, in parentheses, passed up from further below): then it is that output's value,
   * NULL where this join may lack the input's row. Below a union, the expression is its first
   * member's, and the value every member's at that position.
   */
  @Override
  public ColumnNullness reference(String text) {
    ColumnNullness found = null;
    for (PlanNode child : node.children) {
      if (child.isSubplan()) {
        continue;
      }
      int k = PlanInference.shownAt(child, text);
      if (k < 0) {
        continue;
      }
      ColumnNullness v = node.nullsSide(child) ? NULLABLE : walk.outputAt(child, k, depth + 1);
      found = found == null ? v : either(found, v);
    }
    return found;
  }

  @Override
  public Boolean strictFunction(String name) {
    return walk.facts.strictFunction(name);
  }

  @Override
  public boolean setReturning(String name) {
    return walk.facts.setReturning(name);
  }

  @Override
  public boolean strictOperator(String name) {
    return walk.facts.strictOperator(name);
  }

  @Override
  public boolean strictSet(String name) {
    return walk.facts.strictSet(name);
  }

  @Override
  public boolean soleSetReturning() {
    int sets = 0;
    for (String item : node.output) {
      List<String> functions = new ArrayList<>();
      ExpressionNullness.collectNames(item, functions, new ArrayList<>());
      for (String f : functions) {
        if (walk.facts.setReturning(f)) {
          sets++;
        }
      }
    }
    return sets <= 1;
  }
}
