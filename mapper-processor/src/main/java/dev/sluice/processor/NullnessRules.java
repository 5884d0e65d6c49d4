package dev.sluice.processor;

import static dev.sluice.processor.ColumnNullness.NON_NULL;
import static dev.sluice.processor.ColumnNullness.NULLABLE;
import static dev.sluice.processor.ColumnNullness.UNKNOWN;

import java.util.List;
import java.util.Set;

/**
 * The names the nullability rules single out (aggregates, window functions, strict functions that
 * still return NULL, SQL's value functions) and the ways nullabilities combine. Listed here, apart
 * from the parser that applies them ({@link ExpressionNullness}), so the README's rules can be
 * checked against one page.
 */
final class NullnessRules {
  private NullnessRules() {}

  /** Aggregates that are NULL over no rows and otherwise NULL only from a NULL argument. */
  static final Set<String> VALUE_AGGREGATES =
      Set.of(
          "sum",
          "min",
          "max",
          "avg",
          "string_agg",
          "bool_and",
          "bool_or",
          "every",
          "bit_and",
          "bit_or",
          "bit_xor");

  /** Aggregates that are NULL over no rows, and never over some. */
  static final Set<String> COLLECTING_AGGREGATES =
      Set.of("array_agg", "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg");

  static final Set<String> RANKING =
      Set.of("row_number", "rank", "dense_rank", "percent_rank", "cume_dist");

  /** Window functions whose row may lie outside the partition, or whose argument is NULL. */
  static final Set<String> OFFSET_WINDOW = Set.of("lag", "lead", "nth_value");

  /**
   * Window functions of the frame: non-null of a non-null argument when the frame holds the row.
   */
  static final Set<String> FRAME_WINDOW = Set.of("first_value", "last_value");

  /**
   * Strict functions that return NULL for some non-null arguments (a missing key, no match, an
   * empty array, a name that does not resolve): never taken as non-null.
   */
  static final Set<String> NULL_YIELDING_STRICT =
      Set.of(
          "substring",
          "regexp_match",
          "regexp_substr",
          "regexp_instr",
          "array_position",
          "array_length",
          "array_lower",
          "array_upper",
          "array_ndims",
          "array_dims",
          "json_extract_path",
          "json_extract_path_text",
          "jsonb_extract_path",
          "jsonb_extract_path_text",
          "jsonb_path_query_first",
          "json_array_element",
          "json_array_element_text",
          "jsonb_array_element",
          "jsonb_array_element_text",
          "json_object_field",
          "json_object_field_text",
          "jsonb_object_field",
          "jsonb_object_field_text",
          "current_setting",
          "pg_get_expr",
          "obj_description",
          "col_description",
          "shobj_description",
          "inet_client_addr",
          "inet_client_port",
          "inet_server_addr",
          "inet_server_port",
          "to_regclass",
          "to_regtype",
          "to_regproc",
          "to_regprocedure",
          "to_regoper",
          "to_regoperator",
          "to_regnamespace",
          "to_regrole",
          "to_regcollation",
          "to_regtypemod",
          "pg_get_viewdef",
          "mode");

  /**
   * Set-returning functions whose rows are never NULL when their arguments are not (unlike {@code
   * unnest}, whose elements may be).
   */
  static final Set<String> NON_NULL_SETS =
      Set.of(
          "generate_series",
          "generate_subscripts",
          "json_array_elements",
          "jsonb_array_elements",
          "json_object_keys",
          "jsonb_object_keys",
          "json_each",
          "jsonb_each",
          "jsonb_path_query",
          "regexp_matches",
          "regexp_split_to_table");

  /**
   * Set-returning functions that yield SQL NULL for some non-null arguments: the {@code _text}
   * variants turn a JSON null into SQL NULL ({@code jsonb_array_elements_text('[null]')}), {@code
   * string_to_table} yields NULL for its null string, {@code unnest} yields NULL elements.
   */
  static final Set<String> NULL_YIELDING_SETS =
      Set.of(
          "unnest",
          "json_array_elements_text",
          "jsonb_array_elements_text",
          "json_each_text",
          "jsonb_each_text",
          "string_to_table");

  /** Of {@link #NON_NULL_SETS}, those of one output column (so WITH ORDINALITY adds the second). */
  static final Set<String> ONE_COLUMN_SETS =
      Set.of(
          "generate_series",
          "generate_subscripts",
          "json_array_elements",
          "jsonb_array_elements",
          "json_object_keys",
          "jsonb_object_keys",
          "jsonb_path_query",
          "regexp_matches",
          "regexp_split_to_table",
          "json_array_elements_text",
          "jsonb_array_elements_text",
          "string_to_table");

  /** Operators of strict functions that return NULL for a missing key or element. */
  static final Set<String> NULL_YIELDING_OPERATORS = Set.of("->", "->>", "#>", "#>>");

  /** Functions without arguments that never return NULL. */
  static final Set<String> NON_NULL_NILADIC =
      Set.of(
          "now",
          "clock_timestamp",
          "statement_timestamp",
          "transaction_timestamp",
          "timeofday",
          "random",
          "gen_random_uuid",
          "pg_backend_pid",
          "version",
          "current_database",
          "txid_current",
          "pg_current_xact_id");

  /** SQL's value functions, written without parentheses (reserved words, never a column). */
  static final Set<String> SQL_VALUE_FUNCTIONS =
      Set.of(
          "current_time",
          "current_date",
          "current_timestamp",
          "localtime",
          "localtimestamp",
          "current_user",
          "session_user",
          "current_role",
          "user",
          "current_catalog");

  /** Words after {@code ::} that continue a type name ({@code timestamp without time zone}). */
  static final Set<String> TYPE_WORDS =
      Set.of("varying", "precision", "with", "without", "time", "zone");

  /** Key words of SQL-syntax calls ({@code EXTRACT(year FROM x)}): such a call is not judged. */
  static final Set<String> CALL_SYNTAX =
      Set.of(
          "from", "for", "in", "placing", "both", "leading", "trailing", "as", "similar", "escape");

  /**
   * A call, read: {@code name(args)}, {@code count(*)} when {@code star}, with FILTER when {@code
   * filtered}, with OVER when {@code window}.
   */
  static ColumnNullness call(
      ExpressionContext context,
      String name,
      List<ColumnNullness> args,
      boolean star,
      boolean filtered,
      boolean window) {
    switch (name) {
      case "coalesce":
      case "greatest":
      case "least":
        return firstNonNull(args);
      case "nullif":
        return NULLABLE;
      default:
        break;
    }
    if (window) {
      return windowCall(context, name, args, star, filtered);
    }
    if (name.equals("count")) {
      return NON_NULL;
    }
    if (VALUE_AGGREGATES.contains(name) || COLLECTING_AGGREGATES.contains(name)) {
      if (context.groupingSets()) {
        return UNKNOWN;
      }
      if (!context.grouped() || filtered) {
        return NULLABLE;
      }
      return COLLECTING_AGGREGATES.contains(name) ? NON_NULL : strict(args);
    }
    if (context.setReturning(name)) {
      if (NULL_YIELDING_SETS.contains(name)) {
        return NULLABLE;
      }
      // A strict one yields no row for a NULL argument, so its values are never NULL; but beside
      // another set-returning call of the select list, the shorter is padded with NULLs.
      if (NON_NULL_SETS.contains(name) && context.strictSet(name)) {
        return context.soleSetReturning() ? NON_NULL : UNKNOWN;
      }
      return UNKNOWN;
    }
    Boolean strict = context.strictFunction(name);
    if (strict == null || !strict || NULL_YIELDING_STRICT.contains(name)) {
      return UNKNOWN;
    }
    if (args.isEmpty() && !star) {
      return NON_NULL_NILADIC.contains(name) ? NON_NULL : UNKNOWN;
    }
    return strict(args);
  }

  /** What follows an aggregate's name in the cause named for one without GROUP BY. */
  static final String OVER_NO_ROWS =
      " over no rows: an aggregate without GROUP BY yields NULL when no row matches";

  /** The cause named for an IN/ANY/ALL subquery's test, on every server version. */
  static final String SUBLINK_TEST =
      "an IN, ANY or ALL subquery, NULL where no row matches and a comparison is NULL";

  /**
   * Why a call that {@link #call} finds NULLABLE may be NULL, by the same rules: the call named
   * ({@code max(…)}) with what makes it NULL, or for a strict function the first NULLABLE
   * argument's cause ({@code causes} holds each argument's). Null when no one cause is named.
   */
  static String callCause(
      ExpressionContext context,
      String name,
      List<ColumnNullness> args,
      List<String> causes,
      boolean filtered,
      boolean window) {
    String call = name + "(…)";
    int first = args.indexOf(NULLABLE);
    String argument = first < 0 ? null : causes.get(first);
    switch (name) {
      case "coalesce":
      case "greatest":
      case "least":
        // NULL only when every argument is: no one argument's cause decides.
        return call + ", NULL where all its arguments are";
      case "nullif":
        return "nullif(…), NULL where its two arguments are equal";
      default:
        break;
    }
    boolean aggregate = VALUE_AGGREGATES.contains(name) || COLLECTING_AGGREGATES.contains(name);
    if (window && OFFSET_WINDOW.contains(name)) {
      return call
          + (name.equals("nth_value")
              ? ", NULL where the window frame holds fewer rows"
              : ", NULL where the row it reads lies outside the partition");
    }
    if (filtered && (aggregate || (window && FRAME_WINDOW.contains(name)))) {
      return call + " FILTER (…), NULL where no row passes the filter";
    }
    if (!window && aggregate && !context.grouped()) {
      return call + OVER_NO_ROWS;
    }
    if (!window && NULL_YIELDING_SETS.contains(name)) {
      return call + setCause(name);
    }
    if (aggregate || (window && FRAME_WINDOW.contains(name))) {
      // NULL inputs are skipped: NULL where every input is.
      return argument == null ? null : call + " of " + argument + ", NULL where every value is";
    }
    return argument;
  }

  /** What makes a {@link #NULL_YIELDING_SETS} function yield NULL, after its name. */
  static String setCause(String name) {
    switch (name) {
      case "unnest":
        return ", NULL for each NULL element";
      case "string_to_table":
        return ", NULL for each field equal to its null string";
      default:
        return ", NULL for each JSON null";
    }
  }

  private static ColumnNullness windowCall(
      ExpressionContext context,
      String name,
      List<ColumnNullness> args,
      boolean star,
      boolean filtered) {
    if (RANKING.contains(name) || name.equals("count")) {
      return NON_NULL;
    }
    if (name.equals("ntile")) {
      return strict(args);
    }
    if (OFFSET_WINDOW.contains(name)) {
      return NULLABLE;
    }
    if (VALUE_AGGREGATES.contains(name)
        || COLLECTING_AGGREGATES.contains(name)
        || FRAME_WINDOW.contains(name)) {
      if (filtered) {
        return NULLABLE;
      }
      ColumnNullness of = COLLECTING_AGGREGATES.contains(name) ? NON_NULL : strict(args);
      if (of == NULLABLE) {
        return NULLABLE;
      }
      return of == NON_NULL && context.framesHoldCurrentRow() ? NON_NULL : UNKNOWN;
    }
    return UNKNOWN;
  }

  /** NULL if any is NULL: strict operators, functions and CASE results. */
  static ColumnNullness strict(List<ColumnNullness> values) {
    ColumnNullness out = NON_NULL;
    for (ColumnNullness v : values) {
      if (v == NULLABLE) {
        return NULLABLE;
      }
      if (v == UNKNOWN) {
        out = UNKNOWN;
      }
    }
    return out;
  }

  /** NULL only if all are NULL: coalesce, greatest, least. */
  static ColumnNullness firstNonNull(List<ColumnNullness> values) {
    boolean allNullable = !values.isEmpty();
    for (ColumnNullness v : values) {
      if (v == NON_NULL) {
        return NON_NULL;
      }
      allNullable &= v == NULLABLE;
    }
    return allNullable ? NULLABLE : UNKNOWN;
  }

  /** A union's column: NULL if any member's may be. */
  static ColumnNullness either(ColumnNullness a, ColumnNullness b) {
    if (a == NULLABLE || b == NULLABLE) {
      return NULLABLE;
    }
    return a == NON_NULL && b == NON_NULL ? NON_NULL : UNKNOWN;
  }
}
