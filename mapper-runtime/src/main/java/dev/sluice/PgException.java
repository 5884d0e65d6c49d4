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

  private final String sqlState;
  private final String severity;
  private final String serverMessage;
  private final String detail;
  private final String hint;
  private final int position;
  private final String where;
  private final String schema;
  private final String table;
  private final String column;
  private final String dataType;
  private final String constraint;
  private final String routine;
  private final String statement;

  /** An error found by the driver. */
  public PgException(String sqlState, String message) {
    this(sqlState, message, null, null);
  }

  /** An error found by the driver, with its cause and the statement it concerns. */
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

  /** The five-character SQLSTATE, e.g. {@code 23505} for a unique violation. */
  public String sqlState() {
    return sqlState;
  }

  /** ERROR, FATAL or PANIC (never localized). */
  public String severity() {
    return severity;
  }

  /** PostgreSQL's primary message, without the decorations of {@link #getMessage()}. */
  public String serverMessage() {
    return serverMessage;
  }

  public String detail() {
    return detail;
  }

  public String hint() {
    return hint;
  }

  /** The 1-based character position in the statement the error points at, or 0. */
  public int position() {
    return position;
  }

  public String where() {
    return where;
  }

  public String schema() {
    return schema;
  }

  public String table() {
    return table;
  }

  public String column() {
    return column;
  }

  public String dataType() {
    return dataType;
  }

  public String constraint() {
    return constraint;
  }

  /** The server source routine that raised the error (field R), e.g. RevalidateCachedQuery. */
  public String routine() {
    return routine;
  }

  /** The statement that failed, or null when the error concerns no statement. */
  public String statement() {
    return statement;
  }

  /** Whether retrying the whole transaction may succeed (serialization failure or deadlock). */
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
