package dev.sluice.processor;

import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Result;
import dev.sluice.processor.SchemaFacts.Relation;
import dev.sluice.processor.SchemaFacts.ResultColumn;
import dev.sluice.processor.SchemaFacts.Type;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;

/**
 * A described {@code @Query}'s result against its method: rows where the return type reads rows and
 * none where it is a count; for a scalar, the first column's type; for a record, a column per
 * component, of a type it holds, nullable only where it may be: where {@link NullabilityInference}
 * finds it NULLABLE from the plan, where it is a nullable base column of a table, and where the
 * plan cannot decide (UNKNOWN, an error of its own message); a statement with no plan (UNPLANNED)
 * is accepted with a warning. {@code @NonNull} on a component overrides all of them.
 */
final class ResultChecker {
  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final CompositeChecker composites;
  private final ColumnTypeChecker types;

  ResultChecker(SchemaFacts catalog, Diagnostics diagnostics, ColumnTypeChecker types) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.types = types;
    this.composites = new CompositeChecker(catalog, diagnostics, types);
  }

  /**
   * Checks the described result ({@code result}, null for a statement without rows) against the
   * method's return type and, for rows decoded into a record, against {@code record}; {@code
   * nullness} is what {@link NullabilityInference} found for each result column (empty when it
   * found nothing).
   */
  void checkResult(
      Method method,
      List<ResultColumn> result,
      RecordModel record,
      AnnotationMirror query,
      AnnotationValue sqlValue)
      throws SQLException {
    ExecutableElement m = method.element;
    boolean counts =
        method.result == Result.VOID
            || method.result == Result.COUNT_INT
            || method.result == Result.COUNT_LONG;
    if (counts && result != null) {
      diagnostics.error(
          Diagnostics.SCHEMA_RESULT_KIND,
          "the SQL of "
              + m.getSimpleName()
              + " returns rows, but "
              + method.returnType
              + " stands for its row count; return the rows (a List, Optional, Stream or one"
              + " value) or drop the result (RETURNING) from the SQL",
          m);
      return;
    }
    if (counts) {
      return;
    }
    if (result == null) {
      diagnostics.error(
          Diagnostics.SCHEMA_RESULT_KIND,
          "the SQL of "
              + m.getSimpleName()
              + " returns no rows, so there is no "
              + method.returnType
              + " to read; return void, int or long for its row count, or add RETURNING",
          m);
      return;
    }
    if (method.decoder == null) {
      return;
    }
    if (method.decoder.decoderClass == null) {
      if (result.isEmpty()) {
        return;
      }
      if (result.size() > 1) {
        diagnostics.error(
            Diagnostics.SCHEMA_RESULT_KIND,
            "the SQL of "
                + m.getSimpleName()
                + " returns "
                + result.size()
                + " columns ("
                + labels(result)
                + "), but "
                + method.returnType
                + " reads one value a row; select the one column, or read the rows into a @Row"
                + " record",
            m,
            query,
            sqlValue);
        return;
      }
      if (method.result == Result.ONE_NOT_NULL
          && Annotations.find(m, Annotations.NON_NULL) == null) {
        checkPrimitive(method, result.get(0), query, sqlValue);
      }
      Type type = resultType(result.get(0));
      ValueReader reader =
          method.decoder.scalar != null
              ? new ValueReader.Scalar(ScalarType.named(method.decoder.scalar))
              : new ValueReader.EnumOf(method.decoder.enumClass);
      String problem =
          type == null
              ? null
              : types.typeProblem(
                  reader,
                  type,
                  "column " + result.get(0).label + " of the result",
                  "the result " + method.decoder.type);
      if (problem != null) {
        diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, m, query, sqlValue);
      }
      return;
    }
    if (record == null) {
      return;
    }
    Map<String, Integer> byName = new HashMap<>();
    for (int i = result.size() - 1; i >= 0; i--) {
      byName.put(result.get(i).label, i);
    }
    for (ColumnModel c : record.columns()) {
      Integer i = byName.get(c.column);
      if (i == null) {
        diagnostics.error(
            Diagnostics.SCHEMA_UNKNOWN_COLUMN,
            "the result of "
                + m.getSimpleName()
                + " has no column \""
                + c.column
                + "\" for component "
                + record.displayName()
                + "."
                + c.path
                + Suggestions.didYouMean(c.column, byName.keySet())
                + "; select it (with AS "
                + c.column
                + " if it is computed)",
            m,
            query,
            sqlValue);
        continue;
      }
      String where = "column " + c.column + " of the result of " + m.getSimpleName();
      ResultColumn column = result.get(i);
      Type type = resultType(column);
      String problem =
          type == null
              ? null
              : types.typeProblem(
                  c.reader,
                  type,
                  where,
                  "component " + record.displayName() + "." + c.path + " (" + c.type + ")");
      if (problem != null) {
        diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, m, query, sqlValue);
      }
      composites.check(
          c, column.typeName, where, "component " + record.displayName() + "." + c.path);
      if (!ColumnTypeChecker.rejectsNull(c)) {
        continue;
      }
      if (column.nullness == ColumnNullness.UNKNOWN) {
        diagnostics.error(
            Diagnostics.SCHEMA_NULLABLE_COLUMN,
            where
                + " may be NULL: the checks could not prove it non-null from the plan (an"
                + " expression the rules do not decide, such as a function's result), and where"
                + " they cannot decide, nullable is the answer; but component "
                + record.displayName()
                + "."
                + c.path
                + ColumnTypeChecker.nonNullComponent(c)
                + ", or @NonNull on it to assert that the query never yields NULL there",
            m,
            query,
            sqlValue);
      } else if (column.nullness == ColumnNullness.UNPLANNED) {
        diagnostics.warning(
            Diagnostics.SCHEMA_UNPLANNED,
            where
                + " was not proven non-null: PostgreSQL could not plan the statement (more"
                + " than one statement, or one EXPLAIN or PREPARE does not take), so"
                + " only its base column is known, which does not see outer joins; component "
                + record.displayName()
                + "."
                + c.path
                + ColumnTypeChecker.nonNullComponent(c)
                + ", or @NonNull on it to assert that the query never yields NULL there",
            m);
      } else if (column.nullness == ColumnNullness.NULLABLE) {
        diagnostics.error(
            Diagnostics.SCHEMA_NULLABLE_COLUMN,
            ColumnTypeChecker.nullableProblem(
                    where + " (" + why(column) + ")", record.displayName() + "." + c.path, c)
                + " (or @NonNull if the query never yields NULL there)",
            m,
            query,
            sqlValue);
      }
    }
  }

  /** Why a NULLABLE column may be NULL, for a message. */
  private String why(ResultColumn column) throws SQLException {
    String from = column.baseColumn.isEmpty() ? null : column.baseTable + "." + column.baseColumn;
    if (isNullableBaseColumn(column)) {
      return from;
    }
    if (column.cause != null) {
      // A materialized view's nullable column is the column itself: named once.
      return from == null
          ? column.cause
          : column.cause.equals("the nullable column " + from) ? from : from + ", " + column.cause;
    }
    return (from == null ? "" : from + ", ")
        + "NULL in some rows by the plan: a nullable base column,"
        + " the nullable side of an outer join,"
        + " an aggregate over no rows, a scalar subquery, CASE without ELSE,"
        + " nullif, lag/lead or unnest";
  }

  /** The labels of the first columns, for a message. */
  private static String labels(List<ResultColumn> result) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < result.size() && i < 4; i++) {
      out.append(i == 0 ? "" : ", ").append(result.get(i).label);
    }
    return out.append(result.size() > 4 ? ", …" : "").toString();
  }

  /**
   * A method returning one primitive value ({@code int}, {@code long}, …), which cannot hold NULL:
   * its column must be proven non-null as a record's primitive component must.
   */
  private void checkPrimitive(
      Method method, ResultColumn column, AnnotationMirror query, AnnotationValue sqlValue)
      throws SQLException {
    ExecutableElement m = method.element;
    String where = "column " + column.label + " of the result of " + m.getSimpleName();
    String instead =
        m.getSimpleName()
            + " returns "
            + method.returnType
            + ", a primitive; return "
            + method.returnType.box()
            + " or Optional<"
            + method.returnType.box()
            + ">";
    if (column.nullness == ColumnNullness.NULLABLE) {
      diagnostics.error(
          Diagnostics.SCHEMA_NULLABLE_COLUMN,
          where
              + " ("
              + why(column)
              + ") is nullable but "
              + instead
              + " (or @NonNull on the method if the query never yields NULL there)",
          m,
          query,
          sqlValue);
    } else if (column.nullness == ColumnNullness.UNKNOWN) {
      diagnostics.error(
          Diagnostics.SCHEMA_NULLABLE_COLUMN,
          where
              + " may be NULL: the checks could not prove it non-null from the plan, and where"
              + " they cannot decide, nullable is the answer; but "
              + instead
              + ", or @NonNull on the method to assert that the query never yields NULL there",
          m,
          query,
          sqlValue);
    } else if (column.nullness == ColumnNullness.UNPLANNED) {
      diagnostics.warning(
          Diagnostics.SCHEMA_UNPLANNED,
          where
              + " was not proven non-null: PostgreSQL could not plan the statement; "
              + instead
              + ", or @NonNull on the method to assert that the query never yields NULL there",
          m);
    }
  }

  /** Whether the column is a base column of a table (not a view) that is not NOT NULL. */
  private boolean isNullableBaseColumn(ResultColumn column) throws SQLException {
    if (column.baseColumn.isEmpty()) {
      return false;
    }
    Relation relation = catalog.relation(column.baseSchema, column.baseTable);
    if (relation == null || relation.isView) {
      return false;
    }
    SchemaFacts.Column base = relation.columns.get(column.baseColumn);
    return base != null && !base.notNull;
  }

  /** The type of a result column, or null if the catalog does not know its name. */
  private Type resultType(ResultColumn column) throws SQLException {
    String name = column.typeName;
    // pgjdbc names an integer column whose default is nextval(…) after the serial pseudo-type.
    switch (name) {
      case "serial":
        name = "int4";
        break;
      case "bigserial":
        name = "int8";
        break;
      case "smallserial":
        name = "int2";
        break;
      default:
        break;
    }
    return catalog.typeByName(name);
  }
}
