package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Parameter;
import dev.sluice.processor.DaoModel.Value;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Builds the {@link Method} of a {@code @Query} method: its SQL with the named parameters rewritten
 * to {@code $1, $2, …} by {@link SqlParameterLexer}, and each name resolved to what it binds —
 * {@code :name} the method parameter {@code name}, {@code :name.a.b} the components {@code a}, then
 * {@code b}, of that record parameter. A name that binds nothing, and a parameter the SQL never
 * uses, are errors; how the result is read is the {@link ResultPlanner}'s to say.
 */
final class QueryMethodBuilder {
  private final Diagnostics diagnostics;
  private final ResultPlanner results;

  QueryMethodBuilder(Diagnostics diagnostics, ResultPlanner results) {
    this.diagnostics = diagnostics;
    this.results = results;
  }

  /** The method {@code m} annotated with {@code query}, or null when an error was reported. */
  Method build(
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
    ResultPlanner.Plan plan = results.queryResult(m, type.getReturnType(), parsed.kind, pkg);
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
                + String.join(".", Arrays.asList(path).subList(0, k))
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

  /** The component {@code name} of {@code type}, or null if it is no record or has none. */
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
}
