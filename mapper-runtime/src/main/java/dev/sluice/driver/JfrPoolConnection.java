package dev.sluice.driver;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The JDK Flight Recorder event of a pool connection opened, closed or found broken and discarded.
 * Made only while a recording has it enabled.
 */
@Name("dev.sluice.PoolConnection")
@Label("Sluice Pool Connection")
@Category({"Sluice", "Pool"})
@Description("The Sluice pool opened, closed or discarded a broken connection")
@StackTrace(false)
final class JfrPoolConnection extends Event {
  static final EventType TYPE = EventType.getEventType(JfrPoolConnection.class);

  @Label("Change")
  @Description("OPENED, CLOSED or BROKEN")
  String change;

  @Label("Connection")
  @Description("The backend process id of the connection")
  int backendPid;

  @Label("Host")
  String host;

  @Label("Port")
  int port;
}
