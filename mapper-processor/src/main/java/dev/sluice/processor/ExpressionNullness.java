package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NON_NULL;
import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.ColumnNullness.UNKNOWN;
import static dev.sluice.processor.NullnessRules.CALL_SYNTAX;
import static dev.sluice.processor.NullnessRules.NULL_YIELDING_OPERATORS;
import static dev.sluice.processor.NullnessRules.SQL_VALUE_FUNCTIONS;
import static dev.sluice.processor.NullnessRules.strict;

import dev.sluice.processor.DeparsedLexer.Kind;
import dev.sluice.processor.DeparsedLexer.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether an expression as EXPLAIN deparses it can be NULL, by the rules the processor README
 * lists: a recursive-descent reading of the forms {@code ruleutils.c} prints, where whatever it
 * does not know makes the answer {@link ColumnNullness#UNKNOWN}, never a guess. Operator precedence
 * does not matter (deparsed expressions are parenthesized, and every operator is judged by its
 * strictness alone), except around {@code IS}, which is only read alone.
 */
final class ExpressionNullness extends DeparsedCursor {
  private static final String CASE_WITHOUT_ELSE =
      "CASE without ELSE (or with ELSE NULL), NULL where no WHEN matches";

  private final ExpressionContext context;

  /** The deparsed text the tokens were read from. */
  private final String source;

  /** How many {@code ANY}/{@code ALL} sublink tests enclose the next token. */
  private int sublinks;

  /** Whether the sublink test being read reads a hashed EXISTS ({@link #sublink}). */
  private boolean hashedExists;

  /** Whether causes are asked for ({@link #cause}); the context's cause lookups cost walks. */
  private final boolean explaining;

  /**
   * While {@link #explaining}: why the value the last reading method returned may be NULL, when
   * that value is NULLABLE (null when no one cause is named). Each method that returns NULLABLE
   * sets it; each that combines values takes the cause of the one that decides.
   */
  private String why;

  private ExpressionNullness(String source, ExpressionContext context, boolean explaining) {
    super(DeparsedLexer.tokens(source));
    this.source = source;
    this.context = context;
    this.explaining = explaining;
  }

  /** Whether {@code deparsed} can be NULL; anything it cannot read is UNKNOWN. */
  static ColumnNullness of(String deparsed, ExpressionContext context) {
    try {
      ExpressionNullness p = new ExpressionNullness(deparsed, context, false);
      ColumnNullness value = p.expression();
      return p.peek().kind == Kind.END ? value : UNKNOWN;
    } catch (IllegalArgumentException e) {
      return UNKNOWN;
    }
  }

  /**
   * Why {@code deparsed}, which {@link #of} finds NULLABLE, may be NULL: the one sub-expression
   * that makes it so, for a message. Only a cause that decides is named: a strict operator or
   * function is NULL when any operand is (the first such is named), while a coalesce is NULL only
   * when all its arguments are, so its own name is given, never one argument's cause. Null when the
   * expression is not NULLABLE or no one cause is known.
   */
  static String cause(String deparsed, ExpressionContext context) {
    try {
      ExpressionNullness p = new ExpressionNullness(deparsed, context, true);
      ColumnNullness value = p.expression();
      return value == NULLABLE && p.peek().kind == Kind.END ? p.why : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The cause at the first NULLABLE of {@code values}, its twin list of causes. */
  private static String firstCause(List<ColumnNullness> values, List<String> causes) {
    int i = values.indexOf(NULLABLE);
    return i < 0 ? null : causes.get(i);
  }

  /** The names of functions called in {@code deparsed} (words before a parenthesis). */
  static void collectNames(String deparsed, List<String> functions, List<String> operators) {
    List<Token> ts;
    try {
      ts = DeparsedLexer.tokens(deparsed);
    } catch (IllegalArgumentException e) {
      return;
    }
    for (int i = 0; i < ts.size(); i++) {
      Token t = ts.get(i);
      if (t.kind == Kind.WORD && i + 1 < ts.size() && ts.get(i + 1).is("(")) {
        functions.add(t.text);
      } else if (t.kind == Kind.OPERATOR) {
        operators.add(t.text);
      }
    }
  }

  private ColumnNullness expression() {
    List<ColumnNullness> operands = new ArrayList<>();
    List<String> causes = new ArrayList<>();
    operands.add(operand());
    causes.add(why);
    boolean sawIs = false;
    boolean sawOther = false;
    boolean unknownOperator = false;
    boolean lenientOperator = false;
    while (true) {
      Token t = peek();
      if (t.kind == Kind.OPERATOR) {
        pos++;
        sawOther = true;
        if (NULL_YIELDING_OPERATORS.contains(t.text)) {
          unknownOperator = true;
        } else if (!context.strictOperator(t.text)) {
          // Some operator of the name is not strict (|| of arrays): NULL in need not be NULL out,
          // but non-null operands still give a non-null value.
          lenientOperator = true;
        }
        operands.add(operand());
        causes.add(why);
      } else if (t.is("and") || t.is("or")) {
        pos++;
        sawOther = true;
        operands.add(operand());
        causes.add(why);
      } else if (t.is("at")) {
        pos++;
        sawOther = true;
        if (word("time")) {
          expectWord("zone");
          operands.add(operand());
          causes.add(why);
        } else {
          expectWord("local");
        }
      } else if (t.is("is")) {
        pos++;
        sawIs = true;
        word("not");
        if (word("null") || word("true") || word("false") || word("unknown")) {
          continue;
        }
        if (word("distinct")) {
          expectWord("from");
          operand();
          continue;
        }
        unknownOperator = true;
        pos++;
      } else if (t.is("collate")) {
        pos++;
        typeName();
      } else {
        break;
      }
    }
    if (sawIs) {
      return sawOther || unknownOperator ? UNKNOWN : NON_NULL;
    }
    if (unknownOperator) {
      return UNKNOWN;
    }
    ColumnNullness value = strict(operands);
    why = firstCause(operands, causes);
    return lenientOperator && value == NULLABLE ? UNKNOWN : value;
  }

  private ColumnNullness operand() {
    Token t = next();
    ColumnNullness value;
    switch (t.kind) {
      case OPERATOR:
        // A prefix operator (- x, ~ x, @ x).
        value = operand();
        if (value == NULLABLE && !context.strictOperator(t.text)) {
          value = UNKNOWN;
        }
        break;
      case NUMBER:
      case STRING:
        value = NON_NULL;
        break;
      case PARAM:
        value = UNKNOWN;
        break;
      case QUOTED:
        value = name(t.text);
        break;
      case WORD:
        value = word(t);
        break;
      case PUNCT:
        if (!t.is("(")) {
          throw new IllegalArgumentException("unexpected " + t);
        }
        value = parenthesized();
        break;
      default:
        throw new IllegalArgumentException("unexpected end");
    }
    return postfix(value);
  }

  private ColumnNullness postfix(ColumnNullness value) {
    while (true) {
      if (peek().is("::")) {
        pos++;
        typeName();
      } else if (peek().is("[")) {
        skipBalanced("[", "]");
        value = value == NULLABLE ? NULLABLE : UNKNOWN;
      } else if (peek().is(".")) {
        // (composite).field, (InitPlan 1).col1
        pos++;
        next();
        value = value == NULLABLE ? NULLABLE : UNKNOWN;
      } else {
        return value;
      }
    }
  }

  private ColumnNullness parenthesized() {
    Token t = peek();
    if (t.is("alternatives") && tokens.get(pos + 1).is(":")) {
      // (alternatives: SubPlan 1 or hashed SubPlan 2): the choice the planner leaves open for an
      // EXISTS only (a correlated probe or a hashed IN), as servers before 14 printed it.
      skipUntilClose();
      expect(")");
      return NON_NULL;
    }
    if (t.is("subplan") || t.is("initplan") || t.is("hashed")) {
      // (SubPlan 1), (hashed SubPlan 2), (InitPlan 1).col1.
      boolean hashed = word("hashed");
      Token kind = next();
      Token number = next();
      expect(")");
      String column = null;
      if (peek().is(".")) {
        // (InitPlan 1).col1, (SubPlan 1).col2: an output column of the subplan.
        pos++;
        column = next().text;
      }
      if (!kind.is("subplan") && !kind.is("initplan")) {
        return UNKNOWN;
      }
      String name = (kind.is("subplan") ? "SubPlan " : "InitPlan ") + number.text;
      if (hashed && context.existsAlternative(name)) {
        hashedExists = true;
        return NON_NULL;
      }
      if (sublinks > 0 && column != null && column.startsWith("col")) {
        // A NumberFormatException is an IllegalArgumentException: the answer is then UNKNOWN.
        int index = Integer.parseInt(column.substring(3)) - 1;
        why = explaining ? context.subplanCause(name, index) : null;
        return context.subplanColumn(name, index);
      }
      // A hashed subplan outside a sublink's test (servers before 17 print no test) is an
      // x IN (subquery), NULL when x or a row is NULL: what it compares is not shown.
      if (hashed) {
        why = NullnessRules.SUBLINK_TEST;
        return context.hashedSublink(name);
      }
      why = explaining ? context.subplanCause(name, -1) : null;
      return context.subplan(name);
    }
    int start = tokens.get(pos - 1).end;
    ColumnNullness value = expression();
    expect(")");
    String text = source.substring(start, tokens.get(pos - 1).end - 1).strip();
    ColumnNullness passed = context.reference(text);
    if (passed == null) {
      return value;
    }
    why = explaining && passed == NULLABLE ? context.referenceCause(text) : null;
    return passed;
  }

  private ColumnNullness word(Token t) {
    switch (t.text) {
      case "null":
        why = "a NULL constant";
        return NULLABLE;
      case "true":
      case "false":
        return NON_NULL;
      case "not":
        return operand();
      case "case":
        return caseExpression();
      case "exists":
        skipBalanced("(", ")");
        return NON_NULL;
      case "array":
      case "row":
        if (peek().is("[")) {
          skipBalanced("[", "]");
        } else {
          skipBalanced("(", ")");
        }
        return NON_NULL;
      case "any":
      case "all":
      case "some":
        // (ANY (test)) is a sublink, x = ANY (array) an operator.
        return pos >= 2 && tokens.get(pos - 2).is("(") && peek().is("(") ? sublink() : quantified();
      case "default":
        return UNKNOWN;
      case "current_schema":
        return peek().is("(") ? call(t.text) : UNKNOWN;
      default:
        break;
    }
    if (SQL_VALUE_FUNCTIONS.contains(t.text)) {
      if (peek().is("(")) {
        skipBalanced("(", ")");
      }
      return NON_NULL;
    }
    if (peek().is("(")) {
      return call(t.text);
    }
    return name(t.text);
  }

  /** A column reference ({@code a.b}, {@code b}) or a schema-qualified call. */
  private ColumnNullness name(String first) {
    if (!peek().is(".")) {
      return column(null, first);
    }
    pos++;
    Token second = next();
    if (second.kind != Kind.WORD && second.kind != Kind.QUOTED) {
      throw new IllegalArgumentException("a name expected after '.'");
    }
    if (peek().is("(")) {
      return call(second.text);
    }
    if (peek().is(".")) {
      return UNKNOWN;
    }
    return column(first, second.text);
  }

  private ColumnNullness column(String qualifier, String name) {
    ColumnNullness value = context.column(qualifier, name);
    why = explaining && value == NULLABLE ? context.columnCause(qualifier, name) : null;
    return value;
  }

  private ColumnNullness caseExpression() {
    List<ColumnNullness> results = new ArrayList<>();
    List<String> causes = new ArrayList<>();
    if (!peek().is("when")) {
      expression();
    }
    while (word("when")) {
      expression();
      expectWord("then");
      results.add(expression());
      causes.add(why);
    }
    boolean hasElse = word("else");
    boolean elseNull = false;
    if (hasElse) {
      // EXPLAIN prints a CASE without ELSE with ELSE NULL::type.
      elseNull =
          peek().is("null") && (tokens.get(pos + 1).is("::") || tokens.get(pos + 1).is("end"));
      results.add(expression());
      causes.add(elseNull ? CASE_WITHOUT_ELSE : why);
    }
    expectWord("end");
    if (!hasElse) {
      why = CASE_WITHOUT_ELSE;
      return NULLABLE;
    }
    why = firstCause(results, causes);
    return strict(results);
  }

  /**
   * {@code (ANY (test))}, {@code (ALL (test))}: {@code x IN (subquery)}, {@code x op ALL
   * (subquery)}, as PostgreSQL 17 prints them, the test comparing x with the subquery's columns
   * {@code (SubPlan n).colk}. Over no rows it is false (ANY) or true (ALL); else NULL when no row
   * decides it and some row's test is NULL: so it is non-null exactly when the test is, each colk
   * being the subquery's column k. An EXISTS the planner turned into a hashed IN is never NULL.
   */
  private ColumnNullness sublink() {
    boolean outer = hashedExists;
    hashedExists = false;
    sublinks++;
    expect("(");
    ColumnNullness test = expression();
    expect(")");
    sublinks--;
    boolean exists = hashedExists;
    hashedExists = outer;
    // The same words as before 17, where the test is not printed (a hashed subplan).
    why = NullnessRules.SUBLINK_TEST;
    return exists ? NON_NULL : test;
  }

  /** {@code ANY (array)} or {@code ALL (…)}: judged only for a constant array without NULL. */
  private ColumnNullness quantified() {
    expect("(");
    Token t = peek();
    if (t.kind == Kind.STRING && !t.text.toLowerCase(Locale.ROOT).contains("null")) {
      pos++;
      postfix(NON_NULL);
      expect(")");
      return NON_NULL;
    }
    pos--;
    skipBalanced("(", ")");
    return UNKNOWN;
  }

  private ColumnNullness call(String name) {
    expect("(");
    List<ColumnNullness> args = new ArrayList<>();
    List<String> causes = new ArrayList<>();
    boolean star = false;
    boolean syntax = false;
    if (peek().is("*")) {
      pos++;
      star = true;
    } else if (!peek().is(")")) {
      word("distinct");
      while (true) {
        word("variadic");
        if (peek().kind == Kind.WORD && tokens.get(pos + 1).is("=>")) {
          pos += 2;
        }
        args.add(expression());
        causes.add(why);
        if (peek().is(",")) {
          pos++;
        } else if (peek().is("order")) {
          skipUntilClose();
          break;
        } else if (peek().kind == Kind.WORD && CALL_SYNTAX.contains(peek().text)) {
          syntax = true;
          skipUntilClose();
          break;
        } else {
          break;
        }
      }
    }
    expect(")");
    boolean orderedSet = false;
    if (word("within")) {
      expectWord("group");
      skipBalanced("(", ")");
      orderedSet = true;
    }
    boolean filtered = false;
    if (word("filter")) {
      skipBalanced("(", ")");
      filtered = true;
    }
    boolean window = false;
    if (word("over")) {
      if (peek().is("(")) {
        skipBalanced("(", ")");
      } else {
        next();
      }
      window = true;
    }
    if (syntax || orderedSet) {
      return UNKNOWN;
    }
    ColumnNullness value = NullnessRules.call(context, name, args, star, filtered, window);
    why =
        explaining && value == NULLABLE
            ? NullnessRules.callCause(context, name, args, causes, filtered, window)
            : null;
    return value;
  }
}
