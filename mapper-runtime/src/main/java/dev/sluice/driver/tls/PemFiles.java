package dev.sluice.driver.tls;

import dev.sluice.PgException;
import dev.sluice.driver.Causes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the certificate and CRL files libpq reads (PEM, as CertificateFactory parses them); private
 * keys are {@link PemKeys}'s.
 */
public final class PemFiles {
  private PemFiles() {}

  public static List<X509Certificate> certificates(String file, String keyword) {
    byte[] bytes = read(file, keyword);
    try {
      List<X509Certificate> certs = new ArrayList<>();
      for (var c :
          CertificateFactory.getInstance("X.509")
              .generateCertificates(new ByteArrayInputStream(bytes))) {
        certs.add((X509Certificate) c);
      }
      if (certs.isEmpty()) {
        throw new PgException("08001", keyword + " file \"" + file + "\" holds no certificate");
      }
      return certs;
    } catch (GeneralSecurityException e) {
      throw unreadable(keyword, file, e);
    }
  }

  static List<X509CRL> crls(String file) {
    return crls(file, "sslcrl");
  }

  private static List<X509CRL> crls(String file, String keyword) {
    byte[] bytes = read(file, keyword);
    try {
      List<X509CRL> crls = new ArrayList<>();
      for (var c :
          CertificateFactory.getInstance("X.509").generateCRLs(new ByteArrayInputStream(bytes))) {
        crls.add((X509CRL) c);
      }
      return crls;
    } catch (GeneralSecurityException e) {
      throw unreadable(keyword, file, e);
    }
  }

  /** "could not read {keyword} file …", naming the cause: a file given by a TLS keyword. */
  static PgException unreadable(String keyword, Object file, Exception cause) {
    return new PgException(
        "08001",
        "could not read " + keyword + " file \"" + file + "\": " + Causes.describe(cause),
        null,
        cause);
  }

  static byte[] read(String file, String keyword) {
    try {
      return Files.readAllBytes(Path.of(file));
    } catch (IOException e) {
      throw unreadable(keyword, file, e);
    }
  }

  /**
   * The CRLs of an sslcrldir: every file named as OpenSSL's hashed directory names them ({@code <8
   * hex digits>.r<n>}, as {@code openssl rehash} writes; other files are ignored, as OpenSSL
   * ignores them), PEM or DER. OpenSSL reads them when a certificate is checked; the JDK needs them
   * up front, so all are read when the connection's TLS is set up.
   */
  static List<X509CRL> crlDirectory(String dir) {
    Path path = Path.of(dir);
    if (!Files.isDirectory(path)) {
      throw new PgException("08001", "sslcrldir \"" + dir + "\" is not a directory");
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
      for (Path entry : entries) {
        if (HASHED_CRL.matcher(entry.getFileName().toString()).matches()
            && Files.isRegularFile(entry)) {
          files.add(entry);
        }
      }
    } catch (IOException e) {
      throw new PgException(
          "08001", "could not read sslcrldir \"" + dir + "\": " + Causes.describe(e), null, e);
    }
    Collections.sort(files); // a stable order, for errors that name a file
    List<X509CRL> crls = new ArrayList<>();
    for (Path file : files) {
      crls.addAll(crls(file.toString(), "sslcrldir"));
    }
    return crls;
  }

  /** OpenSSL's name for a CRL in a hashed directory: the issuer name's hash, ".r", a number. */
  private static final Pattern HASHED_CRL = Pattern.compile("[0-9a-f]{8}\\.r[0-9]+");
}
