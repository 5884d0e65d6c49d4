package dev.sluice.driver.config;

import dev.sluice.driver.PgConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * libpq's password file ({@code ~/.pgpass}, or PGPASSFILE): lines {@code
 * hostname:port:database:username:password}; the first line whose four fields match gives the
 * password. A field of just {@code *} matches anything; {@code \:} and {@code \\} stand for ':' and
 * '\'; lines starting with '#' are comments. The host matched is the connection's host name (its
 * hostaddr when no name was given); a Unix-socket connection in libpq's default socket directory
 * (/tmp or /var/run/postgresql, as upstream and Debian build it) matches "localhost". A file that
 * is not a plain file, or that group or others may access at all, is ignored with a warning, as
 * libpq ignores it.
 */
public final class PassFile {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  private PassFile() {}

  private static void warnUnreadable(Path file, IOException e) {
    LOG.log(
        System.Logger.Level.WARNING,
        "could not read password file \"{0}\": {1}",
        file,
        e.getMessage());
  }

  /** The password for the connection, or null when the file is absent, unusable or silent. */
  public static String lookup(
      Path file, ConnectionConfig.HostPort hp, String database, String user) {
    if (file == null || !Files.exists(file)) {
      return null;
    }
    if (!Files.isRegularFile(file)) {
      LOG.log(System.Logger.Level.WARNING, "password file \"{0}\" is not a plain file", file);
      return null;
    }
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
      for (PosixFilePermission p : permissions) {
        if (p != PosixFilePermission.OWNER_READ
            && p != PosixFilePermission.OWNER_WRITE
            && p != PosixFilePermission.OWNER_EXECUTE) {
          LOG.log(
              System.Logger.Level.WARNING,
              "password file \"{0}\" has group or world access; permissions should be u=rw (0600)"
                  + " or less; ignoring it",
              file);
          return null;
        }
      }
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system (Windows): libpq checks nothing there either.
    } catch (IOException e) {
      warnUnreadable(file, e);
      return null;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      warnUnreadable(file, e);
      return null;
    }
    String host = hostToMatch(hp);
    String port = Integer.toString(hp.port());
    for (String line : lines) {
      if (line.startsWith("#")) {
        continue;
      }
      List<String> fields = fields(line);
      if (fields.size() >= 5
          && matches(fields.get(0), host)
          && matches(fields.get(1), port)
          && matches(fields.get(2), database)
          && matches(fields.get(3), user)) {
        return unescape(fields.get(4));
      }
    }
    return null;
  }

  private static String hostToMatch(ConnectionConfig.HostPort hp) {
    String host = hp.host();
    if (host.startsWith("/")) {
      String dir =
          host.endsWith("/") && host.length() > 1 ? host.substring(0, host.length() - 1) : host;
      if (dir.equals("/tmp") || dir.equals("/var/run/postgresql")) {
        return "localhost";
      }
    }
    return host;
  }

  /** The line split at each ':' not escaped by '\', fields still escaped. */
  private static List<String> fields(String line) {
    List<String> fields = new ArrayList<>(5);
    int start = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == ':') {
        fields.add(line.substring(start, i));
        start = i + 1;
      }
    }
    fields.add(line.substring(start));
    return fields;
  }

  /** A field matches when it is exactly {@code *} or, unescaped, equals the value. */
  private static boolean matches(String field, String value) {
    return field.equals("*") || unescape(field).equals(value);
  }

  private static String unescape(String field) {
    if (field.indexOf('\\') < 0) {
      return field;
    }
    StringBuilder sb = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\' && i + 1 < field.length()) {
        c = field.charAt(++i);
      }
      sb.append(c);
    }
    return sb.toString();
  }
}
