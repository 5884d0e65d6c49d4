package dev.sluice.driver.config;

import dev.sluice.PgException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Checks and conversions of keyword values for {@link ConnectionConfig.Builder}. */
final class Keywords {
  private Keywords() {}

  /**
   * The hosts to try from the host, hostaddr and port keywords, each a comma-separated list, as
   * libpq combines them: hostaddr, when given, has one entry per host (or stands for the hosts when
   * host is not given); port has one entry for all hosts or one per host. An empty entry takes the
   * default: host localhost, no hostaddr, port 5432.
   */
  static List<ConnectionConfig.HostPort> hosts(String host, String hostaddr, String port) {
    String[] names = host != null ? host.split(",", -1) : null;
    String[] addresses = hostaddr != null ? hostaddr.split(",", -1) : null;
    int n = names != null ? names.length : addresses != null ? addresses.length : 1;
    if (addresses != null && addresses.length != n) {
      throw new PgException(
          "08001",
          "could not match " + n + " host names to " + addresses.length + " hostaddr values");
    }
    String[] ports = port != null ? port.split(",", -1) : new String[] {""};
    if (ports.length != 1 && ports.length != n) {
      throw new PgException(
          "08001", "could not match " + ports.length + " port numbers to " + n + " hosts");
    }
    List<ConnectionConfig.HostPort> hosts = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String address =
          addresses != null && !addresses[i].isEmpty() ? numericAddress(addresses[i]) : null;
      String name =
          names != null && !names[i].isEmpty() ? names[i] : address != null ? address : "localhost";
      String p = ports[ports.length == 1 ? 0 : i];
      hosts.add(new ConnectionConfig.HostPort(name, p.isEmpty() ? 5432 : parsePort(p), address));
    }
    return hosts;
  }

  /** A port or hostaddr list, each entry checked now (so that errors can say its source). */
  static String checkList(String key, String value) {
    for (String entry : value.split(",", -1)) {
      if (!entry.isEmpty()) {
        if (key.equals("port")) {
          parsePort(entry);
        } else {
          numericAddress(entry);
        }
      }
    }
    return value;
  }

  /** A hostaddr entry: a numeric IPv4 or IPv6 address, never a name to look up. */
  private static String numericAddress(String a) {
    boolean v4 = a.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    boolean v6 = a.indexOf(':') >= 0 && a.matches("[0-9A-Fa-f:.]+(%[\\w.]+)?");
    if (v4 || v6) {
      try {
        InetAddress.getByName(a); // a literal: parsed, not looked up
        return a;
      } catch (UnknownHostException e) {
        // reported below
      }
    }
    throw new PgException(
        "08001",
        "hostaddr \""
            + a
            + "\" is not a numeric IPv4 or IPv6 address (hostaddr is never looked up; a name"
            + " belongs in host)");
  }

  /** An enum constant from its libpq spelling (lower case, '-' for '_'). */
  static <E extends Enum<E>> E parseEnum(Class<E> type, String key, String s, String expected) {
    try {
      return Enum.valueOf(type, s.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new PgException("08001", "invalid " + key + " \"" + s + "\": expected " + expected);
    }
  }

  static int parsePort(String p) {
    int port = parseInt("port", p);
    if (port < 1 || port > 65535) {
      throw new PgException("08001", "port " + port + " is not in 1..65535");
    }
    return port;
  }

  /** keepalives, keepalives_idle, keepalives_interval or keepalives_count applied to {@code k}. */
  static ConnectionConfig.Keepalives keepalive(
      ConnectionConfig.Keepalives k, String key, String value) {
    switch (key) {
      case "keepalives":
        return new ConnectionConfig.Keepalives(
            parseInt(key, value) != 0, k.idleSeconds(), k.intervalSeconds(), k.count());
      case "keepalives_idle":
        return new ConnectionConfig.Keepalives(
            k.enabled(), nonNegative(key, value), k.intervalSeconds(), k.count());
      case "keepalives_interval":
        return new ConnectionConfig.Keepalives(
            k.enabled(), k.idleSeconds(), nonNegative(key, value), k.count());
      default:
        return new ConnectionConfig.Keepalives(
            k.enabled(), k.idleSeconds(), k.intervalSeconds(), nonNegative(key, value));
    }
  }

  /** libpq's connect_timeout: seconds; 0 or less is no timeout, and 1 counts as 2. */
  static Duration connectTimeout(String value) {
    int seconds = parseInt("connect_timeout", value);
    return seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.max(2, seconds));
  }

  /**
   * The JDK has no socket option for TCP_USER_TIMEOUT: a value we cannot honour is refused rather
   * than ignored; 0 (the system's default) is what Sluice does anyway.
   */
  static void checkTcpUserTimeout(String value) {
    if (nonNegative("tcp_user_timeout", value) != 0) {
      throw new PgException(
          "08001",
          "tcp_user_timeout is not supported (the JDK cannot set TCP_USER_TIMEOUT); use"
              + " keepalives_idle, keepalives_interval and keepalives_count to find a dead peer");
    }
  }

  static int positive(String key, String v) {
    int n = parseInt(key, v);
    if (n < 1) {
      throw new PgException("08001", key + " must be at least 1: \"" + v + "\"");
    }
    return n;
  }

  static boolean parseBoolean(String key, String v) {
    switch (v.toLowerCase(Locale.ROOT)) {
      case "true":
      case "on":
      case "1":
      case "yes":
        return true;
      case "false":
      case "off":
      case "0":
      case "no":
        return false;
      default:
        throw new PgException("08001", key + " is not a boolean: \"" + v + "\"");
    }
  }

  static int nonNegative(String key, String v) {
    int n = parseInt(key, v);
    if (n < 0) {
      throw new PgException("08001", key + " must not be negative: \"" + v + "\"");
    }
    return n;
  }

  static int parseInt(String key, String v) {
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new PgException("08001", key + " is not a number: \"" + v + "\"");
    }
  }
}
