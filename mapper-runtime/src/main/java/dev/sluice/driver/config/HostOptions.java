package dev.sluice.driver.config;

import dev.sluice.PgException;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.tls.TlsOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The keywords that say where the server is and how to reach it, as libpq spells and checks them:
 * host, hostaddr, port (each a list), connect_timeout, keepalives, keepalives_idle,
 * keepalives_interval, keepalives_count, tcp_user_timeout, target_session_attrs,
 * load_balance_hosts, and min_protocol_version and max_protocol_version (libpq 18: 3.0, 3.2 or
 * latest; both 3.0 by default, since asking for 3.2 breaks PgBouncer before 1.23 and some
 * wire-compatible engines). Collected one keyword at a time by {@link #keyword}, which answers
 * false for a keyword it does not own (as {@link TlsOptions.Builder} does); {@link
 * ConnectionConfig} copies the results.
 */
final class HostOptions {
  private String hostSpec;
  private String portSpec;
  private String hostaddrSpec;
  private final List<ConnectionConfig.HostPort> addedHosts = new ArrayList<>();
  Duration connectTimeout = Duration.ofSeconds(10);
  ConnectionConfig.TargetSessionAttrs targetSessionAttrs = ConnectionConfig.TargetSessionAttrs.ANY;
  boolean loadBalanceHosts;
  ConnectionConfig.Keepalives keepalives = ConnectionConfig.Keepalives.DEFAULT;
  int minProtocolVersion = Protocol.PROTOCOL_VERSION_3;
  int maxProtocolVersion = Protocol.PROTOCOL_VERSION_3;

  /** Sets {@code key} if it is one of these keywords; false (nothing set) if it is not. */
  boolean keyword(String key, String value) {
    switch (key) {
      case "host":
        hostSpec = value;
        return true;
      case "hostaddr":
        hostaddrSpec = Keywords.checkList(key, value);
        return true;
      case "port":
        portSpec = Keywords.checkList(key, value);
        return true;
      case "connect_timeout":
        connectTimeout = Keywords.connectTimeout(value);
        return true;
      case "target_session_attrs":
        targetSessionAttrs = ConnectionConfig.TargetSessionAttrs.parse(value);
        return true;
      case "load_balance_hosts":
        loadBalanceHosts = loadBalanceHosts(value);
        return true;
      case "keepalives":
      case "keepalives_idle":
      case "keepalives_interval":
      case "keepalives_count":
        keepalives = Keywords.keepalive(keepalives, key, value);
        return true;
      case "tcp_user_timeout":
        Keywords.checkTcpUserTimeout(value);
        return true;
      case "min_protocol_version":
        minProtocolVersion = protocolVersion(key, value);
        return true;
      case "max_protocol_version":
        maxProtocolVersion = protocolVersion(key, value);
        return true;
      default:
        return false;
    }
  }

  /** 3.0, 3.2, or latest (3.2, the newest this driver speaks), as libpq 18 takes them. */
  private static int protocolVersion(String key, String value) {
    switch (value) {
      case "3.0":
        return Protocol.PROTOCOL_VERSION_3;
      case "3.2":
      case "latest":
        return Protocol.PROTOCOL_VERSION_3_2;
      default:
        throw new PgException(
            "08001", "invalid " + key + " value: \"" + value + "\" (expected 3.0, 3.2 or latest)");
    }
  }

  /** min_protocol_version above max_protocol_version is an error, as in libpq. */
  void checkProtocolVersions() {
    if (minProtocolVersion > maxProtocolVersion) {
      throw new PgException(
          "08001",
          "min_protocol_version 3."
              + (minProtocolVersion & 0xffff)
              + " is above max_protocol_version 3."
              + (maxProtocolVersion & 0xffff));
    }
  }

  /** libpq's load_balance_hosts: disable (the default) or random; anything else is an error. */
  private static boolean loadBalanceHosts(String value) {
    switch (value) {
      case "disable":
        return false;
      case "random":
        return true;
      default:
        throw new PgException(
            "08001",
            "invalid load_balance_hosts value: \"" + value + "\" (expected disable or random)");
    }
  }

  /** A host added by the builder's host(name, port), tried after those of the host keyword. */
  void addHost(ConnectionConfig.HostPort host) {
    addedHosts.add(host);
  }

  /** The hosts to try: host/hostaddr/port's (or the default), then the added ones. */
  List<ConnectionConfig.HostPort> hosts() {
    List<ConnectionConfig.HostPort> hosts = new ArrayList<>();
    if (hostSpec != null || hostaddrSpec != null || addedHosts.isEmpty()) {
      hosts.addAll(Keywords.hosts(hostSpec, hostaddrSpec, portSpec));
    }
    hosts.addAll(addedHosts);
    return hosts;
  }
}
