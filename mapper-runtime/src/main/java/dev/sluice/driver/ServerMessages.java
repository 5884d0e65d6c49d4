package dev.sluice.driver;

import dev.sluice.Notice;
import dev.sluice.NoticeListener;
import dev.sluice.Notification;
import dev.sluice.RowView;
import java.io.IOException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The messages a server may send at any time, whatever exchange is in flight: NoticeResponse (to
 * the notice listener, or logged), ParameterStatus (kept; the server version and the client
 * encoding are acted on) and NotificationResponse (to a listener's sink, or dropped). A listener or
 * sink that throws is logged: the message is consumed either way, so the receive loop never stops
 * half-way. Part of its {@link Session}, and used only by the thread that receives.
 */
final class ServerMessages {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  private final MessageReader reader;
  private final RowView rowView;
  private final MessageWriter writer;
  private final NoticeListener noticeListener;

  /** Where NotificationResponses go (a listener's connection), or null: logged and dropped. */
  private volatile Consumer<Notification> notifications;

  /** Concurrent: a shared connection's pool reads them while a caller's thread reads replies. */
  private final Map<String, String> parameters = new java.util.concurrent.ConcurrentHashMap<>();

  /** The last commit-not-replicated WARNING ({@link CommitCall#replicationUncertain}), untaken. */
  private Notice replicationWarning;

  ServerMessages(
      MessageReader reader, RowView rowView, MessageWriter writer, NoticeListener noticeListener) {
    this.reader = reader;
    this.rowView = rowView;
    this.writer = writer;
    this.noticeListener = noticeListener;
  }

  /**
   * Handles the message of {@code type} (one of the three) at the reader's position; true when it
   * was a ParameterStatus (a reported setting changed).
   */
  boolean handle(byte type) throws IOException {
    switch (type) {
      case Protocol.NOTICE_RESPONSE:
        notice();
        return false;
      case Protocol.PARAMETER_STATUS:
        parameterStatus();
        return true;
      default:
        notification();
        return false;
    }
  }

  /**
   * The WARNING of a cancelled wait for synchronous replication read since the last call, or null;
   * cleared.
   */
  Notice takeReplicationWarning() {
    Notice n = replicationWarning;
    replicationWarning = null;
    return n;
  }

  String parameter(String name) {
    return parameters.get(name);
  }

  void onNotification(Consumer<Notification> sink) {
    this.notifications = sink;
  }

  private void notification() throws ProtocolException {
    Notification n = reader.notification();
    Consumer<Notification> sink = notifications;
    if (sink == null) {
      LOG.log(
          System.Logger.Level.DEBUG,
          "notification on {0} dropped: this connection is not a listener's",
          n.channel());
      return;
    }
    try {
      sink.accept(n);
    } catch (RuntimeException e) {
      // Consumed either way: a sink's bug must not leave the loop half-way.
      LOG.log(System.Logger.Level.WARNING, "the notification sink threw", e);
    }
  }

  private void notice() throws ProtocolException {
    Map<Character, String> f = reader.fields();
    String severity = f.getOrDefault('V', f.getOrDefault('S', "NOTICE"));
    Notice n = new Notice(severity, f.get('C'), f.get('M'), f.get('D'), f.get('H'), f.get('R'));
    if (severity.equals("WARNING")) {
      if (CommitCall.replicationUncertain(n)) {
        replicationWarning = n; // kept until taken: a later WARNING must not hide it
      }
    }
    if (noticeListener == null) {
      System.Logger.Level level =
          severity.equals("WARNING") ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG;
      LOG.log(level, "{0}: {1}", severity, n.message());
      return;
    }
    try {
      noticeListener.onNotice(n);
    } catch (RuntimeException e) {
      // The message is consumed and the exchange goes on: a listener's bug must not leave replies
      // unread on the connection.
      LOG.log(System.Logger.Level.WARNING, "the notice listener threw; notice: " + n.message(), e);
    }
  }

  private void parameterStatus() throws ProtocolException {
    String[] pair = reader.parameterStatus();
    parameters.put(pair[0], pair[1]);
    if (pair[0].equals("server_version")) {
      rowView.serverVersion(pair[1]); // intervals: see FiniteIntervals
      writer.infiniteIntervals = rowView.hasInfiniteIntervals();
    }
    if (pair[0].equals("client_encoding") && !pair[1].equalsIgnoreCase("UTF8")) {
      throw new ProtocolException("client_encoding changed to " + pair[1] + "; Sluice needs UTF8");
    }
  }
}
