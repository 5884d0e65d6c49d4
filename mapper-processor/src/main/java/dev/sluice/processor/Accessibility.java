package dev.sluice.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Whether generated code in a package can name a type. */
final class Accessibility {
  private Accessibility() {}

  /**
   * Why code in {@code from} cannot name {@code type} (e.g. "Film is private"), or null when it
   * can: the type and every type enclosing it must be public, or visible in the same package, and
   * none may be local or anonymous.
   */
  static String problem(TypeElement type, PackageElement from, Elements elements) {
    boolean samePackage = elements.getPackageOf(type).equals(from);
    for (Element e = type; e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
      if (!(e instanceof TypeElement)) {
        return type.getSimpleName() + " is declared inside " + e.getSimpleName();
      }
      TypeElement t = (TypeElement) e;
      if (t.getNestingKind() == NestingKind.LOCAL || t.getNestingKind() == NestingKind.ANONYMOUS) {
        return t.getSimpleName() + " is a local class";
      }
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        return t.getSimpleName() + " is private";
      }
      if (!samePackage && !t.getModifiers().contains(Modifier.PUBLIC)) {
        return t.getSimpleName() + " is not public and not in package " + from.getQualifiedName();
      }
    }
    return null;
  }
}
