package dev.sluice.driver;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * The JDK Flight Recorder event of one acquire from the pool: its duration is the caller's wait
 * (opening a connection included). Made only while a recording has it enabled.
 */
@Name("dev.sluice.PoolAcquire")
@Label("Sluice Pool Acquire")
@Category({"Sluice", "Pool"})
@Description("A caller waiting for a connection from the Sluice pool")
@StackTrace(false)
// Like the JDK's socket events: a recording left on in production keeps the slow ones, not every
// one of thousands a second; "threshold=0 ms" (or withoutThreshold()) records them all.
@Threshold("10 ms")
final class JfrPoolAcquire extends Event {
  static final EventType TYPE = EventType.getEventType(JfrPoolAcquire.class);

  @Label("Connection")
  @Description("The backend process id of the connection handed out")
  int backendPid;

  @Label("Opened")
  @Description("Whether the pool opened a new connection for this caller")
  boolean opened;
}
