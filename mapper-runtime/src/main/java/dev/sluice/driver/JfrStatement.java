package dev.sluice.driver;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/**
 * The JDK Flight Recorder event of one statement (one call on a connection, see {@link
 * StatementTrace}): its duration is the call's. Made only while a recording has it enabled ({@link
 * #TYPE}{@code .isEnabled()}); otherwise a call allocates nothing for it.
 */
@Name("dev.sluice.Statement")
@Label("Sluice Statement")
@Category({"Sluice", "Database"})
@Description("One statement (or batch, pipeline, COPY) run by Sluice on one connection")
// Like the JDK's socket events: a recording left on in production keeps the slow ones, not every
// one of thousands a second; "threshold=0 ms" (or withoutThreshold()) records them all.
@Threshold("10 ms")
final class JfrStatement extends Event {
  /** Registers the event once; {@code isEnabled()} is then a field read. */
  static final EventType TYPE = EventType.getEventType(JfrStatement.class);

  @Label("SQL")
  @Description("The statement's text with its $n placeholders; bound values are never recorded")
  String sql;

  @Label("Rows")
  @Description("Rows returned or affected, -1 when unknown")
  long rows;

  @Label("Connection")
  @Description("The backend process id of the connection (pg_stat_activity.pid)")
  int backendPid;

  @Label("Database")
  String database;

  @Label("SQLSTATE")
  @Description("The SQLSTATE of the error, when the statement failed")
  String sqlState;
}
