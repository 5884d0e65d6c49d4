package dev.sluice.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Map;

/**
 * TLS files for tests: a test CA, server certificates it signed for particular cases, a CA no
 * client trusts, and a client certificate for {@code cert} authentication. They were made once with
 * the JDK's keytool ({@code mapper-testkit/tls/MakeTestCertificates.java}, valid for 100 years) and
 * ship as resources, because making them on every run takes keytool minutes on a loaded machine.
 * {@link #file} copies them to a directory of their own, keys readable by their owner only (as
 * PostgreSQL and libpq insist).
 *
 * <p>Use: {@code PgServer.builder().tls(TestTls.Server.LOCALHOST).clientCertificates()}, then
 * {@code sslrootcert=} {@link #ca()} (or {@link Server#root()}); {@link #use} switches a running
 * server to another certificate. Not for anything but tests: the private keys are public.
 *
 * <p>Each method returning a file copies it out of the testkit's resources on first use; if it
 * cannot be written there, the method throws {@link UncheckedIOException}.
 */
public final class TestTls {
  private TestTls() {}

  /** The user name in the client certificate's CN ({@code cert} authentication maps CN to user). */
  public static final String CLIENT_USER = "certuser";

  /** The password of {@link #clientKeyEncrypted()}. */
  public static final String CLIENT_KEY_PASSWORD = "keypass";

  /** The server certificates, each for a case a TLS client must get right. */
  public enum Server {
    /** Signed by the test CA with SHA-256/RSA, for the DNS name localhost only (no IP address). */
    LOCALHOST("server-localhost"),
    /** Signed by a CA no client trusts ({@link #untrustedCa()}); localhost and 127.0.0.1. */
    UNTRUSTED_CA("server-untrusted"),
    /** Signed by the test CA with SHA-384/RSA; localhost and 127.0.0.1. */
    SHA384("server-sha384"),
    /** Signed by the test CA with RSASSA-PSS (SHA-384 in its parameters); localhost, 127.0.0.1. */
    RSASSA_PSS("server-pss"),
    /** Self-signed Ed25519 (a signature with no hash of its own); localhost and 127.0.0.1. */
    ED25519("server-ed25519"),
    /** Signed by the test CA and revoked in {@link #crl()}; localhost and 127.0.0.1. */
    REVOKED("server-revoked");

    private final String name;

    Server(String name) {
      this.name = name;
    }

    /**
     * The server's certificate (PEM), for ssl_cert_file.
     *
     * @return the certificate file's path
     */
    public Path certificate() {
      return file(name + ".crt");
    }

    /**
     * The server's private key (PEM), readable by its owner only, for ssl_key_file.
     *
     * @return the key file's path
     */
    public Path privateKey() {
      return file(name + ".key");
    }

    /**
     * The root certificate a client trusts to verify this one (sslrootcert).
     *
     * @return {@link #untrustedCa()} for {@link #UNTRUSTED_CA}, the certificate itself for the
     *     self-signed {@link #ED25519}, else {@link #ca()}
     */
    public Path root() {
      switch (this) {
        case UNTRUSTED_CA:
          return untrustedCa();
        case ED25519:
          return certificate();
        default:
          return ca();
      }
    }
  }

  /**
   * The test CA's certificate (PEM): sslrootcert for most servers, ssl_ca_file for clients.
   *
   * @return the certificate file's path
   */
  public static Path ca() {
    return file("ca.crt");
  }

  /**
   * The certificate of a CA that signed {@link Server#UNTRUSTED_CA} and that nothing trusts.
   *
   * @return the certificate file's path (PEM)
   */
  public static Path untrustedCa() {
    return file("untrusted-ca.crt");
  }

  /**
   * The test CA's CRL (PEM), which revokes {@link Server#REVOKED} and nothing else (sslcrl).
   *
   * @return the CRL file's path
   */
  public static Path crl() {
    return file("ca.crl");
  }

  /**
   * The client certificate (RSA), CN {@value #CLIENT_USER}, signed by the test CA (sslcert).
   *
   * @return the certificate file's path (PEM)
   */
  public static Path clientCertificate() {
    return file("client.crt");
  }

  /**
   * The key of {@link #clientCertificate()} as PKCS #8 PEM ({@code BEGIN PRIVATE KEY}), readable by
   * its owner only (sslkey).
   *
   * @return the key file's path
   */
  public static Path clientKey() {
    return file("client.key");
  }

  /**
   * The same key as PKCS #1 ({@code BEGIN RSA PRIVATE KEY}), as {@code openssl genrsa} writes.
   *
   * @return the key file's path
   */
  public static Path clientKeyPkcs1() {
    return file("client-pkcs1.key");
  }

  /**
   * The same key as encrypted PKCS #8 (PBES2, AES-256), password {@value #CLIENT_KEY_PASSWORD}.
   *
   * @return the key file's path
   */
  public static Path clientKeyEncrypted() {
    return file("client-encrypted.key");
  }

  /**
   * The same RSA key in OpenSSL's legacy encryption ({@code Proc-Type: 4,ENCRYPTED}, {@code
   * DEK-Info}; {@code openssl rsa -traditional -aes256|-aes128|-des3}), password {@value
   * #CLIENT_KEY_PASSWORD}. {@code cipher} is the DEK-Info cipher: AES-256-CBC, AES-128-CBC or
   * DES-EDE3-CBC.
   *
   * @param cipher the DEK-Info cipher: {@code "AES-256-CBC"}, {@code "AES-128-CBC"} or {@code
   *     "DES-EDE3-CBC"}
   * @return the key file's path
   * @throws IllegalArgumentException if there is no test key for {@code cipher}
   */
  public static Path clientKeyLegacy(String cipher) {
    return file("client-legacy" + legacySuffix(cipher) + ".key");
  }

  /**
   * An EC (P-256) client certificate, CN {@value #CLIENT_USER}, signed by the test CA.
   *
   * @return the certificate file's path (PEM)
   */
  public static Path clientEcCertificate() {
    return file("client-ec.crt");
  }

  /**
   * Its key in SEC1 form ({@code BEGIN EC PRIVATE KEY}), as {@code openssl ecparam -genkey} writes.
   *
   * @return the key file's path
   */
  public static Path clientEcKey() {
    return file("client-ec.key");
  }

  /**
   * The EC key in SEC1 form with OpenSSL's legacy encryption ({@code openssl ec -aes256|-des3}),
   * password {@value #CLIENT_KEY_PASSWORD}.
   *
   * @param cipher the DEK-Info cipher: {@code "AES-256-CBC"} or {@code "DES-EDE3-CBC"}
   * @return the key file's path
   * @throws IllegalArgumentException if there is no test key for {@code cipher}
   */
  public static Path clientEcKeyLegacy(String cipher) {
    return file("client-ec-legacy" + legacySuffix(cipher) + ".key");
  }

  /**
   * Self-signed certificates for host-name checks only (no server serves them): {@code
   * "dns-san-ip-cn"}, subjectAltName DNS:localhost and CN 127.0.0.1; {@code "ip-san-dns-cn"},
   * subjectAltName IP:127.0.0.1 and CN localhost.
   *
   * @param kind {@code "dns-san-ip-cn"} or {@code "ip-san-dns-cn"}
   * @return the certificate file's path (PEM)
   * @throws IllegalArgumentException if {@code kind} is neither
   */
  public static Path nameCheckCertificate(String kind) {
    if (!kind.equals("dns-san-ip-cn") && !kind.equals("ip-san-dns-cn")) {
      throw new IllegalArgumentException("no name-check certificate " + kind);
    }
    return file("name-" + kind + ".crt");
  }

  private static String legacySuffix(String cipher) {
    switch (cipher) {
      case "AES-256-CBC":
        return "";
      case "AES-128-CBC":
        return "-aes128";
      case "DES-EDE3-CBC":
        return "-des3";
      default:
        throw new IllegalArgumentException("no legacy-encrypted test key for " + cipher);
    }
  }

  /**
   * A directory holding {@link #crl()} in OpenSSL's hashed layout ({@code <issuer hash>.r0}, as
   * {@code openssl rehash} names it), for sslcrldir.
   *
   * @return the directory's path
   */
  public static Path crlDirectory() {
    Path dir = file("crldir.txt").resolveSibling("crldir");
    try {
      String names = Files.readString(file("crldir.txt"), StandardCharsets.US_ASCII);
      synchronized (LOCK) {
        Files.createDirectories(dir);
        dir.toFile().deleteOnExit();
        for (String name : names.trim().split("\\s+")) {
          copy("crldir/" + name, dir.resolve(name));
        }
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("could not write the CRL directory " + dir, e);
    }
  }

  /** The settings that make a server use {@code server}'s certificate (and ssl on). */
  static void configure(Map<String, String> settings, Server server, boolean clientCertificates) {
    settings.put("ssl", "on");
    settings.put("ssl_cert_file", server.certificate().toString());
    settings.put("ssl_key_file", server.privateKey().toString());
    if (clientCertificates) {
      settings.put("ssl_ca_file", ca().toString());
    }
  }

  /** Makes a self-signed certificate in {@code dir} (Builder.tls()) and sets it in settings. */
  static TestCertificate selfSigned(Map<String, String> settings, Path dir) {
    TestCertificate certificate = TestCertificate.create(dir);
    settings.put("ssl", "on");
    settings.put("ssl_cert_file", certificate.certificate.toString());
    settings.put("ssl_key_file", certificate.privateKey.toString());
    return certificate;
  }

  /**
   * Switches a running TLS server to {@code certificate} (ALTER SYSTEM and a reload); connections
   * made after this returns get it; those made before keep the old one.
   *
   * @param server a running server started with TLS
   * @param certificate the certificate and key it presents from now on
   * @throws SQLException if the ALTER SYSTEM or the reload fails
   * @throws TestkitException if the server has not reloaded its configuration within 5 s
   */
  public static void use(PgServer server, Server certificate) throws SQLException {
    OffsetDateTime loadedBefore = ServerConfig.loadTime(server);
    server.execute(
        "postgres", "ALTER SYSTEM SET ssl_cert_file = '" + certificate.certificate() + "'");
    server.execute(
        "postgres", "ALTER SYSTEM SET ssl_key_file = '" + certificate.privateKey() + "'");
    server.execute("postgres", "SELECT pg_reload_conf()");
    ServerConfig.awaitReload(server, loadedBefore);
  }

  private static final Object LOCK = new Object();
  private static Path directory;

  /** The copy of resource {@code name} in this JVM's directory of TLS files. */
  static Path file(String name) {
    synchronized (LOCK) {
      try {
        if (directory == null) {
          directory = Files.createTempDirectory("sluice-tls");
          directory.toFile().deleteOnExit();
        }
        Path target = directory.resolve(name);
        if (copy(name, target) && name.endsWith(".key") && !isWindows()) {
          Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
        }
        return target;
      } catch (IOException e) {
        throw new UncheckedIOException("could not write the TLS test file " + name, e);
      }
    }
  }

  /** Copies resource tls/{@code name} to {@code target} unless it is there already (false). */
  private static boolean copy(String name, Path target) throws IOException {
    if (Files.exists(target)) {
      return false;
    }
    try (InputStream in = TestTls.class.getResourceAsStream("tls/" + name)) {
      if (in == null) {
        throw new TestkitException("no TLS test file " + name + " in the testkit");
      }
      Files.copy(in, target);
    }
    target.toFile().deleteOnExit();
    return true;
  }

  private static boolean isWindows() {
    return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
  }
}
