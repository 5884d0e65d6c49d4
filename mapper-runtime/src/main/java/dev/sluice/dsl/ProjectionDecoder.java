package dev.sluice.dsl;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Reads a projection ({@code select(TitleCount.class, FILM.title, count().as("rentals"))}) through
 * the record's generated decoder, and makes its bind-time failures say which selected expression is
 * at fault. Java cannot check a {@code Class<T>} against a list of expressions at compile time, so
 * this is where a mismatch is caught: once per statement, when the decoder is bound to the result's
 * columns, before any row is read.
 *
 * <ul>
 *   <li>more or fewer expressions than the record has components fails, listing both;
 *   <li>a component whose column is missing or of a type it cannot hold fails with the generated
 *       decoder's message (which names the component and the column) and the expression selected
 *       under that name, or the unnamed expressions that may have been meant for it.
 * </ul>
 *
 * <p>One per (SQL text, record): the text is canonical ({@link SqlTexts}) and determines the select
 * list, so a query built on every call finds the decoder it had, and the driver its bound decoder.
 * Kept like the texts, in a small direct-mapped table.
 */
final class ProjectionDecoder<T> implements RowDecoder<T> {
  private static final int SLOTS = 1024;

  private static final AtomicReferenceArray<ProjectionDecoder<?>> TABLE =
      new AtomicReferenceArray<>(SLOTS);

  private final String sql;
  private final Class<T> into;
  private final RowDecoder<T> record;

  /** Each field's result column name (null when unnamed) and its SQL, in select list order. */
  private final String[] names;

  private final String[] expressions;

  /** The record's components, or null when one is a record of its own (embedded: many columns). */
  private final String[] components;

  private ProjectionDecoder(String sql, Class<T> into, List<SelectField<?>> fields) {
    this.sql = sql;
    this.into = into;
    this.record = RowDecoder.of(into);
    names = new String[fields.size()];
    expressions = new String[fields.size()];
    for (int i = 0; i < names.length; i++) {
      SelectField<?> f = fields.get(i);
      names[i] = f.outputName();
      expressions[i] = f.expression().toString();
    }
    components = componentNames(into);
  }

  /** The decoder for the projection rendered as {@code sql} (a canonical text). */
  @SuppressWarnings("unchecked")
  static <T> ProjectionDecoder<T> of(String sql, Class<T> into, List<SelectField<?>> fields) {
    int slot = (System.identityHashCode(sql) ^ into.hashCode()) & (SLOTS - 1);
    ProjectionDecoder<?> d = TABLE.get(slot);
    if (d != null && d.sql == sql && d.into == into) {
      return (ProjectionDecoder<T>) d;
    }
    ProjectionDecoder<T> made = new ProjectionDecoder<>(sql, into, fields);
    TABLE.set(slot, made);
    return made;
  }

  private static String[] componentNames(Class<?> into) {
    RecordComponent[] rc = into.getRecordComponents();
    if (rc == null) {
      return null;
    }
    String[] out = new String[rc.length];
    for (int i = 0; i < rc.length; i++) {
      if (rc[i].getType().isRecord()) {
        return null;
      }
      out[i] = rc[i].getName();
    }
    return out;
  }

  @Override
  public Bound<T> bind(Columns columns) {
    if (components != null && components.length != names.length) {
      throw new PgException(
          "42804",
          "select into "
              + into.getSimpleName()
              + ": "
              + names.length
              + " expressions for "
              + components.length
              + " components; the record has "
              + String.join(", ", components)
              + ", the select list is "
              + selectList());
    }
    try {
      return record.bind(columns);
    } catch (PgException e) {
      if (!e.sqlState().equals("42703") && !e.sqlState().equals("42804")) {
        throw e;
      }
      String message = e.serverMessage();
      throw new PgException(
          e.sqlState(),
          "select into " + into.getSimpleName() + ": " + message + culprit(message),
          null,
          e);
    }
  }

  /** "; selected as …" for the expression named in {@code message}'s {@code column "name"}. */
  private String culprit(String message) {
    int open = message.indexOf('"');
    int close = open < 0 ? -1 : message.indexOf('"', open + 1);
    if (close > open) {
      String column = message.substring(open + 1, close);
      for (int i = 0; i < names.length; i++) {
        if (column.equals(names[i])) {
          return "; the expression selected as " + column + " is " + expressions[i];
        }
      }
    }
    StringBuilder unnamed = new StringBuilder();
    for (int i = 0; i < names.length; i++) {
      if (names[i] == null) {
        unnamed.append(unnamed.length() == 0 ? "" : ", ").append(expressions[i]);
      }
    }
    return unnamed.length() == 0
        ? "; no expression is selected under that name"
        : "; no expression is selected under that name, and "
            + unnamed
            + " has none: name it with .as(\"…\")";
  }

  private String selectList() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < names.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(expressions[i]);
      if (names[i] != null) {
        sb.append(" AS ").append(names[i]);
      }
    }
    return sb.toString();
  }
}
