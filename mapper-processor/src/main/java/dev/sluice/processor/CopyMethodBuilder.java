package dev.sluice.processor;

import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Parameter;
import dev.sluice.processor.DaoModel.Result;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;

/**
 * Builds the {@link Method} of an {@code @Insert(copy = true)}: the records go through {@code
 * copyIn} of the table's generated metadata instead of an INSERT. {@link CrudMethodBuilder} has
 * already checked the parameter and modelled its record; this class checks what only a COPY needs
 * (many records, a count or nothing returned, a column to write).
 */
final class CopyMethodBuilder {
  private final Diagnostics diagnostics;

  CopyMethodBuilder(Diagnostics diagnostics) {
    this.diagnostics = diagnostics;
  }

  /** Whether an {@code @Insert} says {@code copy = true}. */
  static boolean requested(AnnotationMirror insert) {
    AnnotationValue v = Annotations.value(insert, "copy");
    return v != null && Boolean.TRUE.equals(v.getValue());
  }

  /**
   * An {@code @Insert(copy = true)}: the records through {@code copyIn} of the table's generated
   * metadata. Only for many records (one row gains nothing from a COPY, and a single-record insert
   * may return its keys, which a COPY cannot), returning nothing or the rows copied.
   */
  Method build(
      ExecutableElement m,
      ExecutableType type,
      String display,
      List<Parameter> parameters,
      RecordModel model,
      boolean batch,
      VariableElement parameter,
      TypeMirror recordType,
      AnnotationMirror annotation) {
    if (!batch) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "@Insert(copy = true) method "
              + m.getSimpleName()
              + " takes one "
              + model.displayName()
              + "; COPY is for many records: take a List, Collection or Iterable of "
              + model.displayName()
              + ", or drop copy = true",
          m,
          annotation,
          Annotations.explicitValue(annotation, "copy"));
      return null;
    }
    TypeMirror returnType = type.getReturnType();
    Result count = ResultPlanner.count(returnType.getKind());
    if (count == null) {
      CrudMethodBuilder.unsupportedCrudReturn(
          diagnostics,
          m,
          returnType,
          "an @Insert(copy = true) returns void, or int or long for the rows copied (COPY has no"
              + " RETURNING, so no generated keys or rows come back)");
      return null;
    }
    List<String> columns = new ArrayList<>();
    for (ColumnModel c : model.columns()) {
      if (!c.generated) {
        columns.add(c.column);
      }
    }
    if (columns.isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "@Insert(copy = true) method "
              + m.getSimpleName()
              + " copies "
              + model.displayName()
              + ", whose every column is @Generated, so a COPY has no column to write; drop copy ="
              + " true (a batch @Insert inserts DEFAULT VALUES)",
          m,
          annotation,
          Annotations.explicitValue(annotation, "copy"));
      return null;
    }
    return Method.copy(
        m,
        display,
        ReaderFactory.typeName(returnType),
        parameters,
        new CrudStatements(model.schema, model.table).copyIn(columns),
        count,
        parameter.getSimpleName().toString(),
        ReaderFactory.typeName(recordType),
        model.generatedName("Table"),
        TableWriter.constantName(model.table));
  }
}
