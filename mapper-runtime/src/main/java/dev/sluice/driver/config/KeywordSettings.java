package dev.sluice.driver.config;

import dev.sluice.PgException;
import dev.sluice.driver.auth.RequireAuth;
import dev.sluice.driver.config.ConnectionConfig.SslMode;
import dev.sluice.driver.tls.TlsOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The settings a {@link ConnectionConfig.Builder} collects, and the one switch that checks every
 * libpq keyword ({@link #set}) from whichever source: a URL or key/value string ({@link ConnInfo}),
 * a keyword call, the service file, the environment. The builder's setters write the fields
 * directly; {@link ConnectionConfig} reads them once, when it is built.
 */
final class KeywordSettings {
  final HostOptions network = new HostOptions();
  String user;
  String password;
  String database;
  SslMode sslMode; // null: prefer, or verify-full with sslrootcert=system
  final TlsOptions.Builder tls = new TlsOptions.Builder();
  Path home;
  String applicationName = "sluice";
  final Map<String, String> startupParameters = new LinkedHashMap<>();
  int statementCacheSize = 256;
  StatementMode statementMode = StatementMode.NAMED;
  Duration queryTimeout = Duration.ZERO;
  RequireAuth requireAuth = RequireAuth.ANY;
  boolean rewriteBatchedInserts;
  String service;
  String serviceFile;
  String passFile;
  Supplier<String> passwordSupplier;
  int scramMaxIterations = 1_000_000;
  Map<String, String> environment;

  /** Whether keyword() has seen a dbname: only the first is expanded, as libpq does. */
  boolean dbnameKeywordSeen;

  /** The keywords set by the caller (a URL, a string, keyword() or a setter). */
  final Set<String> given = new HashSet<>();

  /** See {@link ConnectionConfig.Builder#url}. */
  void url(String connectionString) {
    ConnInfo.apply(connectionString, this::plainKeyword);
  }

  /** See {@link ConnectionConfig.Builder#keyword}. */
  void keyword(String key, String value) {
    if (key.equals("dbname") && !dbnameKeywordSeen) {
      dbnameKeywordSeen = true;
      if (ConnInfo.isConnectionString(value)) {
        ConnInfo.apply(value, this::plainKeyword);
        return;
      }
    }
    plainKeyword(key, value);
  }

  private void plainKeyword(String key, String value) {
    String k = key.equals("loadBalanceHosts") ? "load_balance_hosts" : key;
    String v =
        !key.equals("loadBalanceHosts")
            ? value
            : Boolean.parseBoolean(value) ? "random" : "disable";
    set(k, v);
    given.add(k);
  }

  /** Sets a keyword without counting it as given (service and environment values). */
  private void set(String key, String value) {
    switch (key) {
      case "user":
        user = value;
        break;
      case "password":
        password = value;
        break;
      case "dbname":
        database = value;
        break;
      case "service":
        service = value;
        break;
      case "servicefile":
        serviceFile = value;
        break;
      case "passfile":
        passFile = value;
        break;
      case "scram_max_iterations":
        scramMaxIterations = Keywords.positive(key, value);
        break;
      case "sslmode":
        sslMode = SslMode.parse(value);
        break;
      case "application_name":
        applicationName = value;
        break;
      case "options":
        startupParameters.put("options", value);
        break;
      case "statement_cache_size":
        statementCacheSize = Keywords.positive(key, value);
        break;
      case "statement_mode":
        statementMode = StatementMode.parse(value);
        break;
      case "rewrite_batched_inserts":
      case "reWriteBatchedInserts":
        rewriteBatchedInserts = Keywords.parseBoolean(key, value);
        break;
      case "require_auth":
        requireAuth = RequireAuth.parse(value);
        break;
      default:
        if (!network.keyword(key, value) && !tls.keyword(key, value)) {
          throw new PgException("08001", "unknown connection keyword \"" + key + "\"");
        }
    }
  }

  /**
   * Fills in what the caller did not set: from the service (service or PGSERVICE), then from the
   * environment variables; returns the password file to look in, or null when a password is given.
   */
  Path fillDefaults() {
    ConnEnvironment env = ConnEnvironment.of(environment, home);
    Set<String> filled = new HashSet<>(given);
    for (String[] d : env.defaults(filled, service, serviceFile)) {
      try {
        set(d[0], d[1]);
      } catch (PgException e) {
        throw new PgException(e.sqlState(), e.serverMessage() + " (from " + d[2] + ")", null, e);
      }
    }
    Path pgpass = null;
    if (password == null || password.isEmpty()) { // as libpq: an empty password is none
      pgpass = passFile != null ? Path.of(passFile) : env.defaultPassFile();
    }
    return pgpass;
  }
}
