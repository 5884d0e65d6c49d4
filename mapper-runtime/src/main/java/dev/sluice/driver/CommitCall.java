package dev.sluice.driver;

import dev.sluice.Notice;
import dev.sluice.PgException;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * COMMIT, which is never cancelled. A CancelRequest that reaches a COMMIT waiting for a synchronous
 * standby does not undo it: the server ends the wait with a WARNING ("canceling wait for
 * synchronous replication … The transaction has already committed locally, but might not have been
 * replicated to the standby") and answers COMMIT, which a client would take for a replicated
 * commit. So the query timeout never sends a cancel here: when it passes, the connection is closed
 * instead and the outcome is reported unknown (the caller makes that 08007). And when such a
 * WARNING arrives anyway — the server's statement_timeout, or a pg_cancel_backend from elsewhere —
 * the COMMIT is reported as 08007 too, on a connection that stays usable. {@link PgConnection}'s
 * other calls make the same check ({@link #checkReplicated}): a statement outside a transaction
 * commits implicitly, and its query timeout may cancel that wait. So do a stream, whose implicit
 * commit comes at its end ({@link Cursor}), and each statement of the pipelined pool ({@link
 * SharedConnection}): the receive loop gives the WARNING to the exchange in flight. It is
 * recognised by its routine ({@link #replicationUncertain}), and no later WARNING of the same call
 * hides it.
 */
final class CommitCall {
  /** The routine (ErrorResponse/NoticeResponse field 'R') that waits for synchronous standbys. */
  static final String SYNC_REP_ROUTINE = "SyncRepWaitForLSN";

  private CommitCall() {}

  /** The command tag of COMMIT; see the class comment for the failures. */
  static String run(Session session, long timeoutMillis) {
    String sql = "COMMIT";
    session.begin(sql);
    // Set before the connection is closed, so the failing read always finds it (a cancel() of the
    // future could still succeed while the closing task runs).
    AtomicBoolean timedOut = new AtomicBoolean();
    ScheduledFuture<?> cutOff =
        timeoutMillis > 0
            ? Deadlines.schedule(
                () -> {
                  timedOut.set(true);
                  session.markBroken();
                },
                timeoutMillis)
            : null;
    try {
      String tag = SimpleQuery.run(session, sql);
      checkReplicated(session, sql);
      return tag;
    } catch (IOException e) {
      PgException lost = session.connectionLost(e);
      if (timedOut.get()) {
        throw new PgException(
            "08006",
            "the query timeout of "
                + timeoutMillis
                + " ms passed during COMMIT; the connection was closed rather than the COMMIT"
                + " cancelled",
            sql,
            lost);
      }
      throw lost;
    } catch (RuntimeException | Error e) {
      session.fail(e);
      throw e;
    } finally {
      if (cutOff != null) {
        cutOff.cancel(false);
      }
      session.end();
    }
  }

  /**
   * Throws 08007 if the call that just ended on {@code session} got the WARNING of a cancelled wait
   * for synchronous replication: its commit (a COMMIT, or the implicit transaction of a statement
   * run outside one) is on the primary and may not be on the standby, so a failover may lose it.
   * The session itself is in step.
   */
  static void checkReplicated(Session session, String sql) {
    Notice warning = session.replicationWarning();
    if (warning != null) {
      throw notReplicated(warning, sql);
    }
  }

  /** The 08007 of a commit whose wait for synchronous replication ended with {@code warning}. */
  static PgException notReplicated(Notice warning, String sql) {
    return new PgException(
        "08007",
        "the commit's wait for synchronous replication was cancelled: the transaction"
            + " committed on the primary and may not have reached the standby, so a failover"
            + " may lose it (server: "
            + warning.message()
            + (warning.detail() == null ? "" : " " + warning.detail())
            + ")",
        sql,
        null);
  }

  /**
   * The WARNING of a cancelled or terminated wait for synchronous replication. PostgreSQL raises
   * both from the routine SyncRepWaitForLSN and names it in field 'R', which — unlike the message —
   * is never translated, so it is recognised whatever lc_messages says. Only a server that sends no
   * routine (a PostgreSQL look-alike) is judged by the English text.
   */
  static boolean replicationUncertain(Notice warning) {
    if (warning.routine() != null) {
      return SYNC_REP_ROUTINE.equals(warning.routine());
    }
    String text =
        (warning.message() + " " + (warning.detail() == null ? "" : warning.detail()))
            .toLowerCase(Locale.ROOT);
    return text.contains("synchronous replication") || text.contains("committed locally");
  }
}
