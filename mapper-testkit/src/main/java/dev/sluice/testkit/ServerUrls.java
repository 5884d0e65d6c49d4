package dev.sluice.testkit;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Reading an external server's URL, and the percent-encoding of the URLs the testkit writes. */
final class ServerUrls {
  private ServerUrls() {}

  /**
   * What a {@code postgresql://user:password@host:port/database} URL names; password may be null.
   */
  record Parts(String host, int port, String user, String password, String database) {}

  /**
   * Reads a {@code postgresql://} (or {@code jdbc:postgresql://}) URL; {@code source} names where
   * it came from, for the errors, and the defaults stand for a missing user or database.
   */
  static Parts parse(String url, String source, String defaultUser, String defaultDatabase) {
    String text = url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url;
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw new TestkitException("not a PostgreSQL URL in " + source + ": " + url, e);
    }
    if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
      throw new TestkitException(
          source + " must look like postgresql://user:password@host:5432/postgres, not " + url);
    }
    String host = uri.getHost();
    if (host == null) {
      throw new TestkitException("no host in " + source + ": " + url);
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port = uri.getPort() < 0 ? 5432 : uri.getPort();
    String user = defaultUser;
    String password = null;
    String userInfo = uri.getRawUserInfo();
    if (userInfo != null) {
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
      password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
    }
    String path = uri.getRawPath();
    String database =
        path == null || path.length() <= 1 ? defaultDatabase : decode(path.substring(1));
    return new Parts(host, port, user, password, database);
  }

  /** Percent-encoding for the user-info and path parts (URLEncoder would turn spaces into '+'). */
  static String encodeUserInfo(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  static String encodeQuery(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  private static String decode(String text) {
    return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
