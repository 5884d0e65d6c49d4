package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.sluice.processor.DaoModel.Decoder;
import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Parameter;
import dev.sluice.processor.DaoModel.Result;
import dev.sluice.processor.DaoModel.Value;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * Builds the {@link Method} of an {@code @Insert}, {@code @Update} or {@code @Delete} method. Its
 * one parameter is a {@code @Table} record (for {@code @Insert} also an Iterable of them: a batch),
 * which is modelled again here, silently, since the record reports its own errors; its
 * {@code @Version} is checked by {@link VersionValidator}. The statement's text comes from {@link
 * CrudStatements}, and this class binds the record's components to its parameters in the order that
 * class documents; the result is read as {@link ResultPlanner} reads any. An {@code @Insert(copy =
 * true)} is built by {@link CopyMethodBuilder}.
 */
final class CrudMethodBuilder {
  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;
  private final ResultPlanner results;
  private final VersionValidator versions;
  private final CopyMethodBuilder copies;

  /** Models records for CRUD methods without repeating the records' own errors. */
  private final RecordModelBuilder silentRecords;

  CrudMethodBuilder(ProcessingEnvironment env, Diagnostics diagnostics, ResultPlanner results) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.diagnostics = diagnostics;
    this.results = results;
    this.versions = new VersionValidator(diagnostics);
    this.copies = new CopyMethodBuilder(diagnostics);
    this.silentRecords = new RecordModelBuilder(env, new Diagnostics(new SilentMessager()));
  }

  /**
   * The method {@code m} annotated with {@code annotation}, whose simple name is {@code kind}
   * ("Insert"); null when an error was reported.
   */
  Method build(
      ExecutableElement m,
      ExecutableType type,
      String display,
      List<Parameter> parameters,
      AnnotationMirror annotation,
      String kind,
      PackageElement pkg)
      throws UnresolvedTypeException {
    if (m.getParameters().size() != 1) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "@"
              + kind
              + " method "
              + m.getSimpleName()
              + " takes "
              + m.getParameters().size()
              + " parameters; it takes one @Table record"
              + (kind.equals("Insert") ? " (or a List or Iterable of them)" : ""),
          m,
          annotation);
      return null;
    }
    VariableElement parameter = m.getParameters().get(0);
    TypeMirror parameterType = type.getParameterTypes().get(0);
    TypeMirror recordType = parameterType;
    boolean batch = false;
    if (kind.equals("Insert") && isIterable(parameterType)) {
      List<? extends TypeMirror> args = ((DeclaredType) parameterType).getTypeArguments();
      recordType = args.size() == 1 ? args.get(0) : null;
      batch = true;
    }
    TypeElement record =
        recordType != null && isRecord(recordType)
            ? (TypeElement) ((DeclaredType) recordType).asElement()
            : null;
    if (record == null || Annotations.find(record, Annotations.TABLE) == null) {
      diagnostics.error(
          Diagnostics.NOT_A_TABLE,
          "@"
              + kind
              + " needs a @Table record, and parameter "
              + parameter.getSimpleName()
              + " of "
              + m.getSimpleName()
              + " is a "
              + ReaderFactory.typeName(parameterType)
              + (record != null ? "; annotate " + record.getSimpleName() + " with @Table" : ""),
          parameter);
      return null;
    }
    if (!results.checkVisible(m, record, pkg)) {
      return null;
    }
    RecordModel model = silentRecords.build(record);
    if (model == null) {
      diagnostics.error(
          Diagnostics.UNSUPPORTED_TYPE,
          record.getSimpleName()
              + " cannot be mapped (see the errors reported on it), so @"
              + kind
              + " "
              + m.getSimpleName()
              + " has no statement",
          parameter);
      return null;
    }
    int errorsBefore = diagnostics.errorCount();
    ColumnModel version = versions.version(model);
    if (diagnostics.errorCount() != errorsBefore) {
      return null;
    }
    if (kind.equals("Insert") && CopyMethodBuilder.requested(annotation)) {
      return copies.build(
          m, type, display, parameters, model, batch, parameter, recordType, annotation);
    }
    // In a batch, the values come from the loop variable over the records.
    String name = parameter.getSimpleName().toString();
    String root = !batch ? name : name.equals("row") ? "row_" : "row";
    switch (kind) {
      case "Insert":
        return insert(m, type, display, parameters, model, root, batch, parameter, recordType);
      case "Update":
        return updateOrDelete(m, type, display, parameters, model, root, version, true);
      default:
        return updateOrDelete(m, type, display, parameters, model, root, version, false);
    }
  }

  private Method insert(
      ExecutableElement m,
      ExecutableType type,
      String display,
      List<Parameter> parameters,
      RecordModel model,
      String root,
      boolean batch,
      VariableElement parameter,
      TypeMirror recordType) {
    List<ColumnModel> all = model.columns();
    List<ColumnModel> inserted = new ArrayList<>();
    List<ColumnModel> generated = new ArrayList<>();
    for (ColumnModel c : all) {
      (c.generated ? generated : inserted).add(c);
    }
    CrudStatements statements = new CrudStatements(model.schema, model.table);
    List<String> columns = columnNames(inserted);
    List<Value> values = columnValues(root, inserted);
    TypeMirror returnType = type.getReturnType();
    TypeName returnName = ReaderFactory.typeName(returnType);
    TypeKind k = returnType.getKind();
    if (batch) {
      Result count = ResultPlanner.count(k);
      if (count == null) {
        unsupportedCrudReturn(
            m,
            returnType,
            "a batch @Insert returns void, or int or long for the"
                + " rows inserted (generated keys are not read back in a batch)");
        return null;
      }
      return new Method(
          m,
          display,
          returnName,
          parameters,
          statements.insert(columns, List.of()),
          values,
          count,
          null,
          parameter.getSimpleName().toString(),
          ReaderFactory.typeName(recordType),
          null,
          null,
          null);
    }
    if (k == TypeKind.VOID) {
      return new Method(
          m,
          display,
          returnName,
          parameters,
          statements.insert(columns, List.of()),
          values,
          Result.VOID,
          null);
    }
    if (k == TypeKind.INT || k == TypeKind.LONG) {
      ColumnModel key = generated.size() == 1 ? generated.get(0) : null;
      ScalarType keyType = key == null ? null : ScalarType.of(key.type);
      if (keyType == ScalarType.SHORT || keyType == ScalarType.INT || keyType == ScalarType.LONG) {
        ScalarType read = k == TypeKind.INT ? ScalarType.INT : ScalarType.LONG;
        return new Method(
            m,
            display,
            returnName,
            parameters,
            statements.insert(columns, List.of(key.column)),
            values,
            Result.ONE_NOT_NULL,
            Decoder.scalar(read));
      }
      return new Method(
          m,
          display,
          returnName,
          parameters,
          statements.insert(columns, List.of()),
          values,
          ResultPlanner.count(k),
          null);
    }
    if (results.returnsRecord(returnType, model.element)) {
      return new Method(
          m,
          display,
          returnName,
          parameters,
          statements.insert(columns, columnNames(all)),
          values,
          Result.ONE,
          ResultPlanner.recordDecoder(model.recordClass));
    }
    unsupportedCrudReturn(
        m,
        returnType,
        "@Insert returns void, "
            + model.displayName()
            + " (the row as stored), or long or int (the generated key, or the row count)");
    return null;
  }

  private Method updateOrDelete(
      ExecutableElement m,
      ExecutableType type,
      String display,
      List<Parameter> parameters,
      RecordModel model,
      String root,
      ColumnModel version,
      boolean update) {
    String kind = update ? "@Update" : "@Delete";
    List<ColumnModel> ids = new ArrayList<>();
    List<ColumnModel> set = new ArrayList<>();
    for (ColumnModel c : model.columns()) {
      if (c.id) {
        ids.add(c);
      } else if (!c.generated && c != version) {
        set.add(c);
      }
    }
    if (ids.isEmpty()) {
      diagnostics.error(
          Diagnostics.NO_ID,
          kind
              + " "
              + m.getSimpleName()
              + " finds the row of "
              + model.displayName()
              + " by its id, and "
              + model.displayName()
              + " has no @Id component; mark the"
              + " primary key's components with @Id",
          m);
      return null;
    }
    TypeMirror returnType = type.getReturnType();
    Result result = ResultPlanner.count(returnType.getKind());
    Decoder decoder = null;
    List<String> returning = List.of();
    if (result == null) {
      if (!update || !results.returnsRecord(returnType, model.element)) {
        unsupportedCrudReturn(
            m,
            returnType,
            kind
                + " returns void, or int or long for the row count"
                + (update ? ", or " + model.displayName() + " for the row as stored" : ""));
        return null;
      }
      returning = columnNames(model.columns());
      result = Result.ONE;
      decoder = ResultPlanner.recordDecoder(model.recordClass);
    }
    CrudStatements statements = new CrudStatements(model.schema, model.table);
    String versionColumn = version == null ? null : version.column;
    String sql =
        update
            ? statements.update(columnNames(set), columnNames(ids), versionColumn, returning)
            : statements.delete(columnNames(ids), versionColumn);
    // The statement's parameters: the columns set (by an update), the ids, the version.
    List<Value> values = update ? columnValues(root, set) : new ArrayList<>();
    List<Value> idValues = columnValues(root, ids);
    values.addAll(idValues);
    Value versionValue = version == null ? null : columnValue(root, version);
    if (versionValue != null) {
      values.add(versionValue);
    }
    return new Method(
        m,
        display,
        ReaderFactory.typeName(returnType),
        parameters,
        sql,
        values,
        result,
        decoder,
        null,
        null,
        version == null ? null : statements.table(),
        version == null ? null : idValues,
        versionValue);
  }

  private void unsupportedCrudReturn(ExecutableElement m, TypeMirror returnType, String what) {
    unsupportedCrudReturn(diagnostics, m, returnType, what);
  }

  /** Reports that {@code m}'s return type is not one its kind of CRUD method can return. */
  static void unsupportedCrudReturn(
      Diagnostics diagnostics, ExecutableElement m, TypeMirror returnType, String what) {
    diagnostics.error(
        Diagnostics.UNSUPPORTED_RETURN,
        "method "
            + m.getSimpleName()
            + " returns "
            + ReaderFactory.typeName(returnType)
            + "; "
            + what,
        m);
  }

  /** The values of {@code columns} of the record in {@code root}, in order. */
  private static List<Value> columnValues(String root, List<ColumnModel> columns) {
    List<Value> values = new ArrayList<>();
    for (ColumnModel c : columns) {
      values.add(columnValue(root, c));
    }
    return values;
  }

  /** The value of a column of the record in {@code root}: accessors through embedded records. */
  private static Value columnValue(String root, ColumnModel c) {
    List<String> accessors = List.of(c.path.split("\\."));
    ClassName converter =
        c.reader instanceof ValueReader.Converted
            ? ((ValueReader.Converted) c.reader).converter
            : null;
    return new Value(root, accessors, c.reader instanceof ValueReader.OptionalOf, converter);
  }

  private static List<String> columnNames(List<ColumnModel> columns) {
    List<String> names = new ArrayList<>();
    for (ColumnModel c : columns) {
      names.add(c.column);
    }
    return names;
  }

  private boolean isIterable(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    TypeElement iterable = elements.getTypeElement("java.lang.Iterable");
    return types.isAssignable(types.erasure(type), types.erasure(iterable.asType()));
  }

  private static boolean isRecord(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.RECORD;
  }

  /** Swallows the diagnostics of records modelled again for CRUD; they report their own. */
  private static final class SilentMessager implements Messager {
    @Override
    public void printMessage(Diagnostic.Kind kind, CharSequence msg) {}

    @Override
    public void printMessage(Diagnostic.Kind kind, CharSequence msg, Element e) {}

    @Override
    public void printMessage(
        Diagnostic.Kind kind, CharSequence msg, Element e, AnnotationMirror a) {}

    @Override
    public void printMessage(
        Diagnostic.Kind kind, CharSequence msg, Element e, AnnotationMirror a, AnnotationValue v) {}
  }
}
