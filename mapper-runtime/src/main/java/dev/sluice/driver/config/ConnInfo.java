package dev.sluice.driver.config;

import dev.sluice.PgException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Connection strings as libpq reads them, turned into keyword/value pairs in the order they were
 * written: URLs ({@code postgresql://} or {@code postgres://}) and key/value strings ({@code
 * host=db1 port=5432 dbname=app}). Values are not checked here: {@link
 * ConnectionConfig.Builder#keyword} checks every pair, so a URL, a key/value string, a service file
 * and the environment all go through the same code.
 *
 * <p>No error raised here contains the password or any part of it: a malformed percent-encoding in
 * the password, or an unquoted space in a key/value password, is reported without the text.
 */
final class ConnInfo {
  private ConnInfo() {}

  static boolean isUrl(String s) {
    return s.startsWith("postgresql://") || s.startsWith("postgres://");
  }

  /**
   * Whether a dbname value is a connection string to expand (libpq's recognized_connection_string):
   * a URL, or anything holding '='.
   */
  static boolean isConnectionString(String s) {
    return isUrl(s) || s.indexOf('=') >= 0;
  }

  /**
   * Gives each pair of {@code s} to {@code keyword} in order. An error for the pair right after a
   * key/value password does not show it: it may be the rest of an unquoted password with a space.
   */
  static void apply(String s, BiConsumer<String, String> keyword) {
    String previous = null;
    for (Map.Entry<String, String> e : parse(s).entrySet()) {
      try {
        keyword.accept(e.getKey(), e.getValue());
      } catch (PgException x) {
        if ("password".equals(previous) && !isUrl(s)) {
          throw new PgException(
              x.sqlState(),
              "bad keyword right after the password in the connection string (not shown, as it"
                  + " may be part of the password; quote a password holding spaces)");
        }
        throw x;
      }
      previous = e.getKey();
    }
  }

  /** The pairs of a URL or of a key/value string (empty or blank: no pairs, all defaults). */
  static Map<String, String> parse(String s) {
    if (isUrl(s)) {
      return parseUrl(s);
    }
    if (s.contains("://")) {
      throw new PgException(
          "08001", "not a PostgreSQL URL (expected postgresql:// or postgres://): " + redact(s));
    }
    return parseKeyValue(s);
  }

  /**
   * {@code keyword=value} pairs separated by whitespace, as libpq's conninfo strings: spaces around
   * '=' are allowed; a value is either unquoted (up to the next whitespace) or in single quotes; in
   * both, a backslash takes the next character literally ({@code \'} and {@code \\}).
   */
  static Map<String, String> parseKeyValue(String s) {
    Map<String, String> pairs = new LinkedHashMap<>();
    String previous = null;
    int n = s.length();
    int i = 0;
    for (; ; ) {
      while (i < n && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i == n) {
        return pairs;
      }
      int start = i;
      while (i < n && !Character.isWhitespace(s.charAt(i)) && s.charAt(i) != '=') {
        i++;
      }
      String key = s.substring(start, i);
      while (i < n && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i == n || s.charAt(i) != '=') {
        if ("password".equals(previous)) {
          // Most likely the rest of a password with a space in it: do not show it.
          throw new PgException(
              "08001",
              "missing \"=\" after the password's value in the connection string (the text is not"
                  + " shown; quote a password holding spaces: password='…')");
        }
        throw new PgException(
            "08001", "missing \"=\" after \"" + key + "\" in the connection string");
      }
      i++;
      while (i < n && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      StringBuilder value = new StringBuilder();
      if (i < n && s.charAt(i) == '\'') {
        i++;
        boolean closed = false;
        while (i < n) {
          char c = s.charAt(i);
          if (c == '\\' && i + 1 < n) {
            value.append(s.charAt(i + 1));
            i += 2;
          } else if (c == '\'') {
            i++;
            closed = true;
            break;
          } else {
            value.append(c);
            i++;
          }
        }
        if (!closed) {
          throw new PgException(
              "08001", "unterminated quoted value of \"" + key + "\" in the connection string");
        }
      } else {
        while (i < n && !Character.isWhitespace(s.charAt(i))) {
          char c = s.charAt(i);
          if (c == '\\' && i + 1 < n) {
            value.append(s.charAt(i + 1));
            i += 2;
          } else {
            value.append(c);
            i++;
          }
        }
      }
      pairs.put(key, value.toString());
      previous = key;
    }
  }

  /**
   * {@code postgresql://[user[:password]@][host[:port][,host[:port]…]][/dbname][?keyword=value&…]}.
   * The user info ends at the last '@' before the query, so a password holding an unencoded '@',
   * ':' or '/' still parses (a '@' in the database name must then be written %40). Hosts are split
   * at their port's ':' before percent-decoding (as libpq does), so an encoded Unix socket
   * directory ({@code %2Fvar%2Frun:5433}) keeps its port. Ports stay text for the builder to check.
   */
  static Map<String, String> parseUrl(String url) {
    Map<String, String> pairs = new LinkedHashMap<>();
    String rest = url.substring(url.indexOf("://") + 3);
    String query = null;
    int q = rest.indexOf('?');
    if (q >= 0) {
      query = rest.substring(q + 1);
      rest = rest.substring(0, q);
    }
    int at = rest.lastIndexOf('@');
    if (at < 0 && query != null) {
      int later = query.indexOf('@');
      if (later >= 0
          && query.substring(0, later).indexOf('=') < 0
          && query.substring(0, later).indexOf('&') < 0) {
        // "user:pa?ss@host": the '@' of the user info lies after an unencoded '?' in the
        // password; parsing on would show parts of it in the errors that follow.
        throw new PgException(
            "08001",
            "the URL's only '@' follows its '?': percent-encode a '?' in a password as %3F (the"
                + " URL is not shown, as it may hold a password)");
      }
    }
    if (at >= 0) {
      String userInfo = rest.substring(0, at);
      rest = rest.substring(at + 1);
      int colon = userInfo.indexOf(':');
      String user = decode(colon >= 0 ? userInfo.substring(0, colon) : userInfo, "user name");
      if (!user.isEmpty()) {
        pairs.put("user", user);
      }
      if (colon >= 0) {
        pairs.put("password", decode(userInfo.substring(colon + 1), "password"));
      }
    }
    int slash = rest.indexOf('/');
    String authority = slash >= 0 ? rest.substring(0, slash) : rest;
    if (!authority.isEmpty()) {
      List<String> hosts = new ArrayList<>();
      List<String> ports = new ArrayList<>();
      boolean anyHost = false;
      boolean anyPort = false;
      for (String hp : authority.split(",", -1)) {
        String[] split = splitHostPort(hp);
        hosts.add(split[0]);
        ports.add(split[1]);
        anyHost |= !split[0].isEmpty();
        anyPort |= !split[1].isEmpty();
      }
      if (anyHost) {
        pairs.put("host", String.join(",", hosts));
      }
      if (anyPort) {
        pairs.put("port", String.join(",", ports));
      }
    }
    if (slash >= 0 && slash + 1 < rest.length()) {
      pairs.put("dbname", decode(rest.substring(slash + 1), "database name"));
    }
    if (query != null) {
      String previous = null;
      for (String pair : query.split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        if (eq < 0) {
          throw new PgException(
              "08001",
              "password".equals(previous)
                  // Most likely the rest of a password with an unencoded '&': do not show it.
                  ? "URL parameter after the password has no \"=\" (the text is not shown; write"
                      + " '%26' for a '&' in a password)"
                  : "URL parameter \""
                      + decode(pair, "parameter")
                      + "\" has no \"=\" and no value");
        }
        String key = decode(pair.substring(0, eq), "parameter name");
        pairs.put(key, decode(pair.substring(eq + 1), key.equals("password") ? "password" : key));
        previous = key;
      }
    }
    return pairs;
  }

  /** One host of a URL's authority: {host, port}, each possibly empty, the host decoded. */
  private static String[] splitHostPort(String raw) {
    if (raw.startsWith("[")) {
      int close = raw.indexOf(']');
      if (close < 0) {
        throw new PgException("08001", "bad host in URL (no closing ']'): " + raw);
      }
      String after = raw.substring(close + 1);
      if (!after.isEmpty() && !after.startsWith(":")) {
        throw new PgException("08001", "bad host in URL (text after ']'): " + raw);
      }
      return new String[] {
        decode(raw.substring(1, close), "host"), after.isEmpty() ? "" : after.substring(1)
      };
    }
    int colon = raw.lastIndexOf(':');
    return new String[] {
      decode(colon >= 0 ? raw.substring(0, colon) : raw, "host"),
      colon >= 0 ? raw.substring(colon + 1) : ""
    };
  }

  /**
   * Percent-decoding as libpq does it: %XX is a byte, '+' stays '+', %00 is refused, and the bytes
   * must be UTF-8. {@code what} names the part in errors; a password is never shown.
   */
  static String decode(String s, String what) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    boolean secret = what.equals("password");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '%') {
        if (c < 0x80) {
          bytes.write(c);
        } else {
          int end = Character.isHighSurrogate(c) && i + 1 < s.length() ? i + 2 : i + 1;
          bytes.writeBytes(s.substring(i, end).getBytes(StandardCharsets.UTF_8));
          i = end - 1;
        }
        continue;
      }
      int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
      int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
      if (lo < 0) {
        throw malformed(what, secret, s, "a '%' not followed by two hexadecimal digits");
      }
      int b = (hi << 4) | lo;
      if (b == 0) {
        throw malformed(what, secret, s, "%00");
      }
      bytes.write(b);
      i += 2;
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      throw malformed(what, secret, s, "bytes that are not UTF-8");
    }
  }

  private static PgException malformed(String what, boolean secret, String s, String problem) {
    return new PgException(
        "08001",
        "malformed percent-encoding in the URL's "
            + what
            + " ("
            + problem
            + (secret ? "; the password is not shown" : ": \"" + s + "\"")
            + "); write '%25' for a '%' itself");
  }

  /**
   * A URL with any password replaced by ***: in the user info (up to the last '@', as a password
   * may hold an unencoded '/' or '@') and in a password keyword.
   */
  static String redact(String url) {
    String s = url.replaceAll("([?&]password=)[^&]*", "$1***");
    int start = s.indexOf("//");
    int at = s.lastIndexOf('@');
    if (start >= 0 && at > start) {
      int colon = s.indexOf(':', start + 2);
      if (colon >= 0 && colon < at) {
        s = s.substring(0, colon + 1) + "***" + s.substring(at);
      }
    }
    return s;
  }
}
