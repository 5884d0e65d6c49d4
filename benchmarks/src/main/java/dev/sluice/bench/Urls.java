package dev.sluice.bench;

import dev.sluice.driver.config.ConnectionConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** The one bench URL (Sluice's postgresql:// format) in the forms other clients take. */
final class Urls {
  private Urls() {}

  /**
   * {@code jdbc:postgresql://host:port/db?user=…[&password=…][&sslmode=require]}, ready for more
   * {@code &key=value}.
   */
  static String jdbc(String url) {
    ConnectionConfig c = ConnectionConfig.parse(url);
    ConnectionConfig.HostPort hp = c.hosts().get(0);
    StringBuilder sb =
        new StringBuilder("jdbc:postgresql://")
            .append(hp.host().contains(":") ? "[" + hp.host() + "]" : hp.host())
            .append(':')
            .append(hp.port())
            .append('/')
            .append(encode(c.database()))
            .append("?user=")
            .append(encode(c.user()));
    if (c.password() != null) {
      sb.append("&password=").append(encode(c.password()));
    }
    if (c.sslMode() == ConnectionConfig.SslMode.REQUIRE) {
      sb.append("&sslmode=require"); // --tls: pgjdbc over TLS too, without verification either
    }
    return sb.toString();
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
