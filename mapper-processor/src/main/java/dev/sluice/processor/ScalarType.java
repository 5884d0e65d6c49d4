package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.sluice.annotations.ColumnTypes;
import dev.sluice.annotations.ColumnTypes.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Java type a column is read into directly: one row of the shared table ({@link ColumnTypes}),
 * with what the processor derives from it: the {@code RowView} getter chosen at compile time, the
 * type OIDs {@code Columns.require} accepts for it (constant names of {@code
 * dev.sluice.generated.TypeOids}; empty accepts any type), and the PostgreSQL type it maps to.
 * There is one instance per row, made from the table, so a type added there is known here.
 *
 * <p>Accepted OIDs only widen (an int reads smallint and integer, never bigint), so a query whose
 * type would not fit fails once at bind time instead of on some row.
 */
final class ScalarType {
  private static final Map<String, ScalarType> BY_NAME = new LinkedHashMap<>();

  static {
    for (ValueType row : ColumnTypes.all()) {
      ScalarType s = new ScalarType(row);
      BY_NAME.put(s.name, s);
    }
  }

  static final ScalarType SHORT = named("SHORT");
  static final ScalarType INT = named("INT");
  static final ScalarType LONG = named("LONG");
  static final ScalarType FLOAT = named("FLOAT");
  static final ScalarType DOUBLE = named("DOUBLE");

  /** Any column reads as text: text types as received, the others in their text form. */
  static final ScalarType STRING = named("STRING");

  static final ScalarType BIG_DECIMAL = named("BIG_DECIMAL");
  static final ScalarType BYTES = named("BYTES");
  static final ScalarType INTERVAL = named("INTERVAL");

  /** The type as written in a component: a primitive, or the reference type. */
  final TypeName type;

  /** The row's name: the constant of {@code dev.sluice.Scalars} that reads one such value. */
  final String name;

  final String getter;
  final String sqlType;
  private final ValueType row;
  private final List<String> oids;

  private ScalarType(ValueType row) {
    this.row = row;
    this.type = typeName(row.javaType());
    this.name = row.name();
    this.getter = row.getter();
    this.sqlType = row.columnType();
    this.oids = constants(row.accepted());
  }

  private static TypeName typeName(String javaType) {
    switch (javaType) {
      case "boolean":
        return TypeName.BOOLEAN;
      case "short":
        return TypeName.SHORT;
      case "int":
        return TypeName.INT;
      case "long":
        return TypeName.LONG;
      case "float":
        return TypeName.FLOAT;
      case "double":
        return TypeName.DOUBLE;
      case "byte[]":
        return TypeName.get(byte[].class);
      default:
        return ClassName.bestGuess(javaType);
    }
  }

  /** {@code TypeOids} constant names of {@code typnames}: PostgreSQL's names, upper case. */
  private static List<String> constants(List<String> typnames) {
    List<String> out = new ArrayList<>(typnames.size());
    for (String typname : typnames) {
      out.add(typname.toUpperCase(Locale.ROOT));
    }
    return List.copyOf(out);
  }

  /** Every value type, in the table's order (the narrowest that holds a type comes first). */
  static Iterable<ScalarType> values() {
    return BY_NAME.values();
  }

  /** The value type of the table row named {@code name} ({@code INT}). */
  static ScalarType named(String name) {
    ScalarType s = BY_NAME.get(name);
    if (s == null) {
      throw new IllegalArgumentException("no value type " + name);
    }
    return s;
  }

  boolean isPrimitive() {
    return type.isPrimitive();
  }

  /** The reference type: the box of a primitive. */
  TypeName boxed() {
    return type.box();
  }

  /** Constant names in {@code TypeOids} of the types a column read as this may have; empty: any. */
  List<String> oids() {
    return oids;
  }

  /**
   * The fast reader of generated code ({@code readLong}, in {@code InOrderRow} and {@code
   * CompositeReader}), or null when this type has none (it is then read through the framed row or
   * the composite's generic reader).
   */
  String inOrderReader() {
    return row.inOrderReader();
  }

  /**
   * The column types (constant names in {@code TypeOids}) whose binary form the fast reader takes;
   * empty for a String, which takes any column arriving as text. Where there are several, their
   * lengths tell them apart.
   */
  List<String> inOrderOids() {
    return constants(row.inOrder());
  }

  /** The range types (constant names in {@code TypeOids}) whose bounds this holds; empty: none. */
  List<String> rangeOids() {
    return constants(row.ranges());
  }

  /**
   * Constant names in {@code TypeOids} of the array types a List (or Java array) of this reads: the
   * arrays of the element types it reads (the driver converts elements only where nothing is lost,
   * so numeric is no double element); for String {@code ANYARRAY}, every array but bytea[] (each
   * element in its text form), as {@code RowView.getList(c, String.class)} reads them.
   */
  List<String> arrayOids() {
    if (this == STRING) {
      return List.of("ANYARRAY");
    }
    List<String> out = new ArrayList<>();
    for (String oid : oids) {
      out.add(oid + "_ARRAY");
    }
    return out;
  }

  /** The scalar a (possibly primitive or boxed) type name reads as, or null. */
  static ScalarType of(TypeName name) {
    for (ScalarType s : BY_NAME.values()) {
      if (s.type.equals(name) || (s.isPrimitive() && s.boxed().equals(name))) {
        return s;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return name;
  }
}
