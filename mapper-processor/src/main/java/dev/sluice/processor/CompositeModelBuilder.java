package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Builds the {@link CompositeModel} of a component whose type is a {@code @Row}/{@code @Table}
 * record (or a {@code List} of one) and which is not {@code @Embedded}: the component is then read
 * from one composite column, its record's components from the composite's fields, in order. Reports
 * what a composite field cannot hold (a converter, an embedded record, Optional, a Java array) on
 * the nested component.
 */
final class CompositeModelBuilder {
  private final ProcessingEnvironment env;
  private final Diagnostics diagnostics;

  CompositeModelBuilder(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.env = env;
    this.diagnostics = diagnostics;
  }

  /** The {@code @Row}/{@code @Table} record {@code type} is, or is a {@code List} of; else null. */
  static TypeElement compositeRecord(TypeMirror type, boolean orListOf) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    if (orListOf
        && element.getQualifiedName().contentEquals("java.util.List")
        && declared.getTypeArguments().size() == 1) {
      return compositeRecord(declared.getTypeArguments().get(0), false);
    }
    if (element.getKind() == ElementKind.RECORD
        && (Annotations.find(element, Annotations.ROW) != null
            || Annotations.find(element, Annotations.TABLE) != null)) {
      return element;
    }
    return null;
  }

  /**
   * The reader of component {@code component} of type {@code type}, a composite record or a list of
   * them ({@link #compositeRecord}); null when an error was reported.
   */
  ValueReader reader(
      RecordComponentElement component,
      TypeMirror type,
      boolean nullable,
      PackageElement pkg,
      Set<TypeElement> enclosing)
      throws UnresolvedTypeException {
    TypeElement record = compositeRecord(type, false);
    boolean list = record == null;
    if (list) {
      record = compositeRecord(type, true);
    }
    CompositeModel model = model(component, record, pkg, enclosing);
    if (model == null) {
      return null;
    }
    return list ? new CompositeValues.ListOf(model, !nullable) : new CompositeValues.One(model);
  }

  private CompositeModel model(
      RecordComponentElement at, TypeElement record, PackageElement pkg, Set<TypeElement> enclosing)
      throws UnresolvedTypeException {
    String access = Accessibility.problem(record, pkg, env.getElementUtils());
    if (access != null) {
      diagnostics.error(
          Diagnostics.INACCESSIBLE_TYPE,
          "component "
              + at.getSimpleName()
              + " has type "
              + record.getSimpleName()
              + ", which the generated code in package "
              + pkg.getQualifiedName()
              + " cannot name: "
              + access,
          at);
      return null;
    }
    if (!record.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.UNSUPPORTED_TYPE,
          "component "
              + at.getSimpleName()
              + " reads a composite into generic record "
              + record.getSimpleName()
              + "; remove its type parameters",
          at);
      return null;
    }
    if (!enclosing.add(record)) {
      diagnostics.error(
          Diagnostics.UNSUPPORTED_TYPE,
          "component "
              + at.getSimpleName()
              + " reads a composite into "
              + record.getSimpleName()
              + " inside itself; a composite type cannot contain itself",
          at);
      return null;
    }
    try {
      List<CompositeModel.Field> fields = new ArrayList<>();
      boolean ok = true;
      for (RecordComponentElement c : record.getRecordComponents()) {
        CompositeModel.Field f = field(record, c, pkg, enclosing);
        if (f == null) {
          ok = false;
        } else {
          fields.add(f);
        }
      }
      return ok ? new CompositeModel(ClassName.get(record), fields) : null;
    } finally {
      enclosing.remove(record);
    }
  }

  private CompositeModel.Field field(
      TypeElement record, RecordComponentElement c, PackageElement pkg, Set<TypeElement> enclosing)
      throws UnresolvedTypeException {
    TypeMirror type = c.asType();
    ReaderFactory.requireResolved(type);
    String name = c.getSimpleName().toString();
    boolean nullable = Nullability.isNullable(record, c);
    for (String refused : new String[] {Annotations.EMBEDDED, Annotations.CONVERT}) {
      AnnotationMirror a = Annotations.find(c, refused);
      if (a != null) {
        diagnostics.error(
            Diagnostics.UNSUPPORTED_TYPE,
            "@"
                + a.getAnnotationType().asElement().getSimpleName()
                + " on component "
                + name
                + " of "
                + record.getSimpleName()
                + " is not supported inside a composite; "
                + record.getSimpleName()
                + " is read from a composite value field by field",
            c,
            a);
        return null;
      }
    }
    AnnotationMirror column = Annotations.find(c, Annotations.COLUMN);
    String attribute =
        column != null ? Annotations.stringValue(column, "value") : ColumnNames.snakeCase(name);
    ValueReader reader =
        compositeRecord(type, true) != null
            ? reader(c, type, nullable, pkg, enclosing)
            : ReaderFactory.readerFor(type);
    if (reader == null && compositeRecord(type, true) != null) {
      return null;
    }
    if (reader == null || !CompositeValues.readable(reader)) {
      diagnostics.error(
          Diagnostics.UNSUPPORTED_TYPE,
          "component "
              + name
              + " of "
              + record.getSimpleName()
              + " has type "
              + ReaderFactory.typeName(type)
              + ", which Sluice cannot read from a composite field; use a scalar, an enum, a List"
              + " of scalars, or a @Row record (or a List of them) for a nested composite",
          c);
      return null;
    }
    if (nullable && type.getKind().isPrimitive()) {
      diagnostics.error(
          Diagnostics.NULLABLE_PRIMITIVE,
          "component "
              + name
              + " is @Nullable but its type "
              + ReaderFactory.typeName(type)
              + " cannot hold null; use "
              + ReaderFactory.typeName(type).box()
              + " instead",
          c);
      return null;
    }
    return new CompositeModel.Field(
        c, name, attribute, ReaderFactory.typeName(type), reader, nullable);
  }
}
