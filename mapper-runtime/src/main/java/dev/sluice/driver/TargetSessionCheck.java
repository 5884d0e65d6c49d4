package dev.sluice.driver;

import dev.sluice.driver.config.ConnectionConfig;

/**
 * Whether an open connection still fits its pool's target_session_attrs, judged from what the
 * server reported, without a round trip: PostgreSQL 14 and later report {@code in_hot_standby} and
 * {@code default_transaction_read_only} with ParameterStatus whenever they change — a standby
 * promoted, a primary made read-only by {@code ALTER SYSTEM SET default_transaction_read_only} and
 * a reload. A session reports the change with the ReadyForQuery of its next statement (the one that
 * failed with 25006 read_only_sql_transaction, typically), so the pool finds it at release and
 * never hands the connection out again. A server that reports neither (before 14, some
 * wire-compatible engines) always fits: the check at connect time ({@link Connector}) is then the
 * only one.
 */
final class TargetSessionCheck {
  private TargetSessionCheck() {}

  /** False when the reported parameters contradict {@code target}. */
  static boolean stillFits(PgConnection c, ConnectionConfig.TargetSessionAttrs target) {
    return stillFits(c::parameter, target);
  }

  /** The same, for a connection whose reported parameters {@code parameters} looks up. */
  static boolean stillFits(
      java.util.function.UnaryOperator<String> parameters,
      ConnectionConfig.TargetSessionAttrs target) {
    if (target == ConnectionConfig.TargetSessionAttrs.ANY
        || target == ConnectionConfig.TargetSessionAttrs.PREFER_STANDBY) {
      return true;
    }
    String hot = parameters.apply("in_hot_standby");
    String readOnlyDefault = parameters.apply("default_transaction_read_only");
    if (hot == null || readOnlyDefault == null) {
      return true;
    }
    boolean standby = hot.equals("on");
    return fits(target, standby, standby || readOnlyDefault.equals("on"));
  }

  /**
   * Whether a server that is (or is not) a standby and (or not) read-only fits {@code target}; for
   * prefer-standby any server fits (the preference is the connector's order of passes).
   */
  static boolean fits(
      ConnectionConfig.TargetSessionAttrs target, boolean standby, boolean readOnly) {
    switch (target) {
      case READ_WRITE:
        return !readOnly;
      case READ_ONLY:
        return readOnly;
      case PRIMARY:
        return !standby;
      case STANDBY:
        return standby;
      default:
        return true;
    }
  }
}
