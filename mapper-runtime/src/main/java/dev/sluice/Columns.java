package dev.sluice;

import dev.sluice.driver.codec.CompositeCodec;
import dev.sluice.driver.codec.Oids;
import java.util.Arrays;

/**
 * The columns of a result, from its RowDescription: names, type OIDs and the format (text or
 * binary) the driver asked for. Created once per prepared statement, not per execution; immutable
 * but for one change: a column of a type without a built-in codec (a composite, whose OID is per
 * database) turns binary when a decoder binding to it reads it as a composite ({@link
 * #readAsComposite}), before the statement's next Bind asks for its format.
 */
public final class Columns {
  private final String[] names;
  private final int[] typeOids;
  private final int[] tableOids;
  private final short[] columnNumbers;
  private final int[] typeModifiers;
  private final short[] formats;

  /** Per column the created element type an array's headers name (see below); null: none. */
  private final int[] createdElements;

  /**
   * Created by the driver from a RowDescription; public for hand-written tests of decoders.
   *
   * @param names the columns' names, as the server spells them
   * @param typeOids the columns' type OIDs
   * @param tableOids the OIDs of the tables the columns come from, 0 for an expression
   * @param columnNumbers the columns' attribute numbers in their tables, 0 for an expression
   * @param typeModifiers the columns' type modifiers ({@code atttypmod}), -1 for none
   * @param formats each column's format: 0 text, 1 binary
   * @throws IllegalArgumentException if the arrays differ in length
   */
  public Columns(
      String[] names,
      int[] typeOids,
      int[] tableOids,
      short[] columnNumbers,
      int[] typeModifiers,
      short[] formats) {
    this(names, typeOids, tableOids, columnNumbers, typeModifiers, formats, null);
  }

  /**
   * Created by the driver for columns whose types it reads as a built-in counterpart (see {@link
   * #createdElementOid}).
   *
   * @param names the columns' names, as the server spells them
   * @param typeOids the columns' type OIDs, as they are read
   * @param tableOids the OIDs of the tables the columns come from, 0 for an expression
   * @param columnNumbers the columns' attribute numbers in their tables, 0 for an expression
   * @param typeModifiers the columns' type modifiers ({@code atttypmod}), -1 for none
   * @param formats each column's format: 0 text, 1 binary
   * @param createdElements per column, the created element type its array values name, or 0; null
   *     for none at all
   * @throws IllegalArgumentException if the arrays differ in length
   */
  public Columns(
      String[] names,
      int[] typeOids,
      int[] tableOids,
      short[] columnNumbers,
      int[] typeModifiers,
      short[] formats,
      int[] createdElements) {
    int n = names.length;
    if (typeOids.length != n
        || tableOids.length != n
        || columnNumbers.length != n
        || typeModifiers.length != n
        || formats.length != n
        || (createdElements != null && createdElements.length != n)) {
      throw new IllegalArgumentException("column arrays differ in length: " + n + " names");
    }
    this.names = names;
    this.typeOids = typeOids;
    this.tableOids = tableOids;
    this.columnNumbers = columnNumbers;
    this.typeModifiers = typeModifiers;
    this.formats = formats;
    this.createdElements = createdElements;
  }

  /**
   * The number of columns.
   *
   * @return the number of columns
   */
  public int count() {
    return names.length;
  }

  /**
   * The name of column {@code i}, as the server spells it.
   *
   * @param i the column's position, from 0
   * @return the name
   */
  public String name(int i) {
    return names[i];
  }

  /**
   * The column's type OID (a domain reports its base type).
   *
   * @param i the column's position, from 0
   * @return the type OID
   */
  public int typeOid(int i) {
    return typeOids[i];
  }

  /**
   * The OID of the table the column comes from, or 0 for an expression.
   *
   * @param i the column's position, from 0
   * @return the table's OID, or 0
   */
  public int tableOid(int i) {
    return tableOids[i];
  }

  /**
   * The column's attribute number in its table, or 0.
   *
   * @param i the column's position, from 0
   * @return the attribute number, or 0
   */
  public short columnNumber(int i) {
    return columnNumbers[i];
  }

  /**
   * The type modifier of column {@code i} ({@code atttypmod}: a varchar's length, a numeric's
   * precision and scale), or -1 for none.
   *
   * @param i the column's position, from 0
   * @return the type modifier
   */
  public int typeModifier(int i) {
    return typeModifiers[i];
  }

  /**
   * For an array column of a type created in the database that is read as a built-in array (an
   * array of a domain, read as an array of the domain's base type; an array of a range created over
   * a built-in range's subtype, read as an array of that range): the created element type its
   * values name in their headers, which the array decoders accept besides the built-in element
   * type. 0 for every other column, whose arrays must name exactly the built-in element type.
   *
   * @param i the column's position, from 0
   * @return the created element type's OID, or 0
   */
  public int createdElementOid(int i) {
    return createdElements == null ? 0 : createdElements[i];
  }

  /** How many columns {@link #readAsComposite} turned binary (the driver then asks anew). */
  private int turnedBinary;

  /**
   * For a decoder reading column {@code i} as a composite or an array of composites ({@code @Row}
   * records): makes the column binary, as a composite's binary form carries every field's type.
   * Returns false, changing nothing, for a built-in type (which is no composite) but {@code record}
   * and {@code record[]} (anonymous rows).
   *
   * @param i the column's position, from 0
   * @return true if the column is (now) read as a composite
   */
  public boolean readAsComposite(int i) {
    if (!mayBeComposite(typeOids[i])) {
      return false;
    }
    if (formats[i] != 1) {
      formats[i] = 1;
      turnedBinary++;
    }
    return true;
  }

  /**
   * {@code record}, {@code record[]}, or a type created in the database (OID from 16384,
   * FirstNormalObjectId) without a built-in codec: composites, their arrays, a table's row type.
   * The row types of system catalogs (OIDs below 16384) are not read as composites.
   */
  private static boolean mayBeComposite(int oid) {
    return oid == CompositeCodec.RECORD
        || oid == CompositeCodec.RECORD_ARRAY
        || Oids.isCreatedWithoutCodec(oid);
  }

  /**
   * {@link #readAsComposite}, failing (42804) when column {@code i} cannot be a composite; {@code
   * component} ("component actors of Film") names what reads it. For generated decoders.
   *
   * @param i the column's position, from 0
   * @param component what reads the column, for the message
   * @throws PgException with SQLSTATE 42804 if the column cannot be a composite
   */
  public void requireComposite(int i, String component) {
    if (!readAsComposite(i)) {
      throw new PgException(
          "42804",
          "column \""
              + names[i]
              + "\" is "
              + Oids.name(typeOids[i])
              + ", not a composite type, but "
              + component
              + " reads a composite (a @Row record that is not @Embedded)");
    }
  }

  /**
   * How many columns {@link #readAsComposite} has turned binary so far.
   *
   * @return the number of columns turned binary
   */
  public int turnedBinary() {
    return turnedBinary;
  }

  /**
   * 0 text, 1 binary: the format the driver asked for this column.
   *
   * @param i the column's position, from 0
   * @return 0 or 1
   */
  public short format(int i) {
    return formats[i];
  }

  /**
   * Whether column {@code i} arrives in binary format.
   *
   * @param i the column's position, from 0
   * @return true for binary, false for text
   */
  public boolean isBinary(int i) {
    return formats[i] == 1;
  }

  /**
   * Whether column {@code i} arrives in binary format as one of the types {@code oids}.
   *
   * @param i the column's position, from 0
   * @param oids the type OIDs accepted
   * @return true if the column is binary and of one of the types
   */
  public boolean isBinary(int i, int... oids) {
    if (formats[i] != 1) {
      return false;
    }
    for (int oid : oids) {
      if (typeOids[i] == oid) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether column {@code i} may be an array {@code getList(i, String.class)} reads: a built-in
   * array type but bytea[], or a column in text format (arrays of enums, composites, ranges, …,
   * whose OIDs are per database).
   *
   * @param i the column's position, from 0
   * @return true if {@code getList(i, String.class)} may read it
   */
  public boolean isArrayOfText(int i) {
    int oid = typeOids[i];
    return formats[i] != 1 || (Oids.elementOf(oid) != 0 && oid != Oids.BYTEA_ARRAY);
  }

  /**
   * Whether column {@code i} arrives as text: in text format, or a binary type that is text.
   *
   * @param i the column's position, from 0
   * @return true if the column's value arrives as text
   */
  public boolean isText(int i) {
    return formats[i] != 1 || Oids.isTextual(typeOids[i]);
  }

  /**
   * The position of the first column named {@code name} (exactly, as the server spells it), or -1.
   *
   * @param name the column's name
   * @return the position, from 0, or -1
   */
  public int indexOf(String name) {
    String[] n = names;
    for (int i = 0; i < n.length; i++) {
      if (n[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The position of column {@code name}; fails with SQLSTATE 42703, listing the columns the query
   * returned, when there is none. {@code forWhat} names who needs it, e.g. "component title of
   * Film".
   *
   * @param name the column's name
   * @param forWhat who needs the column, for the message
   * @return the position, from 0
   * @throws PgException with SQLSTATE 42703 if there is no such column
   */
  public int require(String name, String forWhat) {
    int i = indexOf(name);
    if (i < 0) {
      throw new PgException(
          "42703",
          "column \""
              + name
              + "\" (for "
              + forWhat
              + ") is not in the result; the query returned "
              + describe());
    }
    return i;
  }

  /**
   * Like {@link #require(String, String)}, and checks that the column's type is one of {@code oids}
   * (0 accepts any type; {@link Oids#ANYARRAY} any array {@link RowView#getList} reads as Strings:
   * a built-in array type but bytea[], or a column arriving as text, whose value is checked to be
   * an array when read); fails with SQLSTATE 42804 naming both types otherwise.
   *
   * @param name the column's name
   * @param forWhat who needs the column, for the message
   * @param oids the type OIDs accepted
   * @return the position, from 0
   * @throws PgException with SQLSTATE 42703 if there is no such column, or 42804 if its type is not
   *     one of {@code oids}
   */
  public int require(String name, String forWhat, int... oids) {
    int i = require(name, forWhat);
    int actual = typeOids[i];
    for (int oid : oids) {
      if (oid == 0 || oid == actual) {
        return i;
      }
      if (oid == Oids.ANYARRAY && isArrayOfText(i)) {
        return i;
      }
    }
    StringBuilder expected = new StringBuilder();
    for (int k = 0; k < oids.length; k++) {
      expected
          .append(k == 0 ? "" : k == oids.length - 1 ? " or " : ", ")
          .append(Oids.name(oids[k]));
    }
    throw new PgException(
        "42804",
        "column \""
            + name
            + "\" is "
            + Oids.name(actual)
            + " but "
            + forWhat
            + " needs "
            + expected);
  }

  /**
   * The columns as {@code (name type, …)}, for messages.
   *
   * @return the description
   */
  public String describe() {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < names.length; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(names[i]).append(' ').append(Oids.name(typeOids[i]));
    }
    return sb.append(')').toString();
  }

  @Override
  public String toString() {
    return "Columns" + describe();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Columns c
        && Arrays.equals(names, c.names)
        && Arrays.equals(typeOids, c.typeOids)
        && Arrays.equals(formats, c.formats)
        && sameCreatedElements(c);
  }

  private boolean sameCreatedElements(Columns c) {
    for (int i = 0; i < names.length; i++) {
      if (createdElementOid(i) != c.createdElementOid(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(names) * 31 + Arrays.hashCode(typeOids);
  }
}
