package dev.sluice;

import java.util.Map;

/**
 * An error from PostgreSQL (an ErrorResponse) or from the driver on its behalf. Unchecked.
 *
 * <p>Every instance has a SQLSTATE: the server's own, or for errors found by the driver the code
 * PostgreSQL uses for that kind of failure (08006 connection failure, 08001 unable to connect,
 * 08P01 protocol violation, 22xxx data exceptions, 42703 undefined column). {@link #getMessage()}
 * carries the severity, message, SQLSTATE, detail, hint, position and the statement.
 */
public class PgException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The SQLSTATE (field C); XX000 when the server sent none. */
  private final String sqlState;

  /** ERROR, FATAL or PANIC (field V, else S). */
  private final String severity;

  /** The primary message (field M), or the driver's. */
  private final String serverMessage;

  /** The detail (field D), or null. */
  private final String detail;

  /** The hint (field H), or null. */
  private final String hint;

  /** The 1-based position in the statement (field P), or 0. */
  private final int position;

  /** The context of the error, e.g. a PL/pgSQL call stack (field W), or null. */
  private final String where;

  /** The schema of the object concerned (field s), or null. */
  private final String schema;

  /** The table concerned (field t), or null. */
  private final String table;

  /** The column concerned (field c), or null. */
  private final String column;

  /** The data type concerned (field d), or null. */
  private final String dataType;

  /** The constraint concerned (field n), or null. */
  private final String constraint;

  /** The server source routine that raised the error (field R), or null. */
  private final String routine;

  /** The statement that failed, or null. */
  private final String statement;

  /**
   * An error found by the driver, concerning no statement.
   *
   * @param sqlState the SQLSTATE PostgreSQL uses for that kind of failure
   * @param message what failed
   */
  public PgException(String sqlState, String message) {
    this(sqlState, message, null, null);
  }

  /**
   * An error found by the driver, with its cause and the statement it concerns.
   *
   * @param sqlState the SQLSTATE PostgreSQL uses for that kind of failure
   * @param message what failed
   * @param statement the statement concerned, or null
   * @param cause the exception behind it, or null
   */
  public PgException(String sqlState, String message, String statement, Throwable cause) {
    super(format("ERROR", message, sqlState, null, null, 0, null, statement), cause);
    this.sqlState = sqlState;
    this.severity = "ERROR";
    this.serverMessage = message;
    this.detail = null;
    this.hint = null;
    this.position = 0;
    this.where = null;
    this.schema = null;
    this.table = null;
    this.column = null;
    this.dataType = null;
    this.constraint = null;
    this.routine = null;
    this.statement = statement;
  }

  /**
   * An ErrorResponse: {@code fields} maps the protocol's field codes ('C', 'M', 'D', …) to values.
   *
   * @param fields the ErrorResponse's fields by code; a missing SQLSTATE becomes XX000
   * @param statement the statement that failed, or null
   */
  public PgException(Map<Character, String> fields, String statement) {
    super(
        format(
            severityOf(fields),
            fields.get('M'),
            fields.get('C'),
            fields.get('D'),
            fields.get('H'),
            parsePosition(fields.get('P')),
            fields.get('W'),
            statement));
    this.sqlState = fields.getOrDefault('C', "XX000");
    this.severity = severityOf(fields);
    this.serverMessage = fields.get('M');
    this.detail = fields.get('D');
    this.hint = fields.get('H');
    this.position = parsePosition(fields.get('P'));
    this.where = fields.get('W');
    this.schema = fields.get('s');
    this.table = fields.get('t');
    this.column = fields.get('c');
    this.dataType = fields.get('d');
    this.constraint = fields.get('n');
    this.routine = fields.get('R');
    this.statement = statement;
  }

  /**
   * The same server error with a note on where it happened, e.g. "in batch row 9999 of 10000";
   * every field is kept.
   *
   * @param e the server's error, kept as the cause
   * @param statement the statement that failed, or null
   * @param context where it happened, appended to the message in parentheses
   */
  public PgException(PgException e, String statement, String context) {
    super(
        format(
            e.severity,
            e.serverMessage + " (" + context + ")",
            e.sqlState,
            e.detail,
            e.hint,
            e.position,
            e.where,
            statement),
        e);
    this.sqlState = e.sqlState;
    this.severity = e.severity;
    this.serverMessage = e.serverMessage;
    this.detail = e.detail;
    this.hint = e.hint;
    this.position = e.position;
    this.where = e.where;
    this.schema = e.schema;
    this.table = e.table;
    this.column = e.column;
    this.dataType = e.dataType;
    this.constraint = e.constraint;
    this.routine = e.routine;
    this.statement = statement;
  }

  /**
   * The SQLSTATE, the error's kind.
   *
   * @return five characters, e.g. {@code 23505} for a unique violation
   */
  public String sqlState() {
    return sqlState;
  }

  /**
   * The error's severity, never localized.
   *
   * @return ERROR, FATAL or PANIC
   */
  public String severity() {
    return severity;
  }

  /**
   * PostgreSQL's primary message, without the decorations of {@link #getMessage()}.
   *
   * @return the message (for a driver error, the driver's)
   */
  public String serverMessage() {
    return serverMessage;
  }

  /**
   * The error's detail (field D), e.g. the key of a unique violation.
   *
   * @return the detail, or null
   */
  public String detail() {
    return detail;
  }

  /**
   * The server's suggestion of what to do about the error (field H).
   *
   * @return the hint, or null
   */
  public String hint() {
    return hint;
  }

  /**
   * Where in the statement the error points.
   *
   * @return the 1-based character position, or 0 when none was given
   */
  public int position() {
    return position;
  }

  /**
   * The error's context (field W): e.g. the PL/pgSQL function and line it was raised in.
   *
   * @return the context, or null
   */
  public String where() {
    return where;
  }

  /**
   * The schema of the object the error concerns (field s).
   *
   * @return the schema's name, or null
   */
  public String schema() {
    return schema;
  }

  /**
   * The table the error concerns (field t): e.g. of a violated constraint.
   *
   * @return the table's name, or null
   */
  public String table() {
    return table;
  }

  /**
   * The column the error concerns (field c): e.g. of a not-null violation.
   *
   * @return the column's name, or null
   */
  public String column() {
    return column;
  }

  /**
   * The data type the error concerns (field d): e.g. of a domain whose check failed.
   *
   * @return the type's name, or null
   */
  public String dataType() {
    return dataType;
  }

  /**
   * The constraint the error concerns (field n): e.g. the unique index of a 23505.
   *
   * @return the constraint's name, or null
   */
  public String constraint() {
    return constraint;
  }

  /**
   * The server source routine that raised the error (field R).
   *
   * @return the routine's name, e.g. RevalidateCachedQuery, or null
   */
  public String routine() {
    return routine;
  }

  /**
   * The statement that failed, as written (placeholders, never bound values).
   *
   * @return the statement, or null when the error concerns no statement
   */
  public String statement() {
    return statement;
  }

  /**
   * Whether retrying the whole transaction may succeed.
   *
   * @return true for a serialization failure (40001) or a deadlock (40P01)
   */
  public boolean isTransient() {
    return "40001".equals(sqlState) || "40P01".equals(sqlState);
  }

  private static String severityOf(Map<Character, String> fields) {
    String s = fields.get('V');
    return s != null ? s : fields.getOrDefault('S', "ERROR");
  }

  private static int parsePosition(String p) {
    if (p == null) {
      return 0;
    }
    try {
      return Integer.parseInt(p);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String format(
      String severity,
      String message,
      String sqlState,
      String detail,
      String hint,
      int position,
      String where,
      String statement) {
    StringBuilder sb = new StringBuilder();
    sb.append(severity)
        .append(": ")
        .append(message)
        .append(" [SQLSTATE ")
        .append(sqlState)
        .append(']');
    if (detail != null) {
      sb.append("\n  Detail: ").append(detail);
    }
    if (hint != null) {
      sb.append("\n  Hint: ").append(hint);
    }
    if (where != null) {
      sb.append("\n  Where: ").append(where);
    }
    if (statement != null) {
      sb.append("\n  Statement: ").append(statement);
      if (position > 0) {
        sb.append("\n  Position: ").append(position);
      }
    }
    return sb.toString();
  }
}
