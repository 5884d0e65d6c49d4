package dev.sluice.processor;

import static dev.sluice.annotations.Identifiers.quote;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.sluice.processor.DaoModel.Decoder;
import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Parameter;
import dev.sluice.processor.DaoModel.Result;
import dev.sluice.processor.DaoModel.Value;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import dev.sluice.processor.SqlParameterLexer.StatementKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * Builds the {@link DaoModel} of a {@code @Dao} interface: every abstract method, declared or
 * inherited, gets its statement (named parameters rewritten by {@link SqlParameterLexer}, or the
 * INSERT, UPDATE or DELETE of a {@code @Table} record) and the way its result is read. Reports
 * every problem on the element at fault and goes on, returning null if there was any.
 */
final class DaoModelBuilder {
  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;

  /** Models records for CRUD methods without repeating the records' own errors. */
  private final RecordModelBuilder silentRecords;

  DaoModelBuilder(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.diagnostics = diagnostics;
    this.silentRecords = new RecordModelBuilder(env, new Diagnostics(new SilentMessager()));
  }

  /** The model of {@code dao}, or null when an error was reported. */
  DaoModel build(TypeElement dao) throws UnresolvedTypeException {
    int errorsBefore = diagnostics.errorCount();
    AnnotationMirror annotation = Annotations.find(dao, Annotations.DAO);
    if (dao.getKind() != ElementKind.INTERFACE) {
      diagnostics.error(
          Diagnostics.BAD_DAO,
          "@Dao applies to interfaces, and "
              + dao.getSimpleName()
              + " is not one; declare it as"
              + " an interface",
          dao,
          annotation);
      return null;
    }
    PackageElement pkg = elements.getPackageOf(dao);
    String access = Accessibility.problem(dao, pkg, elements);
    if (access != null) {
      diagnostics.error(
          Diagnostics.BAD_DAO,
          access
              + "; the generated implementation in package "
              + pkg.getQualifiedName()
              + " must implement it: make it package-private or public",
          dao);
      return null;
    }
    if (!dao.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO,
          dao.getSimpleName()
              + " is generic; declare a @Dao for concrete types (it may extend a"
              + " generic interface)",
          dao);
      return null;
    }
    ClassName daoClass = ClassName.get(dao);
    String daoName = String.join(".", daoClass.simpleNames());
    DeclaredType daoType = (DeclaredType) dao.asType();

    List<Method> methods = new ArrayList<>();
    Map<String, ExecutableElement> bySignature = new LinkedHashMap<>();
    for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(dao))) {
      if (!m.getModifiers().contains(Modifier.ABSTRACT)
          || m.getEnclosingElement().getKind() != ElementKind.INTERFACE) {
        continue;
      }
      ExecutableType type = (ExecutableType) types.asMemberOf(daoType, m);
      String signature = signature(m, type);
      ExecutableElement first = bySignature.putIfAbsent(signature, m);
      if (first != null) {
        if (!statementOf(first).equals(statementOf(m))) {
          // Named in a stable order: getAllMembers does not promise declaration order.
          ExecutableElement a = owner(first).compareTo(owner(m)) <= 0 ? first : m;
          ExecutableElement b = a == first ? m : first;
          diagnostics.error(
              Diagnostics.METHOD_CLASH,
              daoName
                  + " inherits "
                  + signature
                  + " from "
                  + owner(a)
                  + " and from "
                  + owner(b)
                  + " with different statements ("
                  + statementOf(a)
                  + " and "
                  + statementOf(b)
                  + "); override it in "
                  + dao.getSimpleName()
                  + " with the one to use",
              dao);
        }
        continue;
      }
      Method method = method(dao, daoName, m, type, pkg);
      if (method != null) {
        methods.add(method);
      }
    }
    if (diagnostics.errorCount() != errorsBefore) {
      return null;
    }
    ClassName impl =
        ClassName.get(daoClass.packageName(), String.join("_", daoClass.simpleNames()) + "Impl");
    return new DaoModel(dao, daoClass, impl, methods);
  }

  private Method method(
      TypeElement dao, String daoName, ExecutableElement m, ExecutableType type, PackageElement pkg)
      throws UnresolvedTypeException {
    ReaderFactory.requireResolved(type.getReturnType());
    for (TypeMirror p : type.getParameterTypes()) {
      ReaderFactory.requireResolved(p);
    }
    String display = daoName + "." + m.getSimpleName();
    List<AnnotationMirror> kinds = new ArrayList<>();
    for (String a :
        List.of(Annotations.QUERY, Annotations.INSERT, Annotations.UPDATE, Annotations.DELETE)) {
      AnnotationMirror found = Annotations.find(m, a);
      if (found != null) {
        kinds.add(found);
      }
    }
    if (kinds.isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "abstract method "
              + m.getSimpleName()
              + " of "
              + dao.getSimpleName()
              + " has no statement; annotate it with @Query, @Insert, @Update or @Delete, or give"
              + " it a default body",
          m);
      return null;
    }
    if (kinds.size() > 1) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "method "
              + m.getSimpleName()
              + " has "
              + kinds.size()
              + " statement annotations;"
              + " keep one of @Query, @Insert, @Update and @Delete",
          m,
          kinds.get(1));
      return null;
    }
    if (!m.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "method "
              + m.getSimpleName()
              + " is generic; a DAO method reads one concrete type:"
              + " remove its type parameters",
          m);
      return null;
    }
    List<Parameter> parameters = new ArrayList<>();
    for (int i = 0; i < m.getParameters().size(); i++) {
      parameters.add(
          new Parameter(
              m.getParameters().get(i).getSimpleName().toString(),
              ReaderFactory.typeName(type.getParameterTypes().get(i))));
    }
    AnnotationMirror kind = kinds.get(0);
    String kindName = kind.getAnnotationType().asElement().getSimpleName().toString();
    if (kindName.equals("Query")) {
      return query(m, type, display, parameters, kind, pkg);
    }
    return crud(m, type, display, parameters, kind, kindName, pkg);
  }

  // ------------------------------------------------------------------ @Query

  private Method query(
      ExecutableElement m,
      ExecutableType type,
      String display,
      List<Parameter> parameters,
      AnnotationMirror query,
      PackageElement pkg)
      throws UnresolvedTypeException {
    AnnotationValue sqlValue = Annotations.explicitValue(query, "value");
    String sql = Annotations.stringValue(query, "value");
    ParsedSql parsed = SqlParameterLexer.parse(sql);
    if (parsed.problem != null) {
      diagnostics.error(
          Diagnostics.BAD_QUERY,
          "the SQL of " + m.getSimpleName() + " cannot be read: " + parsed.problem,
          m,
          query,
          sqlValue);
      return null;
    }
    if (sql.isBlank()) {
      diagnostics.error(
          Diagnostics.BAD_QUERY,
          "the SQL of " + m.getSimpleName() + " is empty",
          m,
          query,
          sqlValue);
      return null;
    }
    boolean ok = true;
    List<Value> values = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (String name : parsed.names) {
      String[] path = name.split("\\.");
      used.add(path[0]);
      Value value = namedValue(m, type, path, query, sqlValue);
      if (value == null) {
        ok = false;
      } else {
        values.add(value);
      }
    }
    for (VariableElement p : m.getParameters()) {
      if (!used.contains(p.getSimpleName().toString())) {
        diagnostics.error(
            Diagnostics.UNUSED_PARAMETER,
            "parameter "
                + p.getSimpleName()
                + " of "
                + m.getSimpleName()
                + " is used nowhere in"
                + " its SQL; refer to it as :"
                + p.getSimpleName()
                + " or remove it",
            p);
        ok = false;
      }
    }
    ResultPlan plan = queryResult(m, type.getReturnType(), parsed.kind, pkg);
    if (!ok || plan == null) {
      return null;
    }
    return new Method(
        m,
        display,
        ReaderFactory.typeName(type.getReturnType()),
        parameters,
        parsed.sql,
        values,
        plan.result,
        plan.decoder);
  }

  /** The value of {@code :a.b.c}: parameter {@code a}, then record components; null on error. */
  private Value namedValue(
      ExecutableElement m,
      ExecutableType type,
      String[] path,
      AnnotationMirror query,
      AnnotationValue sqlValue) {
    int index = -1;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < m.getParameters().size(); i++) {
      String name = m.getParameters().get(i).getSimpleName().toString();
      names.add(name);
      if (name.equals(path[0])) {
        index = i;
      }
    }
    if (index < 0) {
      diagnostics.error(
          Diagnostics.UNKNOWN_PARAMETER,
          ":"
              + path[0]
              + " in the SQL of "
              + m.getSimpleName()
              + " names no parameter; the"
              + " method's parameters are "
              + (names.isEmpty() ? "none" : String.join(", ", names))
              + " (compile with -parameters if they read arg0, arg1)",
          m,
          query,
          sqlValue);
      return null;
    }
    TypeMirror current = type.getParameterTypes().get(index);
    List<String> accessors = new ArrayList<>();
    RecordComponentElement last = null;
    for (int k = 1; k < path.length; k++) {
      RecordComponentElement component = component(current, path[k]);
      if (component == null) {
        diagnostics.error(
            Diagnostics.UNKNOWN_PARAMETER,
            ":"
                + String.join(".", path)
                + " in the SQL of "
                + m.getSimpleName()
                + ": "
                + String.join(".", java.util.Arrays.asList(path).subList(0, k))
                + " is of type "
                + ReaderFactory.typeName(current)
                + (isRecord(current)
                    ? ", which has no component " + path[k]
                    : ", which is no record with components"),
            m,
            query,
            sqlValue);
        return null;
      }
      accessors.add(component.getSimpleName().toString());
      current = component.getAccessor().getReturnType();
      last = component;
    }
    ClassName converter = null;
    if (last != null) {
      AnnotationMirror convert = Annotations.find(last, Annotations.CONVERT);
      AnnotationValue v = convert == null ? null : Annotations.value(convert, "value");
      if (v != null && v.getValue() instanceof DeclaredType) {
        converter = ClassName.get((TypeElement) ((DeclaredType) v.getValue()).asElement());
      }
    }
    return new Value(path[0], accessors, isOptional(current), converter);
  }

  private static RecordComponentElement component(TypeMirror type, String name) {
    if (!isRecord(type)) {
      return null;
    }
    for (RecordComponentElement c :
        ((TypeElement) ((DeclaredType) type).asElement()).getRecordComponents()) {
      if (c.getSimpleName().contentEquals(name)) {
        return c;
      }
    }
    return null;
  }

  /** How a {@code @Query} method's result is read, or null after reporting why it cannot be. */
  private ResultPlan queryResult(
      ExecutableElement m, TypeMirror returnType, StatementKind kind, PackageElement pkg)
      throws UnresolvedTypeException {
    TypeKind k = returnType.getKind();
    if (k == TypeKind.VOID) {
      return new ResultPlan(Result.VOID, null);
    }
    if ((k == TypeKind.INT || k == TypeKind.LONG) && kind != StatementKind.ROWS) {
      // No rows to read, or the processor cannot tell: the row count.
      return new ResultPlan(k == TypeKind.INT ? Result.COUNT_INT : Result.COUNT_LONG, null);
    }
    String noRows =
        "the SQL of "
            + m.getSimpleName()
            + " returns no rows (no RETURNING), so there is no "
            + ReaderFactory.typeName(returnType)
            + " to read; return void, int or long for its row"
            + " count, or add RETURNING";
    Result container = container(returnType);
    TypeMirror element = returnType;
    if (container != null) {
      List<? extends TypeMirror> args = ((DeclaredType) returnType).getTypeArguments();
      if (args.size() != 1
          || args.get(0).getKind() != TypeKind.DECLARED
              && args.get(0).getKind() != TypeKind.ARRAY) {
        unsupportedReturn(m, returnType, "its element type must be a record or a scalar");
        return null;
      }
      element = args.get(0);
    }
    if (kind == StatementKind.COUNT) {
      diagnostics.error(Diagnostics.UNSUPPORTED_RETURN, noRows, m);
      return null;
    }
    Decoder decoder = decoder(m, returnType, element, pkg);
    if (decoder == null) {
      return null;
    }
    Result result =
        container != null
            ? container
            : element.getKind().isPrimitive() ? Result.ONE_NOT_NULL : Result.ONE;
    return new ResultPlan(result, decoder);
  }

  /**
   * LIST, OPTIONAL or STREAM for {@code List<T>}, {@code Optional<T>}, {@code Stream<T>}; else
   * null.
   */
  private static Result container(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    switch (name) {
      case "java.util.List":
        return Result.LIST;
      case "java.util.Optional":
        return Result.OPTIONAL;
      case "java.util.stream.Stream":
        return Result.STREAM;
      default:
        return null;
    }
  }

  /** The decoder of {@code element}, a scalar, enum or {@code @Row}/{@code @Table} record. */
  private Decoder decoder(
      ExecutableElement m, TypeMirror returnType, TypeMirror element, PackageElement pkg)
      throws UnresolvedTypeException {
    ReaderFactory.requireResolved(element);
    if (element.getKind() == TypeKind.DECLARED) {
      TypeElement te = (TypeElement) ((DeclaredType) element).asElement();
      if (te.getKind() == ElementKind.RECORD) {
        if (Annotations.find(te, Annotations.ROW) == null
            && Annotations.find(te, Annotations.TABLE) == null) {
          unsupportedReturn(
              m,
              returnType,
              te.getSimpleName()
                  + " is a record without @Row or @Table; annotate it"
                  + " with @Row so Sluice generates its decoder");
          return null;
        }
        if (!visible(m, te, pkg)) {
          return null;
        }
        ClassName record = ClassName.get(te);
        ClassName decoder =
            ClassName.get(record.packageName(), String.join("_", record.simpleNames()) + "Decoder");
        return Decoder.record(record, decoder);
      }
    }
    ValueReader reader = ReaderFactory.scalarOrEnum(element);
    if (reader == null && element.getKind() == TypeKind.ARRAY) {
      reader = ReaderFactory.readerFor(element);
      reader = reader instanceof ValueReader.Scalar ? reader : null;
    }
    if (reader instanceof ValueReader.Scalar) {
      return Decoder.scalar(((ValueReader.Scalar) reader).type);
    }
    if (reader instanceof ValueReader.EnumOf) {
      TypeElement te = (TypeElement) ((DeclaredType) element).asElement();
      if (!visible(m, te, pkg)) {
        return null;
      }
      return Decoder.enumOf(((ValueReader.EnumOf) reader).enumClass);
    }
    unsupportedReturn(
        m,
        returnType,
        ReaderFactory.typeName(element)
            + " is neither a @Row or @Table record nor a scalar Sluice"
            + " reads from a column");
    return null;
  }

  private void unsupportedReturn(ExecutableElement m, TypeMirror returnType, String why) {
    diagnostics.error(
        Diagnostics.UNSUPPORTED_RETURN,
        "method "
            + m.getSimpleName()
            + " returns "
            + ReaderFactory.typeName(returnType)
            + ", which Sluice cannot produce: "
            + why
            + ". Return List<T>, Optional<T>, Stream<T>"
            + " or T of a @Row record or a scalar; or void, int or long for a row count",
        m);
  }

  private boolean visible(ExecutableElement m, TypeElement type, PackageElement pkg) {
    String problem = Accessibility.problem(type, pkg, elements);
    if (problem == null) {
      return true;
    }
    diagnostics.error(
        Diagnostics.INACCESSIBLE_TYPE,
        "method "
            + m.getSimpleName()
            + " uses "
            + type.getSimpleName()
            + ", which the generated"
            + " implementation in package "
            + pkg.getQualifiedName()
            + " cannot name: "
            + problem,
        m);
    return false;
  }

  // ------------------------------------------------------------------ @Insert, @Update, @Delete

  private Method crud(
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
    if (!visible(m, record, pkg)) {
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
    ColumnModel version = version(model);
    if (diagnostics.errorCount() != errorsBefore) {
      return null;
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

  /** The record's {@code @Version} column, or null; reports bad ones. */
  private ColumnModel version(RecordModel model) {
    ColumnModel found = null;
    for (ColumnModel c : model.columns()) {
      AnnotationMirror v = Annotations.find(c.element, Annotations.VERSION);
      if (v == null) {
        continue;
      }
      TypeName t = c.type.isBoxedPrimitive() ? c.type.unbox() : c.type;
      if (!(t.equals(TypeName.INT) || t.equals(TypeName.LONG) || t.equals(TypeName.SHORT))
          || c.nullable) {
        diagnostics.error(
            Diagnostics.BAD_VERSION,
            "@Version component "
                + c.path
                + " is a "
                + (c.nullable ? "nullable " : "")
                + c.type
                + "; a version is a non-null int, long or short",
            c.element,
            v);
      } else if (found != null) {
        diagnostics.error(
            Diagnostics.BAD_VERSION,
            "@Version component "
                + c.path
                + " is the second of "
                + model.displayName()
                + " (after "
                + found.path
                + "); keep one",
            c.element,
            v);
      } else {
        found = c;
      }
    }
    return found;
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
    StringBuilder sql = new StringBuilder("INSERT INTO ").append(tableName(model));
    List<Value> values = new ArrayList<>();
    if (inserted.isEmpty()) {
      sql.append(" DEFAULT VALUES");
    } else {
      sql.append(" (");
      StringBuilder params = new StringBuilder();
      for (ColumnModel c : inserted) {
        if (!values.isEmpty()) {
          sql.append(", ");
          params.append(", ");
        }
        values.add(columnValue(root, c));
        sql.append(quote(c.column));
        params.append('$').append(values.size());
      }
      sql.append(") VALUES (").append(params).append(')');
    }
    TypeMirror returnType = type.getReturnType();
    TypeName returnName = ReaderFactory.typeName(returnType);
    TypeKind k = returnType.getKind();
    String parameterName = parameter.getSimpleName().toString();
    if (batch) {
      if (k != TypeKind.VOID && k != TypeKind.INT && k != TypeKind.LONG) {
        unsupportedCrudReturn(
            m,
            returnType,
            "a batch @Insert returns void, or int or long for the"
                + " rows inserted (generated keys are not read back in a batch)");
        return null;
      }
      Result result =
          k == TypeKind.VOID
              ? Result.VOID
              : k == TypeKind.INT ? Result.COUNT_INT : Result.COUNT_LONG;
      TypeName element = ReaderFactory.typeName(recordType);
      return new Method(
          m,
          display,
          returnName,
          parameters,
          sql.toString(),
          values,
          result,
          null,
          parameterName,
          element,
          null,
          null,
          null);
    }
    if (k == TypeKind.VOID) {
      return new Method(
          m, display, returnName, parameters, sql.toString(), values, Result.VOID, null);
    }
    if (k == TypeKind.INT || k == TypeKind.LONG) {
      ColumnModel key = generated.size() == 1 ? generated.get(0) : null;
      ScalarType keyType = key == null ? null : ScalarType.of(key.type);
      if (keyType == ScalarType.SHORT || keyType == ScalarType.INT || keyType == ScalarType.LONG) {
        sql.append(" RETURNING ").append(quote(key.column));
        ScalarType read = k == TypeKind.INT ? ScalarType.INT : ScalarType.LONG;
        return new Method(
            m,
            display,
            returnName,
            parameters,
            sql.toString(),
            values,
            Result.ONE_NOT_NULL,
            Decoder.scalar(read));
      }
      return new Method(
          m,
          display,
          returnName,
          parameters,
          sql.toString(),
          values,
          k == TypeKind.INT ? Result.COUNT_INT : Result.COUNT_LONG,
          null);
    }
    if (types.isSameType(types.erasure(returnType), types.erasure(model.element.asType()))) {
      sql.append(" RETURNING ").append(columnList(all));
      return new Method(
          m,
          display,
          returnName,
          parameters,
          sql.toString(),
          values,
          Result.ONE,
          Decoder.record(model.recordClass, model.generatedName("Decoder")));
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
    List<Value> values = new ArrayList<>();
    StringBuilder sql =
        new StringBuilder(update ? "UPDATE " : "DELETE FROM ").append(tableName(model));
    if (update) {
      sql.append(" SET ");
      List<String> assignments = new ArrayList<>();
      for (ColumnModel c : set) {
        values.add(columnValue(root, c));
        assignments.add(quote(c.column) + " = $" + values.size());
      }
      if (version != null) {
        assignments.add(quote(version.column) + " = " + quote(version.column) + " + 1");
      }
      if (assignments.isEmpty()) {
        // Only ids: nothing to change, but the statement still tells whether the row exists.
        assignments.add(quote(ids.get(0).column) + " = " + quote(ids.get(0).column));
      }
      sql.append(String.join(", ", assignments));
    }
    sql.append(" WHERE ");
    List<String> conditions = new ArrayList<>();
    for (ColumnModel c : ids) {
      values.add(columnValue(root, c));
      conditions.add(quote(c.column) + " = $" + values.size());
    }
    if (version != null) {
      values.add(columnValue(root, version));
      conditions.add(quote(version.column) + " = $" + values.size());
    }
    sql.append(String.join(" AND ", conditions));

    TypeMirror returnType = type.getReturnType();
    TypeName returnName = ReaderFactory.typeName(returnType);
    TypeKind k = returnType.getKind();
    Result result;
    Decoder decoder = null;
    if (k == TypeKind.VOID) {
      result = Result.VOID;
    } else if (k == TypeKind.INT) {
      result = Result.COUNT_INT;
    } else if (k == TypeKind.LONG) {
      result = Result.COUNT_LONG;
    } else if (update
        && types.isSameType(types.erasure(returnType), types.erasure(model.element.asType()))) {
      sql.append(" RETURNING ").append(columnList(model.columns()));
      result = Result.ONE;
      decoder = Decoder.record(model.recordClass, model.generatedName("Decoder"));
    } else {
      unsupportedCrudReturn(
          m,
          returnType,
          kind
              + " returns void, or int or long for the row count"
              + (update ? ", or " + model.displayName() + " for the row as stored" : ""));
      return null;
    }
    List<Value> idValues = new ArrayList<>();
    for (ColumnModel c : ids) {
      idValues.add(columnValue(root, c));
    }
    return new Method(
        m,
        display,
        returnName,
        parameters,
        sql.toString(),
        values,
        result,
        decoder,
        null,
        null,
        version == null ? null : tableName(model),
        version == null ? null : idValues,
        version == null ? null : columnValue(root, version));
  }

  private void unsupportedCrudReturn(ExecutableElement m, TypeMirror returnType, String what) {
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

  /** The value of a column of the record in {@code root}: accessors through embedded records. */
  private static Value columnValue(String root, ColumnModel c) {
    List<String> accessors = List.of(c.path.split("\\."));
    ClassName converter =
        c.reader instanceof ValueReader.Converted
            ? ((ValueReader.Converted) c.reader).converter
            : null;
    return new Value(root, accessors, c.reader instanceof ValueReader.OptionalOf, converter);
  }

  private static String columnList(List<ColumnModel> columns) {
    List<String> names = new ArrayList<>();
    for (ColumnModel c : columns) {
      names.add(quote(c.column));
    }
    return String.join(", ", names);
  }

  private static String tableName(RecordModel model) {
    return model.schema.isEmpty()
        ? quote(model.table)
        : quote(model.schema) + "." + quote(model.table);
  }

  // ------------------------------------------------------------------ helpers

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

  private static boolean isOptional(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals("java.util.Optional");
  }

  /** {@code name(T1, T2)} with erased parameter types: what makes two methods one. */
  private String signature(ExecutableElement m, ExecutableType type) {
    List<String> params = new ArrayList<>();
    for (TypeMirror p : type.getParameterTypes()) {
      params.add(types.erasure(p).toString());
    }
    return m.getSimpleName() + "(" + String.join(", ", params) + ")";
  }

  /** The statement annotation of a method as text, to compare inherited duplicates. */
  private static String statementOf(ExecutableElement m) {
    for (String a :
        List.of(Annotations.QUERY, Annotations.INSERT, Annotations.UPDATE, Annotations.DELETE)) {
      AnnotationMirror found = Annotations.find(m, a);
      if (found != null) {
        String simple = a.substring(a.lastIndexOf('.') + 1);
        return a.equals(Annotations.QUERY)
            ? "@Query(\"" + Annotations.stringValue(found, "value") + "\")"
            : "@" + simple;
      }
    }
    return "no annotation";
  }

  private static String owner(Element m) {
    return m.getEnclosingElement().getSimpleName().toString();
  }

  /** How a result is read: the call and its decoder. */
  private static final class ResultPlan {
    final Result result;
    final Decoder decoder;

    ResultPlan(Result result, Decoder decoder) {
      this.result = result;
      this.decoder = decoder;
    }
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
