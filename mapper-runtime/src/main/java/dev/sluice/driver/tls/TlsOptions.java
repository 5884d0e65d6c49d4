package dev.sluice.driver.tls;

import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The TLS keywords of a connection, as libpq spells and checks them: sslrootcert, sslcert, sslkey,
 * sslpassword, sslcrl, sslcrldir, sslsni, ssl_min_protocol_version, ssl_max_protocol_version,
 * sslnegotiation and channel_binding (sslmode stays in {@link ConnectionConfig}, which had it
 * first), and the two other encryption keywords, gssencmode (checked: Sluice is libpq without
 * GSSAPI, so require is an error) and sslcompression (accepted, ignored). Parsed one keyword at a
 * time by {@link Builder#keyword}, which answers false for a keyword it does not own; checked
 * against sslmode as a whole by {@link Builder#build}. sslpassword is never shown.
 */
public final class TlsOptions {
  /** libpq's sslnegotiation: SSLRequest first (postgres), or TLS at once (direct, PG 17). */
  enum Negotiation {
    POSTGRES,
    DIRECT
  }

  /** libpq's channel_binding. */
  public enum ChannelBinding {
    DISABLE,
    PREFER,
    REQUIRE
  }

  /** The protocol versions ssl_min/max_protocol_version may name, oldest first. */
  static final List<String> PROTOCOLS = List.of("TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3");

  /** sslrootcert's value meaning the JDK's default trust store (libpq: the system's). */
  static final String SYSTEM = "system";

  final String rootCert;
  final String cert;
  final String key;
  final String password;
  final String crl;
  final String crlDir;
  final boolean sni;
  final String minProtocol;
  final String maxProtocol;
  final Negotiation negotiation;
  public final ChannelBinding channelBinding;

  /** The directory libpq calls {@code ~}, where {@code .postgresql/root.crt} and the like live. */
  final Path home;

  private TlsOptions(Builder b, Path home) {
    this.rootCert = b.rootCert;
    this.cert = b.cert;
    this.key = b.key;
    this.password = b.password;
    this.crl = b.crl;
    this.crlDir = b.crlDir;
    this.sni = b.sni;
    this.minProtocol = b.minProtocol;
    this.maxProtocol = b.maxProtocol;
    this.negotiation = b.negotiation;
    this.channelBinding = b.channelBinding;
    this.home = home;
  }

  /**
   * The root certificate file to verify the server with: sslrootcert, else {@code
   * ~/.postgresql/root.crt} when it exists; null for none. {@link #SYSTEM} stays as it is.
   */
  String effectiveRootCert() {
    if (rootCert != null) {
      return rootCert;
    }
    Path dflt = home.resolve(".postgresql").resolve("root.crt");
    return Files.isRegularFile(dflt) ? dflt.toString() : null;
  }

  /**
   * sslcert, else {@code ~/.postgresql/postgresql.crt}, when the file exists; null for none. As
   * libpq: an sslcert naming a file that does not exist means no client certificate (the server may
   * not want one), while one that cannot be read is an error (when it is read).
   */
  String effectiveCert() {
    if (cert != null) {
      return cert.isEmpty() || Files.notExists(Path.of(cert)) ? null : cert;
    }
    Path dflt = home.resolve(".postgresql").resolve("postgresql.crt");
    return Files.isRegularFile(dflt) ? dflt.toString() : null;
  }

  /** sslkey, else {@code ~/.postgresql/postgresql.key}. */
  String effectiveKey() {
    return key != null ? key : home.resolve(".postgresql").resolve("postgresql.key").toString();
  }

  /**
   * sslcrl, else (when sslcrldir is not given either) {@code ~/.postgresql/root.crl} when it
   * exists; null for none. As libpq: the default file stands in only for both keywords unset.
   */
  String effectiveCrl() {
    if (crl != null) {
      return crl.isEmpty() ? null : crl;
    }
    if (effectiveCrlDir() != null) {
      return null;
    }
    Path dflt = home.resolve(".postgresql").resolve("root.crl");
    return Files.isRegularFile(dflt) ? dflt.toString() : null;
  }

  /** sslcrldir, a directory of CRLs in OpenSSL's hashed layout; null for none (no default). */
  String effectiveCrlDir() {
    return crlDir == null || crlDir.isEmpty() ? null : crlDir;
  }

  /** Collects the TLS keywords; later values win. */
  public static final class Builder {
    private String rootCert;
    private String cert;
    private String key;
    private String password;
    private String crl;
    private String crlDir;
    private boolean sni = true;
    private String minProtocol = "TLSv1.2";
    private String maxProtocol;
    private Negotiation negotiation = Negotiation.POSTGRES;
    private ChannelBinding channelBinding = ChannelBinding.PREFER;

    /** Sets {@code key} if it is a TLS keyword; false (nothing set) if it is not one. */
    public boolean keyword(String key, String value) {
      switch (key) {
        case "sslrootcert":
          rootCert = value;
          return true;
        case "sslcert":
          cert = value;
          return true;
        case "sslkey":
          this.key = value;
          return true;
        case "sslpassword":
          password = value;
          return true;
        case "sslcrl":
          crl = value;
          return true;
        case "sslcrldir":
          crlDir = value;
          return true;
        case "sslsni":
          if (!value.equals("0") && !value.equals("1")) {
            throw new PgException("08001", "invalid sslsni \"" + value + "\": expected 0 or 1");
          }
          sni = value.equals("1");
          return true;
        case "ssl_min_protocol_version":
          minProtocol = protocol(key, value);
          return true;
        case "ssl_max_protocol_version":
          maxProtocol = value.isEmpty() ? null : protocol(key, value);
          return true;
        case "sslnegotiation":
          negotiation = parse(Negotiation.class, key, value, "postgres or direct");
          return true;
        case "channel_binding":
          channelBinding = parse(ChannelBinding.class, key, value, "disable, prefer or require");
          return true;
        case "gssencmode":
          // Sluice is libpq built without GSSAPI: disable and prefer both mean no GSS encryption.
          if (value.equals("require")) {
            throw new PgException(
                "08001",
                "gssencmode value \"require\" invalid: Sluice does not support GSSAPI"
                    + " encryption (use disable or prefer)");
          }
          if (!value.equals("disable") && !value.equals("prefer")) {
            throw new PgException(
                "08001",
                "invalid gssencmode \"" + value + "\": expected disable, prefer or require");
          }
          return true;
        case "sslcompression":
          // Accepted and ignored: the JDK never compresses TLS (nor do OpenSSL 1.1+ builds).
          return true;
        default:
          return false;
      }
    }

    /** Whether sslrootcert=system was given (which makes the default sslmode verify-full). */
    public boolean systemRoots() {
      return SYSTEM.equals(rootCert);
    }

    /** Checks the options against each other and against {@code mode}. */
    public TlsOptions build(ConnectionConfig.SslMode mode, Path home) {
      if (maxProtocol != null && PROTOCOLS.indexOf(maxProtocol) < PROTOCOLS.indexOf(minProtocol)) {
        throw new PgException(
            "08001",
            "invalid SSL protocol version range: ssl_min_protocol_version="
                + minProtocol
                + " is above ssl_max_protocol_version="
                + maxProtocol);
      }
      boolean verifying =
          mode == ConnectionConfig.SslMode.REQUIRE
              || mode == ConnectionConfig.SslMode.VERIFY_CA
              || mode == ConnectionConfig.SslMode.VERIFY_FULL;
      if (negotiation == Negotiation.DIRECT && !verifying) {
        throw new PgException(
            "08001",
            "weak sslmode \""
                + keyword(mode)
                + "\" may not be used with sslnegotiation=direct (use \"require\","
                + " \"verify-ca\", or \"verify-full\")");
      }
      if (SYSTEM.equals(rootCert) && mode != ConnectionConfig.SslMode.VERIFY_FULL) {
        throw new PgException(
            "08001",
            "weak sslmode \""
                + keyword(mode)
                + "\" may not be used with sslrootcert=system (use \"verify-full\")");
      }
      return new TlsOptions(this, home);
    }

    private static String keyword(ConnectionConfig.SslMode mode) {
      return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String protocol(String key, String value) {
      for (String p : PROTOCOLS) {
        if (p.equalsIgnoreCase(value)) {
          return p;
        }
      }
      throw new PgException(
          "08001",
          "invalid " + key + " \"" + value + "\": expected TLSv1, TLSv1.1, TLSv1.2 or TLSv1.3");
    }

    private static <E extends Enum<E>> E parse(
        Class<E> type, String key, String value, String expected) {
      try {
        return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new PgException(
            "08001", "invalid " + key + " \"" + value + "\": expected " + expected);
      }
    }
  }
}
