package dev.sluice.processor;

import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.SchemaFacts.Description;
import dev.sluice.processor.SchemaFacts.SqlError;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;

/**
 * Describes the statement of a {@code @Query} (through {@link SchemaFacts#describe}) with the
 * parameter types the runtime declares, reports what PostgreSQL rejects with its position mapped
 * back to the {@code :name} text, and hands parameters and result to their checkers.
 */
final class QueryChecker {
  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final ParameterChecker parameterChecker;
  private final ResultChecker resultChecker;

  QueryChecker(
      SchemaFacts catalog,
      Diagnostics diagnostics,
      ParameterChecker parameterChecker,
      ResultChecker resultChecker) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.parameterChecker = parameterChecker;
    this.resultChecker = resultChecker;
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
    ExecutableElement m = method.element;
    ParsedSql parsed = SqlParameterLexer.parse(sourceSql);
    List<TypeMirror> javaTypes = new ArrayList<>();
    List<String> declared = new ArrayList<>();
    for (String name : parsed.names) {
      TypeMirror type = ParameterChecker.parameterType(m, name.split("\\."));
      javaTypes.add(type);
      declared.add(ParameterChecker.declaredType(type));
    }
    SqlPositions described = SqlPositions.describe(sourceSql, parsed, declared);
    Description description = catalog.describe(described.sql, described.jdbcSql, declared);
    if (description.error != null) {
      diagnostics.error(
          Diagnostics.SCHEMA_BAD_SQL,
          badSql(m, description.error, described, sourceSql),
          m,
          query,
          sqlValue);
      return;
    }
    parameterChecker.checkParameters(
        m, parsed, described, sourceSql, javaTypes, description.parameterTypes, query, sqlValue);
    resultChecker.checkResult(method, description.columns, record, query, sqlValue);
  }

  /** PostgreSQL's error, its position mapped back to the {@code :name} text with the fragment. */
  private static String badSql(
      ExecutableElement m, SqlError error, SqlPositions described, String sourceSql) {
    StringBuilder out =
        new StringBuilder("PostgreSQL rejects the SQL of ")
            .append(m.getSimpleName())
            .append(": ")
            .append(error.message);
    if (error.position > 0) {
      int offset = described.sourceOffset(error.position - 1);
      out.append(" at \"")
          .append(SqlPositions.fragment(sourceSql, offset))
          .append("\" (character ")
          .append(offset + 1)
          .append(')');
    }
    if (error.sqlState != null) {
      out.append(" [SQLSTATE ").append(error.sqlState).append(']');
    }
    if (error.detail != null) {
      out.append("; detail: ").append(error.detail);
    }
    if (error.hint != null) {
      out.append("; hint: ").append(error.hint);
    }
    return out.toString();
  }
}
