package dev.sluice.driver;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The JDK Flight Recorder event of one acquire from the pool: its duration is the caller's wait
 * (opening a connection included). Made only while a recording has it enabled.
 */
@Name("dev.sluice.PoolAcquire")
@Label("Sluice Pool Acquire")
@Category({"Sluice", "Pool"})
@Description("A caller waiting for a connection from the Sluice pool")
@StackTrace(false)
final class JfrPoolAcquire extends Event {
  static final EventType TYPE = EventType.getEventType(JfrPoolAcquire.class);

  @Label("Connection")
  @Description("The backend process id of the connection handed out")
  int backendPid;

  @Label("Opened")
  @Description("Whether the pool opened a new connection for this caller")
  boolean opened;
}
