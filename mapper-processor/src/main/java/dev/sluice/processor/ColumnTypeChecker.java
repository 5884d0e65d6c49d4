package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import dev.sluice.processor.SchemaFacts.Type;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * Whether a component's or result's Java type holds a column's type without loss, by the one
 * compatibility table ({@link dev.sluice.annotations.ColumnTypes}, through {@link ScalarType}) that
 * the generated decoders enforce at run time, and how to say it when not; enums go to {@link
 * EnumChecker}. Also whether a component refuses NULL, and the message for a nullable column.
 */
final class ColumnTypeChecker {
  /** Column types a String (or an enum, by label) reads and binds as text. */
  static final Set<String> TEXT_TYPES =
      Set.of("TEXT", "VARCHAR", "BPCHAR", "NAME", "UNKNOWN", "JSON", "JSONB", "XML", "CITEXT");

  /** Arrays of {@link #TEXT_TYPES}, which a list of enums reads. */
  static final Set<String> TEXT_ARRAYS =
      Set.of("TEXT_ARRAY", "VARCHAR_ARRAY", "BPCHAR_ARRAY", "NAME_ARRAY");

  private final EnumChecker enums;

  ColumnTypeChecker(EnumChecker enums) {
    this.enums = enums;
  }

  /**
   * Why the component's reader cannot hold a column of {@code type} without loss, or null if it
   * can. Enums are compared label by label with PostgreSQL enums (reported on the enum).
   */
  String typeProblem(ValueReader reader, Type type, String where, String component)
      throws SQLException {
    ValueReader r = reader;
    while (r instanceof ValueReader.OptionalOf) {
      r = ((ValueReader.OptionalOf) r).value;
    }
    if (r instanceof ValueReader.EnumOf || r instanceof ValueReader.EnumListOf) {
      boolean list = r instanceof ValueReader.EnumListOf;
      ClassName enumClass =
          list ? ((ValueReader.EnumListOf) r).enumClass : ((ValueReader.EnumOf) r).enumClass;
      boolean enumColumn = list ? type.isArray && type.enumName != null : type.isEnum;
      if (enumColumn) {
        enums.checkEnum(enumClass, type);
        return null;
      }
      if (list ? TEXT_ARRAYS.contains(type.oidName) : TEXT_TYPES.contains(type.oidName)) {
        return null;
      }
      return where
          + " is "
          + type.display
          + ", which "
          + component
          + " cannot hold: enums read PostgreSQL enums or text";
    }
    List<String> accepted = r.checkedTypes();
    if (accepted.isEmpty() || accepted.contains(type.oidName)) {
      return null;
    }
    if (r instanceof ValueReader.HstoreOf) {
      return where
          + " is "
          + type.display
          + ", which "
          + component
          + " cannot hold: a Map<String, String> reads an hstore column";
    }
    if (accepted.contains("ANYARRAY") && type.isArray && !type.oidName.equals("BYTEA_ARRAY")) {
      // Columns.require's rule at run time: any array but bytea[], elements in their text form.
      return null;
    }
    ScalarType natural = naturalJavaType(type.oidName);
    return where
        + " is "
        + type.display
        + ", which "
        + component
        + " cannot hold without loss"
        + (natural == null
            ? ""
            : "; use " + (type.isArray ? "List<" + natural.boxed() + ">" : natural.type));
  }

  /** The first Java type of the table that holds {@code oidName} (no String), or null. */
  static ScalarType naturalJavaType(String oidName) {
    boolean array = oidName.endsWith("_ARRAY");
    String element = array ? oidName.substring(0, oidName.length() - "_ARRAY".length()) : oidName;
    for (ScalarType s : ScalarType.values()) {
      // In declaration order: the narrowest type that holds it (int for integer, not long).
      if (s != ScalarType.STRING && s.oids().contains(element)) {
        return s;
      }
    }
    return null;
  }

  static boolean rejectsNull(ColumnModel c) {
    return c.rejectsNull() && Annotations.find(c.element, Annotations.NON_NULL) == null;
  }

  static String nullableProblem(String where, ColumnModel c) {
    return nullableProblem(where, c.path, c);
  }

  static String nullableProblem(String where, String component, ColumnModel c) {
    return where + " is nullable but component " + component + nonNullComponent(c);
  }

  /** What is wrong with a component that cannot take NULL, and what to write instead. */
  static String nonNullComponent(ColumnModel c) {
    return c.type.isPrimitive()
        ? " is primitive; use " + c.type.box() + " with @Nullable, or Optional"
        : " is not @Nullable; annotate it @Nullable or use Optional";
  }
}
