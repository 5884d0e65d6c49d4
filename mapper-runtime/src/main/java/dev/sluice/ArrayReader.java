package dev.sluice;

import dev.sluice.driver.codec.BinaryCodec;
import dev.sluice.driver.codec.Bytes;
import dev.sluice.driver.codec.NestedArrays;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.TextArray;
import dev.sluice.generated.EnumLabels;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a one-dimensional array column of the current row into a List, for {@link RowView#getList}:
 * a binary array of a built-in element type through {@link BinaryCodec#array}, and an array
 * received as text (of enums, or any type without a binary codec) by parsing array_out's syntax,
 * its elements as Strings or, for an enum element type, as constants matched by label.
 *
 * <p>Not on the per-value fast path the scalar getters keep: a list is made per value anyway.
 */
final class ArrayReader {
  private ArrayReader() {}

  private static final String[] NUMBERS = {"none", "one", "two", "three", "four", "five", "six"};

  /** Column {@code c} (not NULL) as a List of {@code elementType}; NULL elements are null. */
  static <T> List<T> read(RowView row, int c, Class<T> elementType) {
    try {
      return readArray(row, c, elementType);
    } catch (PgException e) {
      throw ColumnErrors.inColumn(row, c, e);
    }
  }

  /** Column {@code c} (not NULL, binary, of a built-in element type) as nested Lists. */
  static List<Object> readNested(RowView row, int c, Class<?> leafType) {
    int element = Oids.elementOf(row.oids[c]);
    if (element == 0) {
      throw ColumnErrors.mismatch(row, c, "nested List<" + leafType.getSimpleName() + ">");
    }
    try {
      return NestedArrays.decode(
          row.buffer(),
          row.offset(c),
          row.length(c),
          element,
          row.columns().createdElementOid(c),
          leafType);
    } catch (PgException e) {
      throw ColumnErrors.inColumn(row, c, e);
    }
  }

  /**
   * Column {@code c} (not NULL) as a list of lists: a two-dimensional array, or an empty one. An
   * array of another number of dimensions fails (2202E) naming the column: the column's type says
   * nothing of dimensions, so a {@code List<List<T>>} component meets them first here.
   */
  @SuppressWarnings("unchecked") // NestedArrays made lists of lists of elementType: checked above
  static <T> List<List<T>> readTwoDimensional(RowView row, int c, Class<T> elementType) {
    List<?> nested = readDimensions(row, c, elementType, 2);
    return (List<List<T>>) nested;
  }

  /**
   * Column {@code c} (not NULL) as {@code dims} levels of nested Lists of {@code leafType}: an
   * array of exactly {@code dims} dimensions, or an empty one. Another number fails (2202E) naming
   * the column and the Java type that expected {@code dims}.
   */
  static List<Object> readDimensions(RowView row, int c, Class<?> leafType, int dims) {
    String javaType = "List<".repeat(dims) + leafType.getSimpleName() + ">".repeat(dims);
    int element = Oids.elementOf(row.oids[c]);
    if (element == 0) {
      throw ColumnErrors.mismatch(row, c, javaType);
    }
    // A value too short for an array's header is left to readNested, which reports it (08P01).
    int found = row.length(c) >= 12 ? Bytes.getInt(row.buffer(), row.offset(c)) : dims;
    if (found != dims && found != 0) {
      throw new PgException(
          "2202E",
          "column \""
              + row.columns().name(c)
              + "\" holds an array of "
              + found
              + (found == 1 ? " dimension" : " dimensions")
              + ", which "
              + javaType
              + " cannot hold: it takes "
              + (dims < NUMBERS.length ? NUMBERS[dims] : String.valueOf(dims))
              + " (PostgreSQL's array types do not fix the number of dimensions, so it is checked"
              + " here)");
    }
    return readNested(row, c, leafType);
  }

  private static <T> List<T> readArray(RowView row, int c, Class<T> elementType) {
    byte[] buf = row.buffer();
    int off = row.offset(c);
    int len = row.length(c);
    int oid = row.oids[c];
    int element = Oids.elementOf(oid);
    if (element != 0) {
      int created = row.columns().createdElementOid(c);
      if (elementType.isEnum() && Oids.isTextual(element)) {
        // Labels in a text[] (or varchar[], …): matched as in an enum array, which the
        // processor's checks accept as well.
        return textArray(
            row, c, BinaryCodec.array(buf, off, len, element, created, String.class), elementType);
      }
      List<T> list = BinaryCodec.array(buf, off, len, element, created, elementType);
      if (!row.infiniteIntervals && element == Oids.INTERVAL) {
        FiniteIntervals.check(row, c, list);
      }
      return list;
    }
    if (oid == 0 && TextArray.looksLikeArray(buf, off, len)) {
      char delimiter = Oids.textArrayDelimiter(row.columns().typeOid(c));
      return textArray(row, c, TextArray.parse(buf, off, len, delimiter), elementType);
    }
    throw ColumnErrors.mismatch(row, c, listOf(elementType));
  }

  /** The elements of a text-format array column, as Strings or as constants of an enum. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> List<T> textArray(
      RowView row, int c, List<String> texts, Class<T> elementType) {
    if (elementType == String.class || elementType == Object.class) {
      return (List<T>) texts;
    }
    if (!elementType.isEnum()) {
      throw ColumnErrors.mismatch(row, c, listOf(elementType));
    }
    EnumLabels labels = EnumLabels.of((Class) elementType);
    List<T> out = new ArrayList<>(texts.size());
    for (String t : texts) {
      if (t == null) {
        out.add(null);
        continue;
      }
      Object e = labels.find(t);
      if (e == null) {
        throw ColumnErrors.unknownLabel(row, c, t, elementType);
      }
      out.add((T) e);
    }
    return out;
  }

  private static String listOf(Class<?> elementType) {
    return "List<" + elementType.getSimpleName() + ">";
  }
}
