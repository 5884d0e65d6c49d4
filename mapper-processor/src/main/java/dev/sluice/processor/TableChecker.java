package dev.sluice.processor;

import static dev.sluice.annotations.Identifiers.quote;

import dev.sluice.processor.SchemaFacts.Column;
import dev.sluice.processor.SchemaFacts.Description;
import dev.sluice.processor.SchemaFacts.Relation;
import dev.sluice.processor.SchemaFacts.ResultColumn;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;

/**
 * {@code @Table} records against the catalog: the table exists, each component names one of its
 * columns, holds its type, is nullable where the column is, and is {@code @Generated} where the
 * column is generated always; an {@code @Insert} sets every NOT NULL column without default. A
 * view's columns (never NOT NULL in the catalog) are nullable as {@link NullabilityInference} finds
 * them in the plan of {@code SELECT * FROM view}: one more statement described per view.
 */
final class TableChecker {
  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final CompositeChecker composites;
  private final ColumnTypeChecker types;

  TableChecker(SchemaFacts catalog, Diagnostics diagnostics, ColumnTypeChecker types) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.types = types;
    this.composites = new CompositeChecker(catalog, diagnostics, types);
  }

  /** Checks a {@code @Table} record's components against its table. */
  void checkTable(RecordModel model) throws SQLException {
    Relation relation = catalog.relation(model.schema, model.table);
    if (relation == null) {
      String shown = model.schema.isEmpty() ? model.table : model.schema + "." + model.table;
      diagnostics.error(
          Diagnostics.SCHEMA_UNKNOWN_TABLE,
          "table \""
              + shown
              + "\" of "
              + model.displayName()
              + " does not exist"
              + Suggestions.didYouMean(model.table, catalog.relationNames(model.schema))
              + "; name an existing table or view in @Table",
          model.element,
          Annotations.find(model.element, Annotations.TABLE));
      return;
    }
    Map<String, ResultColumn> viewNullness = relation.isView ? viewNullness(model) : Map.of();
    for (ColumnModel c : model.columns()) {
      Column column = relation.columns.get(c.column);
      if (column == null) {
        diagnostics.error(
            Diagnostics.SCHEMA_UNKNOWN_COLUMN,
            "column \""
                + c.column
                + "\" does not exist in "
                + relation.qualifiedName
                + Suggestions.didYouMean(c.column, relation.columns.keySet())
                + "; rename component "
                + c.path
                + " or name its column with @Column",
            c.element);
        continue;
      }
      String where = relation.qualifiedName + "." + column.name;
      String problem =
          types.typeProblem(
              c.reader, column.type, where, "component " + c.path + " (" + c.type + ")");
      if (problem != null) {
        diagnostics.error(Diagnostics.SCHEMA_TYPE_MISMATCH, problem, c.element);
      }
      composites.check(c, column.type.display, where, "component " + c.path);
      if (!column.notNull && !relation.isView && ColumnTypeChecker.rejectsNull(c)) {
        diagnostics.error(
            Diagnostics.SCHEMA_NULLABLE_COLUMN,
            ColumnTypeChecker.nullableProblem(where, c),
            c.element);
      } else if (relation.isView && ColumnTypeChecker.rejectsNull(c)) {
        checkViewColumn(where, viewNullness.get(c.column), c);
      }
      if ((column.identity == 'a' || column.generated) && !c.generated) {
        diagnostics.error(
            Diagnostics.SCHEMA_GENERATED_COLUMN,
            where
                + " is "
                + (column.generated
                    ? "a generated column (GENERATED ALWAYS AS … STORED)"
                    : "an identity column GENERATED ALWAYS")
                + ", which an INSERT or UPDATE may not set; mark component "
                + c.path
                + " @Generated",
            c.element);
      }
    }
  }

  /**
   * The nullability of each column of the view {@code model} maps, by the plan of {@code SELECT *
   * FROM} it; empty when the statement could not be described.
   */
  private Map<String, ResultColumn> viewNullness(RecordModel model) throws SQLException {
    String sql =
        "SELECT * FROM "
            + (model.schema.isEmpty() ? "" : quote(model.schema) + ".")
            + quote(model.table);
    // No parameters (an empty list that, unlike List.of(), may be asked whether it holds null).
    Description d = catalog.describe(sql, sql, java.util.Collections.emptyList());
    Map<String, ResultColumn> out = new HashMap<>();
    if (d.columns != null) {
      for (ResultColumn r : d.columns) {
        out.putIfAbsent(r.label, r);
      }
    }
    return out;
  }

  /**
   * A view's column into a component that rejects NULL: an error unless the plan proves it non-null
   * (nothing when the view could not be described at all). A nullable column's message names the
   * one cause the plan of the view shows, where it shows one (the nullable base column it follows,
   * the outer join), as a query's does.
   */
  private void checkViewColumn(String where, ResultColumn described, ColumnModel c) {
    ColumnNullness nullness = described == null ? null : described.nullness;
    if (nullness == ColumnNullness.NULLABLE) {
      diagnostics.error(
          Diagnostics.SCHEMA_NULLABLE_COLUMN,
          ColumnTypeChecker.nullableProblem(
                  where
                      + (described.cause != null
                          ? " (" + described.cause + ")"
                          : " (NULL in some rows by the plan of the view: a nullable base column,"
                              + " the nullable side of an outer join, an aggregate over no rows,"
                              + " …)"),
                  c)
              + " (or @NonNull if the view never yields NULL there)",
          c.element);
    } else if (nullness == ColumnNullness.UNPLANNED) {
      diagnostics.warning(
          Diagnostics.SCHEMA_UNPLANNED,
          where
              + " was not proven non-null: PostgreSQL could not plan SELECT * FROM the view;"
              + " component "
              + c.path
              + ColumnTypeChecker.nonNullComponent(c)
              + ", or @NonNull on it to assert that the view never yields NULL there",
          c.element);
    } else if (nullness == ColumnNullness.UNKNOWN) {
      diagnostics.error(
          Diagnostics.SCHEMA_NULLABLE_COLUMN,
          where
              + " may be NULL: the checks could not prove it non-null from the plan of the view,"
              + " and where they cannot decide, nullable is the answer; but component "
              + c.path
              + ColumnTypeChecker.nonNullComponent(c)
              + ", or @NonNull on it to assert that the view never yields NULL there",
          c.element);
    }
  }

  /**
   * Checks that an {@code @Insert} of {@code model} sets every NOT NULL column that has no default:
   * an error on the method, a warning when a BEFORE INSERT row trigger may fill it.
   */
  void checkInsert(ExecutableElement method, RecordModel model) throws SQLException {
    Relation relation = catalog.relation(model.schema, model.table);
    if (relation == null || relation.isView) {
      return;
    }
    Set<String> inserted = new HashSet<>();
    for (ColumnModel c : model.columns()) {
      if (!c.generated) {
        inserted.add(c.column);
      }
    }
    for (Column column : relation.columns.values()) {
      if (inserted.contains(column.name)
          || !column.notNull
          || column.hasDefault
          || column.identity != 0
          || column.generated) {
        continue;
      }
      String what =
          method.getSimpleName()
              + " inserts "
              + model.displayName()
              + " into "
              + relation.qualifiedName
              + " without column "
              + column.name
              + ", which is NOT NULL and has no default";
      if (relation.insertTriggers.isEmpty()) {
        diagnostics.error(
            Diagnostics.SCHEMA_MISSING_COLUMN,
            what + "; add a component for it (or give the column a default)",
            method);
      } else {
        diagnostics.warning(
            Diagnostics.SCHEMA_MISSING_COLUMN,
            what
                + "; only a BEFORE INSERT trigger ("
                + String.join(", ", relation.insertTriggers)
                + ") may fill it. Add a component for it, or give the column a default",
            method);
      }
    }
  }
}
