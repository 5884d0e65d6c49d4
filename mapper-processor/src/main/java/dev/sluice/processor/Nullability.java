package dev.sluice.processor;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * Whether a record component is marked nullable: by any annotation whose simple name is {@code
 * Nullable} (ours, JSpecify, JetBrains, Jakarta, …) on the component, its type (type-use
 * annotations such as JSpecify's are found only there), its accessor, its field, or its parameter
 * in the canonical constructor. Where javac copies a record component's annotation depends on the
 * annotation's targets, so every place is looked at.
 */
final class Nullability {
  private Nullability() {}

  static boolean isNullable(TypeElement record, RecordComponentElement component) {
    if (hasNullable(component) || hasNullable(component.asType().getAnnotationMirrors())) {
      return true;
    }
    ExecutableElement accessor = component.getAccessor();
    if (accessor != null
        && (hasNullable(accessor)
            || hasNullable(accessor.getReturnType().getAnnotationMirrors()))) {
      return true;
    }
    String name = component.getSimpleName().toString();
    for (VariableElement field : ElementFilter.fieldsIn(record.getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(name)
          && (hasNullable(field) || hasNullable(field.asType().getAnnotationMirrors()))) {
        return true;
      }
    }
    VariableElement parameter = canonicalParameter(record, component);
    return parameter != null
        && (hasNullable(parameter) || hasNullable(parameter.asType().getAnnotationMirrors()));
  }

  /** The canonical constructor's parameter for {@code component}, or null. */
  private static VariableElement canonicalParameter(
      TypeElement record, RecordComponentElement component) {
    List<? extends RecordComponentElement> components = record.getRecordComponents();
    int index = components.indexOf(component);
    for (ExecutableElement c : ElementFilter.constructorsIn(record.getEnclosedElements())) {
      List<? extends VariableElement> parameters = c.getParameters();
      if (parameters.size() == components.size() && index >= 0 && isCanonical(c, components)) {
        return parameters.get(index);
      }
    }
    return null;
  }

  private static boolean isCanonical(
      ExecutableElement constructor, List<? extends RecordComponentElement> components) {
    List<? extends VariableElement> parameters = constructor.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      if (!parameters.get(i).getSimpleName().contentEquals(components.get(i).getSimpleName())) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasNullable(Element element) {
    return hasNullable(element.getAnnotationMirrors());
  }

  private static boolean hasNullable(List<? extends AnnotationMirror> annotations) {
    for (AnnotationMirror a : annotations) {
      if (a.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
        return true;
      }
    }
    return false;
  }
}
