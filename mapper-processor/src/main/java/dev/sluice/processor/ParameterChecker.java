package dev.sluice.processor;

import dev.sluice.annotations.ColumnTypes;
import dev.sluice.processor.SchemaFacts.Type;
import dev.sluice.processor.SqlParameterLexer.Occurrence;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import java.sql.SQLException;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The {@code :name} parameters of a {@code @Query} against the types PostgreSQL infers for them.
 * Parameters of a type the runtime declares in Parse ({@link #declaredType}) need no check here:
 * PostgreSQL itself refuses a wrong one while describing. Strings and enums are left to inference,
 * so their inferred type is compared with what they bind: text, or an enum with their labels.
 */
final class ParameterChecker {
  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final EnumChecker enums;

  ParameterChecker(SchemaFacts catalog, Diagnostics diagnostics, EnumChecker enums) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.enums = enums;
  }

  /**
   * Checks each parameter the runtime leaves to inference against the type PostgreSQL inferred
   * ({@code parameters}, by first occurrence); reports on the {@code @Query} value.
   */
  void checkParameters(
      ExecutableElement m,
      ParsedSql parsed,
      SqlPositions described,
      String sourceSql,
      List<TypeMirror> javaTypes,
      List<String> parameters,
      AnnotationMirror query,
      AnnotationValue sqlValue)
      throws SQLException {
    for (int i = 0; i < javaTypes.size(); i++) {
      TypeMirror javaType = javaTypes.get(i);
      String name = parsed.names.get(i);
      int occurrence = described.firstOccurrence(name);
      if (javaType == null || declaredType(javaType) != null || occurrence >= parameters.size()) {
        // Declared (as a cast) with the type the runtime declares: PostgreSQL took it.
        continue;
      }
      String shown = "$" + (i + 1) + " (:" + name + ")";
      TypeElement composite = CompositeModelBuilder.compositeRecord(javaType, true);
      if (composite != null) {
        checkComposite(
            m, shown, name, javaType, composite, parameters.get(occurrence), query, sqlValue);
        continue;
      }
      Type type = catalog.typeByName(parameters.get(occurrence));
      if (type == null) {
        continue;
      }
      TypeElement enumType = enumElement(javaType);
      if (enumType != null) {
        if (type.isEnum) {
          enums.checkParameterLabels(m, shown, type, enumType, query, sqlValue);
        } else if (!ColumnTypeChecker.TEXT_TYPES.contains(type.oidName)
            && !castAfter(parsed, name, sourceSql)) {
          parameterMismatch(m, shown, type, name, javaType, query, sqlValue);
        }
        continue;
      }
      boolean isString = javaType.toString().equals("java.lang.String");
      if (isString
          && !ColumnTypeChecker.TEXT_TYPES.contains(type.oidName)
          && !type.isEnum
          && !castAfter(parsed, name, sourceSql)) {
        parameterMismatch(m, shown, type, name, javaType, query, sqlValue);
      }
    }
  }

  /**
   * A {@code @Row}/{@code @Table} record (or a List of them) binds as a value of the composite (or
   * composite array) type PostgreSQL inferred, its components as the attributes in order: an
   * anonymous {@code record}, a type that is no composite, a list for a single value (or the
   * reverse) and another number of attributes are errors here, as they would be at run time.
   */
  private void checkComposite(
      ExecutableElement m,
      String shown,
      String name,
      TypeMirror javaType,
      TypeElement record,
      String inferred,
      AnnotationMirror query,
      AnnotationValue sqlValue)
      throws SQLException {
    boolean list = CompositeModelBuilder.compositeRecord(javaType, false) == null;
    boolean array = inferred.startsWith("_") || inferred.endsWith("[]");
    String problem;
    SchemaFacts.Relation type = null;
    if (inferred.equals("record") || inferred.equals("_record")) {
      problem = "an anonymous record, which Sluice can read but not write";
    } else if (list != array) {
      problem =
          (array ? "an array" : "a single value")
              + ", but a "
              + (list ? "List binds an array" : "record binds a single value");
    } else if ((type = catalog.compositeType(inferred)) == null) {
      problem = inferred + ", not a composite type";
    } else if (type.columns.size() != record.getRecordComponents().size()) {
      problem =
          "composite type "
              + type.qualifiedName
              + " with "
              + type.columns.size()
              + " attributes, but "
              + record.getSimpleName()
              + " has "
              + record.getRecordComponents().size()
              + " components";
    } else {
      return;
    }
    diagnostics.error(
        Diagnostics.SCHEMA_PARAMETER_TYPE,
        shown
            + " is "
            + problem
            + "; parameter "
            + name
            + " of "
            + m.getSimpleName()
            + " is "
            + (list ? "List<" + record.getSimpleName() + ">" : record.getSimpleName())
            + ", bound as a value of a composite type: "
            + (type != null
                ? "give the record the type's attributes as components, in order"
                : "cast it in the SQL to that type (:"
                    + name
                    + "::a_type"
                    + (list ? "[]" : "")
                    + ")"),
        m,
        query,
        sqlValue);
  }

  private void parameterMismatch(
      ExecutableElement m,
      String shown,
      Type type,
      String name,
      TypeMirror javaType,
      AnnotationMirror query,
      AnnotationValue sqlValue) {
    ScalarType natural = ColumnTypeChecker.naturalJavaType(type.oidName);
    diagnostics.error(
        Diagnostics.SCHEMA_PARAMETER_TYPE,
        shown
            + " is "
            + type.display
            + " but parameter "
            + name
            + " of "
            + m.getSimpleName()
            + " is "
            + simpleName(javaType)
            + "; declare it "
            + (natural == null ? "as a type that holds " + type.display : natural.type.toString())
            + ", or cast it in the SQL (:"
            + name
            + "::"
            + type.display
            + ")",
        m,
        query,
        sqlValue);
  }

  /**
   * The Java type bound to {@code :a.b.c}, Optional unwrapped; null if a converter stands between
   * (its column type is the converter's business) or the path does not resolve.
   */
  static TypeMirror parameterType(ExecutableElement m, String[] path) {
    TypeMirror current = null;
    for (VariableElement p : m.getParameters()) {
      if (p.getSimpleName().contentEquals(path[0])) {
        current = p.asType();
      }
    }
    for (int k = 1; k < path.length && current != null; k++) {
      RecordComponentElement found = null;
      if (current.getKind() == TypeKind.DECLARED
          && ((DeclaredType) current).asElement().getKind() == ElementKind.RECORD) {
        for (RecordComponentElement c :
            ((TypeElement) ((DeclaredType) current).asElement()).getRecordComponents()) {
          if (c.getSimpleName().contentEquals(path[k])) {
            found = c;
          }
        }
      }
      if (found == null || Annotations.find(found, Annotations.CONVERT) != null) {
        return null;
      }
      current = found.getAccessor().getReturnType();
    }
    if (current != null && current.getKind() == TypeKind.DECLARED) {
      DeclaredType d = (DeclaredType) current;
      if (((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.util.Optional")
          && d.getTypeArguments().size() == 1) {
        current = d.getTypeArguments().get(0);
      }
    }
    return current;
  }

  /**
   * The type name the runtime declares in Parse for a value of {@code type} (as {@code
   * dev.sluice.driver.codec.ParameterEncoder.declaredOid} does), or null for none (0, unspecified):
   * Strings, enums and everything the server should infer. A {@code Range<T>} is declared as the
   * first range type of T's row in the table (int4range for Integer), as {@code
   * RangeCodec.declaredOid} declares it from the bounds.
   */
  static String declaredType(TypeMirror type) {
    if (type == null) {
      return null;
    }
    switch (type.getKind()) {
      case DECLARED:
        String name =
            ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
        List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
        if (name.equals("dev.sluice.Range")
            && args.size() == 1
            && args.get(0).getKind() == TypeKind.DECLARED) {
          ColumnTypes.ValueType bounds =
              ColumnTypes.of(
                  ((TypeElement) ((DeclaredType) args.get(0)).asElement())
                      .getQualifiedName()
                      .toString());
          return bounds == null || bounds.ranges().isEmpty() ? null : bounds.ranges().get(0);
        }
        return ColumnTypes.parameterType(name);
      case ARRAY:
        TypeMirror component = ((javax.lang.model.type.ArrayType) type).getComponentType();
        return component.getKind().isPrimitive()
            ? ColumnTypes.parameterType(component.toString() + "[]")
            : null;
      default:
        return type.getKind().isPrimitive() ? ColumnTypes.parameterType(type.toString()) : null;
    }
  }

  private static TypeElement enumElement(TypeMirror type) {
    if (type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM) {
      return (TypeElement) ((DeclaredType) type).asElement();
    }
    return null;
  }

  private static String simpleName(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        ? ((DeclaredType) type).asElement().getSimpleName().toString()
        : type.toString();
  }

  /** Whether the source SQL casts {@code :name} right after it ({@code :d::date}), anywhere. */
  private static boolean castAfter(ParsedSql parsed, String name, String sourceSql) {
    for (Occurrence o : parsed.occurrences) {
      if (o.name.equals(name) && sourceSql.startsWith("::", o.offset + 1 + name.length())) {
        return true;
      }
    }
    return false;
  }
}
