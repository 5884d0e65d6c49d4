package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the certificate and CRL files libpq reads (PEM, as CertificateFactory parses them); private
 * keys are {@link PemKeys}'s.
 */
final class PemFiles {
  private PemFiles() {}

  static List<X509Certificate> certificates(String file, String keyword) {
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
      throw new PgException(
          "08001",
          "could not read " + keyword + " file \"" + file + "\": " + e.getMessage(),
          null,
          e);
    }
  }

  static List<X509CRL> crls(String file) {
    byte[] bytes = read(file, "sslcrl");
    try {
      List<X509CRL> crls = new ArrayList<>();
      for (var c :
          CertificateFactory.getInstance("X.509").generateCRLs(new ByteArrayInputStream(bytes))) {
        crls.add((X509CRL) c);
      }
      return crls;
    } catch (GeneralSecurityException e) {
      throw new PgException(
          "08001", "could not read sslcrl file \"" + file + "\": " + e.getMessage(), null, e);
    }
  }

  static byte[] read(String file, String keyword) {
    try {
      return Files.readAllBytes(Path.of(file));
    } catch (IOException e) {
      throw new PgException(
          "08001",
          "could not read " + keyword + " file \"" + file + "\": " + e.getMessage(),
          null,
          e);
    }
  }
}
