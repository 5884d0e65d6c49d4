package dev.sluice.driver.auth;

import dev.sluice.PgException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * libpq's {@code require_auth} (PostgreSQL 16): the authentication methods the client accepts from
 * the server, so a server (or something pretending to be one) cannot talk it down to a weaker
 * method, or to none. A comma-separated list of {@code password}, {@code md5}, {@code
 * scram-sha-256}, {@code gss}, {@code sspi}, {@code none}; or the same each prefixed with {@code !}
 * to accept every method but those. Mixing plain and negated entries is an error. {@code gss} and
 * {@code sspi} are understood but Sluice supports neither, so they can only be refused.
 */
public final class RequireAuth {
  enum Method {
    PASSWORD("password"),
    MD5("md5"),
    SCRAM_SHA_256("scram-sha-256"),
    GSS("gss"),
    SSPI("sspi"),
    NONE("none");

    final String keyword;

    Method(String keyword) {
      this.keyword = keyword;
    }
  }

  public static final RequireAuth ANY = new RequireAuth(EnumSet.allOf(Method.class), null);

  private final Set<Method> allowed;

  /** The setting as written, for messages; null when none was given. */
  private final String setting;

  private RequireAuth(Set<Method> allowed, String setting) {
    this.allowed = allowed;
    this.setting = setting;
  }

  public static RequireAuth parse(String value) {
    EnumSet<Method> listed = EnumSet.noneOf(Method.class);
    Boolean negated = null;
    for (String raw : value.split(",", -1)) {
      String entry = raw.trim().toLowerCase(Locale.ROOT);
      boolean not = entry.startsWith("!");
      if (not) {
        entry = entry.substring(1);
      }
      if (negated != null && negated != not) {
        throw new PgException(
            "08001",
            "require_auth \""
                + value
                + "\" mixes negated and plain methods; list the methods to accept, or those to"
                + " refuse, each with !");
      }
      negated = not;
      Method m = method(entry, value);
      if (!listed.add(m)) {
        throw new PgException(
            "08001", "require_auth \"" + value + "\" lists \"" + m.keyword + "\" twice");
      }
    }
    EnumSet<Method> allowed = negated ? EnumSet.complementOf(listed) : listed;
    return new RequireAuth(allowed, value);
  }

  private static Method method(String entry, String value) {
    for (Method m : Method.values()) {
      if (m.keyword.equals(entry)) {
        return m;
      }
    }
    throw new PgException(
        "08001",
        "require_auth \""
            + value
            + "\" names an unknown method \""
            + entry
            + "\" (password, md5, scram-sha-256, gss, sspi, none, each optionally with !)");
  }

  /**
   * Fails unless the server may authenticate the client with {@code m}; called before anything
   * secret is sent for it.
   */
  void check(Method m) {
    if (allowed.contains(m)) {
      return;
    }
    throw new PgException(
        "28000",
        (m == Method.NONE
                ? "the server accepted the connection without authentication"
                : "the server asks for " + m.keyword + " authentication")
            + ", which require_auth="
            + setting
            + " does not allow; refusing the connection"
            + (m == Method.NONE ? "" : " before sending any password"));
  }
}
