package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Checks the class named by {@code @Convert} and makes its reader: a class (not abstract, not
 * generic, not an inner class) with a no-argument constructor, both visible from the record's
 * package, implementing {@code dev.sluice.Converter<C, T>} where {@code C} is a type Sluice reads
 * directly and {@code T} can be assigned to the component.
 */
final class ConverterValidator {
  static final String CONVERTER = "dev.sluice.Converter";

  private final ProcessingEnvironment env;
  private final Diagnostics diagnostics;

  ConverterValidator(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.env = env;
    this.diagnostics = diagnostics;
  }

  /** The reader, or null after reporting why the converter cannot be used. */
  ValueReader reader(
      RecordComponentElement component, AnnotationMirror convert, PackageElement from)
      throws UnresolvedTypeException {
    AnnotationValue value = Annotations.value(convert, "value");
    if (!(value.getValue() instanceof TypeMirror)) {
      throw new UnresolvedTypeException(component.asType());
    }
    TypeMirror type = (TypeMirror) value.getValue();
    ReaderFactory.requireResolved(type);
    if (type.getKind() != TypeKind.DECLARED) {
      return fail(component, convert, value, type + " is not a class");
    }
    TypeElement converter = (TypeElement) ((DeclaredType) type).asElement();
    String name = converter.getSimpleName().toString();
    if (converter.getKind() != ElementKind.CLASS
        || converter.getModifiers().contains(Modifier.ABSTRACT)) {
      return fail(component, convert, value, name + " must be a concrete class");
    }
    if (!converter.getTypeParameters().isEmpty()) {
      return fail(component, convert, value, name + " must not be generic");
    }
    if (converter.getNestingKind().isNested()
        && !converter.getModifiers().contains(Modifier.STATIC)) {
      return fail(component, convert, value, name + " is an inner class; make it static");
    }
    String access = Accessibility.problem(converter, from, env.getElementUtils());
    if (access != null) {
      return fail(component, convert, value, access + ", so the generated decoder cannot use it");
    }
    if (!hasVisibleNoArgConstructor(converter, from)) {
      return fail(
          component,
          convert,
          value,
          name + " needs a no-argument constructor the generated decoder can call");
    }
    TypeElement converterInterface = env.getElementUtils().getTypeElement(CONVERTER);
    if (converterInterface == null) {
      return fail(
          component, convert, value, CONVERTER + " is not on the classpath; add mapper-runtime");
    }
    DeclaredType implemented = findSupertype(converter.asType(), converterInterface);
    if (implemented == null || implemented.getTypeArguments().size() != 2) {
      return fail(
          component,
          convert,
          value,
          name + " must implement " + CONVERTER + "<C, T> with type arguments");
    }
    TypeMirror columnType = implemented.getTypeArguments().get(0);
    TypeMirror domainType = implemented.getTypeArguments().get(1);
    ValueReader column = ReaderFactory.scalarOrEnum(columnType);
    if (column == null) {
      return fail(
          component,
          convert,
          value,
          name
              + " converts from "
              + ReaderFactory.typeName(columnType)
              + ", which Sluice does not read directly;"
              + " convert from a type such as String, Long, BigDecimal or Instant");
    }
    if (!env.getTypeUtils().isAssignable(domainType, component.asType())) {
      return fail(
          component,
          convert,
          value,
          name
              + " converts to "
              + ReaderFactory.typeName(domainType)
              + ", which cannot be assigned to component "
              + component.getSimpleName()
              + " of type "
              + ReaderFactory.typeName(component.asType()));
    }
    return new ValueReader.Converted(
        ClassName.get(converter), column, ReaderFactory.typeName(domainType));
  }

  private boolean hasVisibleNoArgConstructor(TypeElement converter, PackageElement from) {
    boolean samePackage = env.getElementUtils().getPackageOf(converter).equals(from);
    for (ExecutableElement c : ElementFilter.constructorsIn(converter.getEnclosedElements())) {
      if (c.getParameters().isEmpty()
          && (c.getModifiers().contains(Modifier.PUBLIC)
              || (samePackage && !c.getModifiers().contains(Modifier.PRIVATE)))) {
        return true;
      }
    }
    return false;
  }

  /** The supertype of {@code type} (itself included) whose element is {@code target}, or null. */
  private DeclaredType findSupertype(TypeMirror type, TypeElement target) {
    Deque<TypeMirror> queue = new ArrayDeque<>(List.of(type));
    while (!queue.isEmpty()) {
      TypeMirror t = queue.removeFirst();
      if (t.getKind() == TypeKind.DECLARED && ((DeclaredType) t).asElement().equals(target)) {
        return (DeclaredType) t;
      }
      queue.addAll(env.getTypeUtils().directSupertypes(t));
    }
    return null;
  }

  private ValueReader fail(
      RecordComponentElement component,
      AnnotationMirror convert,
      AnnotationValue value,
      String why) {
    diagnostics.error(
        Diagnostics.BAD_CONVERTER,
        "converter for component " + component.getSimpleName() + ": " + why,
        component,
        convert,
        value);
    return null;
  }
}
