package dev.sluice.processor;

import dev.sluice.processor.SchemaFacts.Column;
import dev.sluice.processor.SchemaFacts.Relation;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;

/**
 * {@code @Table} records against the catalog: the table exists, each component names one of its
 * columns, holds its type, is nullable where the column is, and is {@code @Generated} where the
 * column is generated always; an {@code @Insert} sets every NOT NULL column without default.
 */
final class TableChecker {
  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final ColumnTypeChecker types;

  TableChecker(SchemaFacts catalog, Diagnostics diagnostics, ColumnTypeChecker types) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.types = types;
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
      if (!column.notNull && !relation.isView && ColumnTypeChecker.rejectsNull(c)) {
        diagnostics.error(
            Diagnostics.SCHEMA_NULLABLE_COLUMN,
            ColumnTypeChecker.nullableProblem(where, c),
            c.element);
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
