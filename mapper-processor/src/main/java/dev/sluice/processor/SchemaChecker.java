package dev.sluice.processor;

import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.SnapshotFacts.SnapshotException;
import java.sql.SQLException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.util.Elements;

/**
 * The compile-time schema checks: {@code @Table} records against their table's columns, Java enums
 * against PostgreSQL enums, and {@code @Query} statements described by PostgreSQL (Parse and
 * Describe, never executed) with the parameter types the runtime declares, their parameters and
 * result columns against the method. Types are compared by the one compatibility table ({@link
 * dev.sluice.annotations.ColumnTypes}, through {@link ScalarType}) that the generated decoders
 * enforce at run time.
 *
 * <p>It raises no false alarm where PostgreSQL cannot tell: a result column that is computed (no
 * table behind it) or from a view has unknown nullability and is accepted; a base column's
 * nullability is its {@code attnotnull}, which an outer join may make wrong in the permissive
 * direction only. {@code @NonNull} on a component overrides a nullable column.
 *
 * <p>This class is the processor's one entry to them; each job has a class of its own: {@link
 * TableChecker} ({@code @Table} records, {@code @Insert}), {@link QueryChecker} (describing a
 * statement, PostgreSQL's errors), {@link ParameterChecker}, {@link ResultChecker}, {@link
 * ColumnTypeChecker} (the compatibility table) and {@link EnumChecker}. They share one catalog, so
 * each relation and type is read once per compilation, and one {@link EnumChecker}, so each pair of
 * enums is compared once.
 *
 * <p>Every fact comes through {@link SchemaFacts}: from the server, recorded into a snapshot, or
 * from a snapshot alone. A snapshot that cannot answer (no entry, a stale one) is reported on the
 * element being checked, and the check of that element stops there.
 */
final class SchemaChecker {
  private final TableChecker tables;
  private final QueryChecker queries;
  private final Diagnostics diagnostics;

  SchemaChecker(SchemaFacts catalog, Diagnostics diagnostics, Elements elements) {
    this.diagnostics = diagnostics;
    EnumChecker enums = new EnumChecker(catalog, diagnostics, elements);
    ColumnTypeChecker types = new ColumnTypeChecker(enums);
    this.tables = new TableChecker(catalog, diagnostics, types);
    this.queries =
        new QueryChecker(
            catalog,
            diagnostics,
            new ParameterChecker(catalog, diagnostics, enums),
            new ResultChecker(catalog, diagnostics, types));
  }

  /** Checks a {@code @Table} record's components against its table. */
  void checkTable(RecordModel model) throws SQLException {
    try {
      tables.checkTable(model);
    } catch (SnapshotException e) {
      diagnostics.error(e.tag, e.getMessage(), model.element);
    }
  }

  /** Checks that an {@code @Insert} of {@code model} sets every NOT NULL column without default. */
  void checkInsert(ExecutableElement method, RecordModel model) throws SQLException {
    try {
      tables.checkInsert(method, model);
    } catch (SnapshotException e) {
      diagnostics.error(e.tag, e.getMessage(), method);
    }
  }

  /**
   * Describes the statement of a {@code @Query} method and checks its parameters and result; {@code
   * record} is the model of the record its rows decode into, or null.
   */
  void checkQuery(
      Method method,
      AnnotationMirror query,
      AnnotationValue sqlValue,
      String sourceSql,
      RecordModel record)
      throws SQLException {
    try {
      queries.checkQuery(method, query, sqlValue, sourceSql, record);
    } catch (SnapshotException e) {
      diagnostics.error(e.tag, e.getMessage(), method.element, query, sqlValue);
    }
  }
}
