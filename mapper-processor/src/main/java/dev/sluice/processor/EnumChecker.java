package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import dev.sluice.processor.SchemaFacts.Type;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Compares Java enums with PostgreSQL enums: a mapped enum both ways, once per pair (a constant
 * that is no label, a label with no constant), reported on the enum; an enum parameter one way (a
 * constant the PostgreSQL enum lacks), reported on the method.
 */
final class EnumChecker {
  private final SchemaFacts catalog;
  private final Diagnostics diagnostics;
  private final Elements elements;

  /** Enums already compared with a PostgreSQL enum: {@code qualified name + " " + enum OID}. */
  private final Set<String> checkedEnums = new HashSet<>();

  EnumChecker(SchemaFacts catalog, Diagnostics diagnostics, Elements elements) {
    this.catalog = catalog;
    this.diagnostics = diagnostics;
    this.elements = elements;
  }

  /** Compares a Java enum with a PostgreSQL enum both ways, once per pair; reports on the enum. */
  void checkEnum(ClassName enumClass, Type type) throws SQLException {
    TypeElement e = elements.getTypeElement(enumClass.canonicalName());
    if (e == null || !checkedEnums.add(enumClass.canonicalName() + " " + type.enumName)) {
      return;
    }
    List<String> labels = catalog.enumLabels(type.enumName);
    Set<String> constants = new LinkedHashSet<>(javaLabels(e));
    List<String> noConstant = new ArrayList<>();
    for (String label : labels) {
      if (!constants.contains(label)) {
        noConstant.add(label);
      }
    }
    String pgName = type.display.endsWith("[]") ? type.display.replace("[]", "") : type.display;
    // Each constant that is no label is reported on itself (on its @Label's value when it has one),
    // where the fix is, not on the enum.
    for (Element member : e.getEnclosedElements()) {
      if (member.getKind() != ElementKind.ENUM_CONSTANT) {
        continue;
      }
      AnnotationMirror label = Annotations.find(member, Annotations.LABEL);
      String name =
          label == null
              ? member.getSimpleName().toString()
              : Annotations.stringValue(label, "value");
      if (labels.contains(name)) {
        continue;
      }
      String known = " of the PostgreSQL enum " + pgName + " (" + String.join(", ", labels) + ")";
      if (label == null) {
        diagnostics.error(
            Diagnostics.SCHEMA_ENUM_MISMATCH,
            e.getSimpleName()
                + "."
                + name
                + " is no label"
                + known
                + "; rename it or give @Label the label",
            member);
      } else {
        diagnostics.error(
            Diagnostics.SCHEMA_ENUM_MISMATCH,
            "@Label(\""
                + name
                + "\") of "
                + e.getSimpleName()
                + "."
                + member.getSimpleName()
                + " is no label"
                + known
                + "; correct the label",
            member,
            label,
            Annotations.value(label, "value"));
      }
    }
    if (!noConstant.isEmpty()) {
      diagnostics.error(
          Diagnostics.SCHEMA_ENUM_MISMATCH,
          "the PostgreSQL enum "
              + pgName
              + " has "
              + (noConstant.size() == 1 ? "label " : "labels ")
              + String.join(", ", noConstant)
              + ", which "
              + e.getSimpleName()
              + " has no constant for; add "
              + (noConstant.size() == 1 ? "one" : "them")
              + " (with @Label if the label is no Java name)",
          e);
    }
  }

  /**
   * Reports the constants of {@code enumType}, bound as parameter {@code shown}, that are no label
   * of the PostgreSQL enum {@code type} the parameter is inferred as.
   */
  void checkParameterLabels(
      ExecutableElement m,
      String shown,
      Type type,
      TypeElement enumType,
      AnnotationMirror query,
      AnnotationValue sqlValue)
      throws SQLException {
    List<String> labels = catalog.enumLabels(type.enumName);
    List<String> unknown = new ArrayList<>();
    for (String label : javaLabels(enumType)) {
      if (!labels.contains(label)) {
        unknown.add(label);
      }
    }
    if (!unknown.isEmpty()) {
      diagnostics.error(
          Diagnostics.SCHEMA_ENUM_MISMATCH,
          shown
              + " is "
              + type.display
              + ", whose labels ("
              + String.join(", ", labels)
              + ") lack "
              + String.join(", ", unknown)
              + " of "
              + enumType.getSimpleName()
              + "; rename the constants or give them @Label",
          m,
          query,
          sqlValue);
    }
  }

  /** The labels of a Java enum's constants: {@code @Label} or the name. */
  private static List<String> javaLabels(TypeElement e) {
    List<String> out = new ArrayList<>();
    for (Element member : e.getEnclosedElements()) {
      if (member.getKind() != ElementKind.ENUM_CONSTANT) {
        continue;
      }
      AnnotationMirror label = Annotations.find(member, Annotations.LABEL);
      out.add(
          label == null
              ? member.getSimpleName().toString()
              : Annotations.stringValue(label, "value"));
    }
    return out;
  }
}
