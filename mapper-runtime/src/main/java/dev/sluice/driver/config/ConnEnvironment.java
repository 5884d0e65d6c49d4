package dev.sluice.driver.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The environment a configuration is resolved in: libpq's environment variables and the home
 * directory (for {@code ~/.pgpass} and {@code ~/.pg_service.conf}). The default is the process's
 * own; tests give their own so that nothing has to change the process environment.
 */
final class ConnEnvironment {
  /**
   * libpq's environment variables and the keyword each stands for, in libpq's order. The TLS
   * keywords are mapped here too; they are checked, like every other value, by the builder.
   */
  static final String[][] VARIABLES = {
    {"PGHOST", "host"},
    {"PGHOSTADDR", "hostaddr"},
    {"PGPORT", "port"},
    {"PGDATABASE", "dbname"},
    {"PGUSER", "user"},
    {"PGPASSWORD", "password"},
    {"PGPASSFILE", "passfile"},
    {"PGAPPNAME", "application_name"},
    {"PGCONNECT_TIMEOUT", "connect_timeout"},
    {"PGOPTIONS", "options"},
    {"PGSSLMODE", "sslmode"},
    {"PGSSLNEGOTIATION", "sslnegotiation"},
    {"PGSSLROOTCERT", "sslrootcert"},
    {"PGSSLCERT", "sslcert"},
    {"PGSSLKEY", "sslkey"},
    {"PGSSLCRL", "sslcrl"},
    {"PGSSLCRLDIR", "sslcrldir"},
    {"PGSSLSNI", "sslsni"},
    {"PGSSLMINPROTOCOLVERSION", "ssl_min_protocol_version"},
    {"PGSSLMAXPROTOCOLVERSION", "ssl_max_protocol_version"},
    {"PGCHANNELBINDING", "channel_binding"},
    {"PGREQUIREAUTH", "require_auth"},
    {"PGTARGETSESSIONATTRS", "target_session_attrs"},
    {"PGLOADBALANCEHOSTS", "load_balance_hosts"},
    {"PGMINPROTOCOLVERSION", "min_protocol_version"},
    {"PGMAXPROTOCOLVERSION", "max_protocol_version"},
  };

  /**
   * Where the system-wide pg_service.conf is sought without PGSYSCONFDIR: libpq looks in the
   * sysconfdir it was built with, which differs between builds; this is the one of the
   * Debian/Ubuntu packages (PGDG's and the distributions' own).
   */
  static final String DEFAULT_SYSCONFDIR = "/etc/postgresql-common";

  private final Map<String, String> variables;
  private final Path home;

  ConnEnvironment(Map<String, String> variables, Path home) {
    this.variables = variables;
    this.home = home;
  }

  /** The given variables and home, each null for the process's own. */
  static ConnEnvironment of(Map<String, String> variables, Path home) {
    return new ConnEnvironment(
        variables != null ? variables : System.getenv(),
        home != null ? home : Path.of(System.getProperty("user.home")));
  }

  /**
   * What fills the keywords not in {@code filled}, as libpq fills them: the settings of the service
   * (named by the service keyword, else PGSERVICE), then the environment variables; each as
   * {keyword, value, where it came from}. {@code filled} gains each keyword returned.
   */
  List<String[]> defaults(Set<String> filled, String service, String serviceFile) {
    List<String[]> out = new ArrayList<>();
    String name = service != null ? service : get("PGSERVICE");
    if (name != null && !name.isEmpty()) {
      Path userFile = serviceFile != null ? Path.of(serviceFile) : userServiceFile();
      for (ServiceFile.Entry e : ServiceFile.find(name, userFile, systemServiceFile())) {
        if (filled.add(e.keyword())) {
          out.add(new String[] {e.keyword(), e.value(), e.where()});
        }
      }
    }
    for (String[] variable : VARIABLES) {
      String value = get(variable[0]);
      if (value != null && filled.add(variable[1])) {
        out.add(new String[] {variable[1], value, "environment variable " + variable[0]});
      }
    }
    return out;
  }

  /** The variable's value, or null when it is unset or empty. */
  String get(String name) {
    String v = variables.get(name);
    return v == null || v.isEmpty() ? null : v;
  }

  Path home() {
    return home;
  }

  /** {@code ~/.pgpass} unless PGPASSFILE or passfile says otherwise (the caller checks those). */
  Path defaultPassFile() {
    return home.resolve(".pgpass");
  }

  /** The per-user service file: PGSERVICEFILE, else {@code ~/.pg_service.conf}. */
  Path userServiceFile() {
    String file = get("PGSERVICEFILE");
    return file != null ? Path.of(file) : home.resolve(".pg_service.conf");
  }

  /** The system-wide service file: PGSYSCONFDIR/pg_service.conf. */
  Path systemServiceFile() {
    String dir = get("PGSYSCONFDIR");
    return Path.of(dir != null ? dir : DEFAULT_SYSCONFDIR, "pg_service.conf");
  }
}
