package dev.sluice.processor;

import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Describes the statement of a {@code @Query} (pgjdbc Parse and Describe, never executed) with the
 * parameter types the runtime declares, reports what PostgreSQL rejects with its position mapped
 * back to the {@code :name} text, and hands parameters and result to their checkers.
 */
final class QueryChecker {
  private final SchemaCatalog catalog;
  private final Diagnostics diagnostics;
  private final ParameterChecker parameterChecker;
  private final ResultChecker resultChecker;

  QueryChecker(
      SchemaCatalog catalog,
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
    List<String> parameters;
    ResultSetMetaData result;
    try (PreparedStatement s = catalog.connection().prepareStatement(described.jdbcSql)) {
      try {
        result = s.getMetaData();
        parameters = parameterTypes(described.sql, declared);
      } catch (PSQLException e) {
        diagnostics.error(
            Diagnostics.SCHEMA_BAD_SQL, badSql(m, e, described, sourceSql), m, query, sqlValue);
        return;
      }
      parameterChecker.checkParameters(
          m, parsed, described, sourceSql, javaTypes, parameters, query, sqlValue);
      List<ColumnNullness> nullness =
          record == null || result == null
              ? List.of()
              : NullabilityInference.infer(
                  catalog.connection(), described.sql, occurrenceTypes(parsed, declared));
      resultChecker.checkResult(method, result, nullness, record, query, sqlValue);
    }
  }

  /**
   * The types PostgreSQL infers for the parameters ({@code integer}, {@code mpaa_rating}), from a
   * PREPARE (parsed and planned, never executed) and pg_prepared_statements; empty when every
   * parameter has a declared type, which needs no look-up. pgjdbc reports no parameter types for
   * {@code $n} it did not write itself.
   */
  private List<String> parameterTypes(String sql, List<String> declared) throws SQLException {
    if (!declared.contains(null)) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    try (Statement s = catalog.connection().createStatement()) {
      s.setEscapeProcessing(false);
      s.execute("PREPARE sluice_describe AS " + sql);
      try (ResultSet r =
          s.executeQuery(
              "SELECT unnest(parameter_types)::text FROM pg_prepared_statements"
                  + " WHERE name = 'sluice_describe'")) {
        while (r.next()) {
          out.add(r.getString(1));
        }
      } finally {
        s.execute("DEALLOCATE sluice_describe");
      }
    }
    return out;
  }

  /** The declared type (or null) of each {@code $n}, numbered by occurrence as described. */
  private static List<String> occurrenceTypes(ParsedSql parsed, List<String> declared) {
    List<String> out = new ArrayList<>();
    for (SqlParameterLexer.Occurrence o : parsed.occurrences) {
      out.add(declared.get(parsed.position(o.name) - 1));
    }
    return out;
  }

  /** PostgreSQL's error, its position mapped back to the {@code :name} text with the fragment. */
  private static String badSql(
      ExecutableElement m, PSQLException e, SqlPositions described, String sourceSql) {
    ServerErrorMessage error = e.getServerErrorMessage();
    String message = error == null ? e.getMessage() : error.getMessage();
    StringBuilder out =
        new StringBuilder("PostgreSQL rejects the SQL of ")
            .append(m.getSimpleName())
            .append(": ")
            .append(message);
    if (error != null && error.getPosition() > 0) {
      int offset = described.sourceOffset(error.getPosition() - 1);
      out.append(" at \"")
          .append(SqlPositions.fragment(sourceSql, offset))
          .append("\" (character ")
          .append(offset + 1)
          .append(')');
    }
    if (error != null && error.getSQLState() != null) {
      out.append(" [SQLSTATE ").append(error.getSQLState()).append(']');
    }
    if (error != null && error.getDetail() != null) {
      out.append("; detail: ").append(error.getDetail());
    }
    if (error != null && error.getHint() != null) {
      out.append("; hint: ").append(error.getHint());
    }
    return out.toString();
  }
}
