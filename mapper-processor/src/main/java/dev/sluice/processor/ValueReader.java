package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * How one column becomes one component value: the expression the decoder evaluates for a non-NULL
 * column, the type OIDs bind accepts, and the metadata the table class publishes. Chosen at compile
 * time from the component's type; the generated code holds no reader object.
 */
abstract class ValueReader {
  /**
   * The expression reading column {@code position} of {@code row} (both are local names), for a
   * column the caller has found not NULL.
   */
  abstract CodeBlock read(String row, String position, DecoderContext context);

  /**
   * A statement for the bound decoder's constructor after column {@code position} was found, or
   * null: composite columns ask for binary there ({@link CompositeValues}).
   */
  CodeBlock bindCheck(String columns, String position, String component) {
    return null;
  }

  /**
   * Constant names in {@code dev.sluice.driver.codec.Oids} of the accepted column types; empty:
   * any.
   */
  abstract List<String> oids();

  /** The PostgreSQL type the Java type maps to, or null when unknown (enums, for one). */
  abstract String sqlType();

  /**
   * The column types the schema checks accept, as {@link #oids()} names them (upper-case type
   * names, {@code INT4}, {@code TEXT_ARRAY}); empty: any. The same as {@link #oids()} but for types
   * whose OID is per database, which the bound decoder cannot name but the checks can.
   */
  List<String> checkedTypes() {
    return oids();
  }

  /** Whether the value may be read from a NULL column (then it is Optional.empty()). */
  boolean readsNull() {
    return false;
  }

  /**
   * The expression reading the next column of a row read in order ({@code InOrderRow.nextRow}),
   * which fails naming {@code component} if the column is NULL; null when this reader has no
   * in-order form.
   */
  CodeBlock readNext(String rows, String component, DecoderContext context) {
    return null;
  }

  /**
   * The bind-time condition that column {@code index} of {@code columns} arrives as {@link
   * #readNext} reads it; null when this reader has no in-order form.
   */
  CodeBlock takesInOrder(String columns, int index) {
    return null;
  }

  /** A primitive, boxed or reference type read with a typed getter. */
  static final class Scalar extends ValueReader {
    final ScalarType type;

    Scalar(ScalarType type) {
      this.type = type;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of("$L.$L($L)", row, type.getter, position);
    }

    @Override
    CodeBlock readNext(String rows, String component, DecoderContext context) {
      String reader = type.inOrderReader();
      return reader == null ? null : CodeBlock.of("$L.$L($S)", rows, reader, component);
    }

    @Override
    CodeBlock takesInOrder(String columns, int index) {
      if (type.inOrderReader() == null) {
        return null;
      }
      List<String> oids = type.inOrderOids();
      return oids.isEmpty()
          ? CodeBlock.of("$L.isText($L)", columns, index)
          : CodeBlock.of("$L.isBinary($L$L)", columns, index, DecoderContext.oidList(oids));
    }

    @Override
    List<String> oids() {
      return type.oids();
    }

    @Override
    String sqlType() {
      return type.sqlType;
    }
  }

  /** A Java enum, matched against the PostgreSQL labels (see {@code @Label}). */
  static final class EnumOf extends ValueReader {
    final ClassName enumClass;

    EnumOf(ClassName enumClass) {
      this.enumClass = enumClass;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of("$L.getEnum($L, $N)", row, position, context.enumLabels(enumClass));
    }

    @Override
    CodeBlock readNext(String rows, String component, DecoderContext context) {
      return CodeBlock.of("$L.readEnum($N, $S)", rows, context.enumLabels(enumClass), component);
    }

    @Override
    CodeBlock takesInOrder(String columns, int index) {
      return CodeBlock.of("$L.isText($L)", columns, index);
    }

    /** Enum types have OIDs of their own, and text columns hold labels too. */
    @Override
    List<String> oids() {
      return List.of();
    }

    @Override
    String sqlType() {
      return null;
    }
  }

  /**
   * A built-in range as {@code Range<T>}, or a multirange as {@code List<Range<T>>}, of a subtype
   * the range holds: Integer (int4range), Long (int8range, int4range), BigDecimal (numrange),
   * LocalDate (daterange), LocalDateTime (tsrange), Instant (tstzrange).
   */
  static final class RangeOf extends ValueReader {
    final ScalarType subtype;
    final boolean multirange;

    RangeOf(ScalarType subtype, boolean multirange) {
      this.subtype = subtype;
      this.multirange = multirange;
    }

    /** The range types (Oids constant names) whose bounds {@code subtype} holds; empty: none. */
    static List<String> rangeOids(ScalarType subtype) {
      return subtype.rangeOids();
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of(
          "$L.$L($L, $T.class)",
          row,
          multirange ? "getMultirange" : "getRange",
          position,
          subtype.boxed());
    }

    @Override
    List<String> oids() {
      List<String> out = new java.util.ArrayList<>();
      for (String range : rangeOids(subtype)) {
        out.add(multirange ? range.replace("RANGE", "MULTIRANGE") : range);
      }
      return out;
    }

    @Override
    String sqlType() {
      return oids().get(0).toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A one-dimensional array as {@code List<E>}. */
  static final class ListOf extends ValueReader {
    final ScalarType element;

    ListOf(ScalarType element) {
      this.element = element;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of("$L.getList($L, $T.class)", row, position, element.boxed());
    }

    @Override
    List<String> oids() {
      return arrayOids(element);
    }

    @Override
    String sqlType() {
      return element.sqlType + "[]";
    }
  }

  /**
   * A one-dimensional array of a PostgreSQL enum as {@code List<E>} or {@code E[]}. Enum arrays
   * have per-database OIDs, so they arrive in text format; RowView parses them and matches labels.
   */
  static final class EnumListOf extends ValueReader {
    final ClassName enumClass;

    /** Whether the component is a Java array ({@code E[]}) rather than a List. */
    final boolean javaArray;

    EnumListOf(ClassName enumClass, boolean javaArray) {
      this.enumClass = enumClass;
      this.javaArray = javaArray;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      if (javaArray) {
        return CodeBlock.of(
            "$L.getList($L, $T.class).toArray(new $T[0])", row, position, enumClass, enumClass);
      }
      return CodeBlock.of("$L.getList($L, $T.class)", row, position, enumClass);
    }

    /** Any type: the OID of an enum's array type is per database. */
    @Override
    List<String> oids() {
      return List.of();
    }

    @Override
    String sqlType() {
      return null;
    }
  }

  /** A one-dimensional array as a Java array; primitive elements must not be NULL. */
  static final class ArrayOf extends ValueReader {
    final ScalarType element;

    /**
     * Whether the elements are primitives ({@code int[]}) rather than boxes ({@code Integer[]}).
     */
    final boolean primitive;

    ArrayOf(ScalarType element, boolean primitive) {
      this.element = element;
      this.primitive = primitive;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      if (primitive) {
        return CodeBlock.of("$N($L, $L)", context.primitiveArrayReader(element), row, position);
      }
      return CodeBlock.of(
          "$L.getList($L, $T.class).toArray(new $T[0])",
          row,
          position,
          element.boxed(),
          element.boxed());
    }

    @Override
    List<String> oids() {
      return arrayOids(element);
    }

    @Override
    String sqlType() {
      return element.sqlType + "[]";
    }
  }

  /**
   * An hstore column (the contrib extension) as {@code Map<String, String>}: its OID is per
   * database, so the bound decoder takes any column and the schema checks ask for hstore.
   */
  static final class HstoreOf extends ValueReader {
    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of("$L.getHstore($L)", row, position);
    }

    @Override
    List<String> oids() {
      return List.of();
    }

    @Override
    List<String> checkedTypes() {
      return List.of("HSTORE");
    }

    @Override
    String sqlType() {
      return "hstore";
    }
  }

  /**
   * A two-dimensional array as {@code List<List<T>>}, {@code T[][]} or a primitive {@code int[][]}
   * (and the other primitives): PostgreSQL's array types do not fix the number of dimensions, so
   * the column's type accepts any array of the element type and {@code getListOfLists} checks the
   * dimensions of each value.
   */
  static final class ListOfListsOf extends ValueReader {
    final ScalarType element;

    /** A Java array ({@code T[][]}) rather than lists. */
    final boolean javaArray;

    /** Primitive elements ({@code int[][]}), which cannot hold NULL. */
    final boolean primitive;

    /** The number of dimensions: 2 for {@code List<List<T>>} and the Java arrays, or more. */
    final int dimensions;

    ListOfListsOf(ScalarType element, boolean javaArray, boolean primitive) {
      this(element, javaArray, primitive, 2);
    }

    ListOfListsOf(ScalarType element, boolean javaArray, boolean primitive, int dimensions) {
      this.element = element;
      this.javaArray = javaArray;
      this.primitive = primitive;
      this.dimensions = dimensions;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      if (javaArray) {
        return CodeBlock.of(
            "$N($L, $L)", context.twoDimensionalArrayReader(element, primitive), row, position);
      }
      if (dimensions == 2) {
        return CodeBlock.of("$L.getListOfLists($L, $T.class)", row, position, element.boxed());
      }
      // The lists nested deeper than two are unchecked casts of getNestedList's List<Object>,
      // whose levels it checked against the dimensions.
      return CodeBlock.of(
          "$T.cast($L.getNestedList($L, $T.class, $L))",
          DecoderContext.NESTED_LISTS,
          row,
          position,
          element.boxed(),
          dimensions);
    }

    @Override
    List<String> oids() {
      return arrayOids(element);
    }

    @Override
    String sqlType() {
      return element.sqlType + "[]".repeat(dimensions);
    }
  }

  /** {@code Optional<T>} of a scalar or enum: empty for NULL. */
  static final class OptionalOf extends ValueReader {
    final ValueReader value;

    OptionalOf(ValueReader value) {
      this.value = value;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of(
          "$L.isNull($L) ? $T.empty() : $T.of($L)",
          row,
          position,
          DecoderContext.OPTIONAL,
          DecoderContext.OPTIONAL,
          value.read(row, position, context));
    }

    @Override
    boolean readsNull() {
      return true;
    }

    @Override
    CodeBlock readNext(String rows, String component, DecoderContext context) {
      CodeBlock next = value.readNext(rows, component, context);
      if (next == null) {
        return null;
      }
      return CodeBlock.of(
          "$L.nullNext() ? $T.empty() : $T.of($L)",
          rows,
          DecoderContext.OPTIONAL,
          DecoderContext.OPTIONAL,
          next);
    }

    @Override
    CodeBlock takesInOrder(String columns, int index) {
      return value.takesInOrder(columns, index);
    }

    @Override
    List<String> oids() {
      return value.oids();
    }

    @Override
    String sqlType() {
      return value.sqlType();
    }
  }

  /** A value read as a scalar and passed through a {@code dev.sluice.Converter}. */
  static final class Converted extends ValueReader {
    final ClassName converter;
    final ValueReader column;
    final TypeName domainType;

    Converted(ClassName converter, ValueReader column, TypeName domainType) {
      this.converter = converter;
      this.column = column;
      this.domainType = domainType;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of(
          "$N.fromColumn($L)", context.converter(converter), column.read(row, position, context));
    }

    @Override
    CodeBlock readNext(String rows, String component, DecoderContext context) {
      CodeBlock next = column.readNext(rows, component, context);
      return next == null
          ? null
          : CodeBlock.of("$N.fromColumn($L)", context.converter(converter), next);
    }

    @Override
    CodeBlock takesInOrder(String columns, int index) {
      return column.takesInOrder(columns, index);
    }

    @Override
    List<String> oids() {
      return column.oids();
    }

    @Override
    String sqlType() {
      return column.sqlType();
    }
  }

  private static List<String> arrayOids(ScalarType element) {
    return element.arrayOids();
  }
}
