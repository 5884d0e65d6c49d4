package dev.sluice;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The records one System.Logger publishes, caught at the java.util.logging logger it maps to (the
 * JDK's default LoggerFinder), for tests of what Sluice logs. Close to detach.
 */
final class JulCapture extends Handler implements AutoCloseable {
  final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Logger logger;

  JulCapture(String loggerName) {
    this.logger = Logger.getLogger(loggerName);
    setLevel(Level.ALL);
    logger.addHandler(this);
  }

  /** The records at {@code level}, with their parameters filled in. */
  List<String> messages(Level level) {
    return records.stream()
        .filter(r -> r.getLevel().equals(level))
        .map(r -> new java.util.logging.SimpleFormatter().formatMessage(r))
        .toList();
  }

  @Override
  public void publish(LogRecord record) {
    records.add(record);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    logger.removeHandler(this);
  }
}
