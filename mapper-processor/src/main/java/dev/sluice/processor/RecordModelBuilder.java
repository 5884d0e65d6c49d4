package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Builds the {@link RecordModel} of a {@code @Row} or {@code @Table} record, reporting every
 * structural problem on the element at fault: it goes on after an error so one compilation shows
 * them all, and returns null if there was any.
 */
final class RecordModelBuilder {
  private final ProcessingEnvironment env;
  private final Diagnostics diagnostics;
  private final ConverterValidator converters;
  private final CompositeModelBuilder composites;

  RecordModelBuilder(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.env = env;
    this.diagnostics = diagnostics;
    this.converters = new ConverterValidator(env, diagnostics);
    this.composites = new CompositeModelBuilder(env, diagnostics);
  }

  /** The model of {@code record}, or null when an error was reported. */
  RecordModel build(TypeElement record) throws UnresolvedTypeException {
    int errorsBefore = diagnostics.errorCount();
    AnnotationMirror table = Annotations.find(record, Annotations.TABLE);
    AnnotationMirror row = Annotations.find(record, Annotations.ROW);
    if (record.getKind() != ElementKind.RECORD) {
      diagnostics.error(
          Diagnostics.NOT_A_RECORD,
          "@"
              + (table != null ? "Table" : "Row")
              + " applies to records only, and "
              + record.getSimpleName()
              + " is "
              + article(record.getKind())
              + "; declare it as a record",
          record,
          table != null ? table : row);
      return null;
    }
    PackageElement pkg = env.getElementUtils().getPackageOf(record);
    String access = Accessibility.problem(record, pkg, env.getElementUtils());
    if (access != null) {
      diagnostics.error(
          Diagnostics.INACCESSIBLE_RECORD,
          access
              + "; the generated decoder in package "
              + pkg.getQualifiedName()
              + " must name it: make it package-private or public",
          record);
      return null;
    }
    if (!record.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.INACCESSIBLE_RECORD,
          record.getSimpleName()
              + " is generic; a decoder creates one concrete type:"
              + " remove the type parameters",
          record);
      return null;
    }
    Set<TypeElement> enclosing = new HashSet<>();
    enclosing.add(record);
    List<ComponentModel> components = components(record, pkg, table != null, "", "", "", enclosing);
    checkDuplicateColumns(components);
    if (diagnostics.errorCount() != errorsBefore) {
      return null;
    }
    return new RecordModel(
        record,
        ClassName.get(record),
        table == null ? null : Annotations.stringValue(table, "value"),
        table == null ? null : Annotations.stringValue(table, "schema"),
        components);
  }

  /**
   * The components of {@code record}, which is the root record or one embedded in it under {@code
   * columnPrefix}, {@code pathPrefix} ("billing.") and {@code fieldPrefix} ("billing").
   */
  private List<ComponentModel> components(
      TypeElement record,
      PackageElement pkg,
      boolean isTable,
      String columnPrefix,
      String pathPrefix,
      String fieldPrefix,
      Set<TypeElement> enclosing)
      throws UnresolvedTypeException {
    List<ComponentModel> out = new ArrayList<>();
    for (RecordComponentElement component : record.getRecordComponents()) {
      ComponentModel model =
          component(
              record, component, pkg, isTable, columnPrefix, pathPrefix, fieldPrefix, enclosing);
      if (model != null) {
        out.add(model);
      }
    }
    return out;
  }

  private ComponentModel component(
      TypeElement record,
      RecordComponentElement component,
      PackageElement pkg,
      boolean isTable,
      String columnPrefix,
      String pathPrefix,
      String fieldPrefix,
      Set<TypeElement> enclosing)
      throws UnresolvedTypeException {
    TypeMirror type = component.asType();
    ReaderFactory.requireResolved(type);
    String name = component.getSimpleName().toString();
    String path = pathPrefix + name;
    String fieldName = fieldPrefix.isEmpty() ? name : ColumnNames.camelPath(fieldPrefix, name);
    AnnotationMirror id = Annotations.find(component, Annotations.ID);
    AnnotationMirror generated = Annotations.find(component, Annotations.GENERATED);
    if (!isTable) {
      for (AnnotationMirror a : new AnnotationMirror[] {id, generated}) {
        if (a != null) {
          diagnostics.error(
              Diagnostics.NOT_A_TABLE,
              "@"
                  + a.getAnnotationType().asElement().getSimpleName()
                  + " on component "
                  + name
                  + " needs a table: annotate "
                  + record.getSimpleName()
                  + " with @Table instead of @Row",
              component,
              a);
        }
      }
    }
    if (generated != null && isTable && !generatedPlaceholderAllowed(type)) {
      // A record built for an insert must fill every component; a generated integral key can hold
      // 0 until the database assigns it, but no primitive of these kinds has such a value.
      diagnostics.error(
          Diagnostics.GENERATED_PRIMITIVE,
          "@Generated component "
              + name
              + " is a "
              + type
              + ", which has no value meaning \"not generated yet\"; use an integral type"
              + " (int, long, short) or a boxed type that can hold null",
          component,
          generated);
    }
    boolean nullable = Nullability.isNullable(record, component);
    AnnotationMirror embedded = Annotations.find(component, Annotations.EMBEDDED);
    if (embedded != null) {
      return embedded(
          component, embedded, nullable, pkg, isTable, columnPrefix, path, fieldName, enclosing);
    }
    AnnotationMirror column = Annotations.find(component, Annotations.COLUMN);
    String columnName =
        column != null ? Annotations.stringValue(column, "value") : ColumnNames.snakeCase(name);
    if (columnName.isEmpty()) {
      diagnostics.error(
          Diagnostics.UNSUPPORTED_TYPE,
          "@Column on component " + name + " names no column; give the column's name",
          component,
          column);
      return null;
    }
    AnnotationMirror convert = Annotations.find(component, Annotations.CONVERT);
    ValueReader reader;
    if (convert != null) {
      reader = converters.reader(component, convert, pkg);
      if (reader == null) {
        return null;
      }
    } else if (CompositeModelBuilder.compositeRecord(type, true) != null) {
      // A @Row record that is not @Embedded: one composite column (a List of them: an array).
      reader = composites.reader(component, type, nullable, pkg, enclosing);
      if (reader == null) {
        return null;
      }
    } else {
      reader = ReaderFactory.readerFor(type);
      if (reader == null) {
        diagnostics.error(
            Diagnostics.UNSUPPORTED_TYPE,
            "component "
                + name
                + " of "
                + record.getSimpleName()
                + " has type "
                + ReaderFactory.typeName(type)
                + ", which Sluice cannot read from a column; use a supported type (primitives"
                + " and their boxes, String, BigDecimal, byte[], UUID, java.time types, Interval,"
                + " InetAddress, InetNetwork, PgLsn, BitString, enums, Lists of these nested up"
                + " to six deep, arrays of them in one or two dimensions, Range<T> of int, long,"
                + " BigDecimal, LocalDate, LocalDateTime or Instant, Map<String, String> for"
                + " hstore, Optional of a scalar), @Embedded for a record, or @Convert",
            component);
        return null;
      }
      if (reader instanceof ValueReader.EnumOf && !checkVisible(component, type, pkg)) {
        return null;
      }
    }
    if (nullable && type.getKind().isPrimitive()) {
      diagnostics.error(
          Diagnostics.NULLABLE_PRIMITIVE,
          "component "
              + name
              + " is @Nullable but its type "
              + ReaderFactory.typeName(type)
              + " cannot hold null;"
              + " use "
              + ReaderFactory.typeName(type).box()
              + " instead",
          component);
      return null;
    }
    return new ColumnModel(
        component,
        path,
        columnPrefix + columnName,
        fieldName,
        ReaderFactory.typeName(type),
        reader,
        nullable,
        id != null,
        generated != null);
  }

  private ComponentModel embedded(
      RecordComponentElement component,
      AnnotationMirror embedded,
      boolean nullable,
      PackageElement pkg,
      boolean isTable,
      String columnPrefix,
      String path,
      String fieldName,
      Set<TypeElement> enclosing)
      throws UnresolvedTypeException {
    TypeMirror type = component.asType();
    String name = component.getSimpleName().toString();
    if (type.getKind() != TypeKind.DECLARED
        || ((DeclaredType) type).asElement().getKind() != ElementKind.RECORD) {
      diagnostics.error(
          Diagnostics.BAD_EMBEDDED,
          "@Embedded component "
              + name
              + " has type "
              + ReaderFactory.typeName(type)
              + ", which is no record;"
              + " embed a record, or remove @Embedded",
          component,
          embedded);
      return null;
    }
    TypeElement nested = (TypeElement) ((DeclaredType) type).asElement();
    if (nullable) {
      diagnostics.error(
          Diagnostics.BAD_EMBEDDED,
          "@Embedded component "
              + name
              + " cannot be @Nullable yet; make the embedded"
              + " record's components nullable instead",
          component,
          embedded);
      return null;
    }
    if (!nested.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_EMBEDDED,
          "@Embedded component "
              + name
              + " has generic type "
              + ReaderFactory.typeName(type)
              + "; embed a record"
              + " without type parameters",
          component,
          embedded);
      return null;
    }
    if (!checkVisible(component, type, pkg)) {
      return null;
    }
    if (!enclosing.add(nested)) {
      diagnostics.error(
          Diagnostics.BAD_EMBEDDED,
          "@Embedded component "
              + name
              + " embeds "
              + nested.getSimpleName()
              + " inside itself; a row has finitely many columns",
          component,
          embedded);
      return null;
    }
    String prefix = columnPrefix + Annotations.stringValue(embedded, "value");
    List<ComponentModel> components =
        components(nested, pkg, isTable, prefix, path + ".", fieldName, enclosing);
    enclosing.remove(nested);
    return new EmbeddedModel(component, path, ClassName.get(nested), components);
  }

  /** Reports a type the generated code could not name; true if it can. */
  private boolean checkVisible(
      RecordComponentElement component, TypeMirror type, PackageElement pkg) {
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    String access = Accessibility.problem(element, pkg, env.getElementUtils());
    if (access == null) {
      return true;
    }
    diagnostics.error(
        Diagnostics.INACCESSIBLE_TYPE,
        "component "
            + component.getSimpleName()
            + " has type "
            + element.getSimpleName()
            + ", which the generated code in package "
            + pkg.getQualifiedName()
            + " cannot name: "
            + access,
        component);
    return false;
  }

  /** Reports each column that a later component maps to again, on the later top-level component. */
  private void checkDuplicateColumns(List<ComponentModel> components) {
    Map<String, ColumnModel> seen = new LinkedHashMap<>();
    for (ComponentModel top : components) {
      for (ColumnModel c : top.columns()) {
        ColumnModel first = seen.putIfAbsent(c.column, c);
        if (first != null) {
          AnnotationMirror column = Annotations.find(c.element, Annotations.COLUMN);
          AnnotationValue value =
              column == null ? null : Annotations.explicitValue(column, "value");
          boolean precise = top == c;
          diagnostics.error(
              Diagnostics.DUPLICATE_COLUMN,
              "component "
                  + c.path
                  + " maps to column \""
                  + c.column
                  + "\", as component "
                  + first.path
                  + " does; give one of them another name with @Column",
              top.element,
              precise ? column : Annotations.find(top.element, Annotations.EMBEDDED),
              precise ? value : null);
        }
      }
    }
  }

  private static String article(ElementKind kind) {
    switch (kind) {
      case CLASS:
        return "a class";
      case INTERFACE:
        return "an interface";
      case ENUM:
        return "an enum";
      case ANNOTATION_TYPE:
        return "an annotation type";
      default:
        return "a " + kind.toString().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * Whether {@code type} may be {@code @Generated}: any reference type, or an integral primitive.
   */
  private static boolean generatedPlaceholderAllowed(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN:
      case CHAR:
      case FLOAT:
      case DOUBLE:
        return false;
      default:
        return true;
    }
  }
}
