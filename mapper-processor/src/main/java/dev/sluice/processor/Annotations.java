package dev.sluice.processor;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/** Reads our annotations from elements as mirrors, so class values need no loaded classes. */
final class Annotations {
  static final String ROW = "dev.sluice.annotations.Row";
  static final String TABLE = "dev.sluice.annotations.Table";
  static final String COLUMN = "dev.sluice.annotations.Column";
  static final String ID = "dev.sluice.annotations.Id";
  static final String GENERATED = "dev.sluice.annotations.Generated";
  static final String EMBEDDED = "dev.sluice.annotations.Embedded";
  static final String CONVERT = "dev.sluice.annotations.Convert";
  static final String NULLABLE = "dev.sluice.annotations.Nullable";
  static final String LABEL = "dev.sluice.annotations.Label";
  static final String DAO = "dev.sluice.annotations.Dao";
  static final String QUERY = "dev.sluice.annotations.Query";
  static final String INSERT = "dev.sluice.annotations.Insert";
  static final String UPDATE = "dev.sluice.annotations.Update";
  static final String DELETE = "dev.sluice.annotations.Delete";
  static final String VERSION = "dev.sluice.annotations.Version";
  static final String NON_NULL = "dev.sluice.annotations.NonNull";

  /** The annotations giving a DAO method its statement, one to a method. */
  static final List<String> STATEMENTS = List.of(QUERY, INSERT, UPDATE, DELETE);

  private Annotations() {}

  /** The annotation of type {@code name} on {@code element}, or null. */
  static AnnotationMirror find(Element element, String name) {
    for (AnnotationMirror a : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) a.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(name)) {
        return a;
      }
    }
    return null;
  }

  /** The value of {@code member}, explicit or default; null if the member does not exist. */
  static AnnotationValue value(AnnotationMirror annotation, String member) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        annotation.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(member)) {
        return e.getValue();
      }
    }
    for (ExecutableElement m :
        ElementFilter.methodsIn(annotation.getAnnotationType().asElement().getEnclosedElements())) {
      if (m.getSimpleName().contentEquals(member)) {
        return m.getDefaultValue();
      }
    }
    return null;
  }

  /** The explicitly written value of {@code member}, for pointing diagnostics at it; or null. */
  static AnnotationValue explicitValue(AnnotationMirror annotation, String member) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        annotation.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(member)) {
        return e.getValue();
      }
    }
    return null;
  }

  static String stringValue(AnnotationMirror annotation, String member) {
    AnnotationValue v = value(annotation, member);
    return v == null ? "" : String.valueOf(v.getValue());
  }
}
