package dev.sluice.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for a TLS test server, for the names localhost and 127.0.0.1, made with
 * the JDK's own keytool (no other tool or library needed) and written as PEM files, the form
 * PostgreSQL reads: the certificate (also the CA a client trusts) and its private key (PKCS #8).
 */
final class TestCertificate {
  /** The server's certificate, PEM; clients use it as their root certificate too. */
  final Path certificate;

  /** The private key, PEM, readable by its owner only (PostgreSQL insists). */
  final Path privateKey;

  private TestCertificate(Path certificate, Path privateKey) {
    this.certificate = certificate;
    this.privateKey = privateKey;
  }

  /** Makes a new key pair and certificate in {@code directory}. */
  static TestCertificate create(Path directory) {
    try {
      Files.createDirectories(directory);
      Path keystore = directory.resolve("server.p12");
      char[] password = "sluice-testkit".toCharArray();
      Path keytool =
          Path.of(System.getProperty("java.home"), "bin", isWindows() ? "keytool.exe" : "keytool");
      List<String> command =
          new ArrayList<>(
              List.of(
                  keytool.toString(),
                  "-genkeypair",
                  "-alias",
                  "server",
                  "-keyalg",
                  "RSA",
                  "-keysize",
                  "2048",
                  "-dname",
                  "CN=localhost",
                  "-ext",
                  "SAN=dns:localhost,ip:127.0.0.1",
                  "-validity",
                  "3650",
                  "-storetype",
                  "PKCS12",
                  "-keystore",
                  keystore.toString(),
                  "-storepass",
                  new String(password),
                  "-keypass",
                  new String(password),
                  "-noprompt"));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      byte[] output = p.getInputStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new TestkitException(
            "keytool could not make a test certificate: "
                + new String(output, StandardCharsets.UTF_8).trim());
      }
      KeyStore store = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(keystore)) {
        store.load(in, password);
      }
      PrivateKey key = (PrivateKey) store.getKey("server", password);
      Certificate cert = store.getCertificate("server");
      Path certificate = directory.resolve("server.crt");
      Path privateKey = directory.resolve("server.key");
      Files.writeString(
          certificate, pem("CERTIFICATE", cert.getEncoded()), StandardCharsets.US_ASCII);
      Files.writeString(
          privateKey, pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
      if (!isWindows()) {
        Files.setPosixFilePermissions(privateKey, PosixFilePermissions.fromString("rw-------"));
      }
      Files.delete(keystore);
      return new TestCertificate(certificate, privateKey);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write a test certificate in " + directory, e);
    } catch (GeneralSecurityException e) {
      throw new TestkitException("could not read the test certificate keytool made", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestkitException("interrupted while making a test certificate", e);
    }
  }

  private static String pem(String type, byte[] der) {
    String body = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
  }

  private static boolean isWindows() {
    return System.getProperty("os.name", "")
        .toLowerCase(java.util.Locale.ROOT)
        .startsWith("windows");
  }
}
