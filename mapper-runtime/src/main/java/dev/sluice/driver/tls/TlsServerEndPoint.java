package dev.sluice.driver.tls;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.security.spec.PSSParameterSpec;
import java.util.Locale;

/**
 * The {@code tls-server-end-point} channel binding data (RFC 5929 section 4.1): the hash of the DER
 * of the server's leaf certificate, with the hash of the certificate's signature algorithm, MD5 and
 * SHA-1 replaced by SHA-256; RSASSA-PSS takes the hash in its parameters. A signature algorithm
 * with no hash of its own (Ed25519, Ed448) defines no binding data.
 */
public final class TlsServerEndPoint {
  private TlsServerEndPoint() {}

  /** The binding data for {@code cert}, or null when its signature algorithm defines none. */
  public static byte[] of(X509Certificate cert) {
    String hash = hashAlgorithm(cert);
    if (hash == null) {
      return null;
    }
    try {
      return MessageDigest.getInstance(hash).digest(cert.getEncoded());
    } catch (GeneralSecurityException e) {
      return null;
    }
  }

  /** The digest name ("SHA-256", …) RFC 5929 picks for {@code cert}, or null for none. */
  static String hashAlgorithm(X509Certificate cert) {
    String alg = cert.getSigAlgName().toUpperCase(Locale.ROOT);
    if (alg.equals("RSASSA-PSS")) {
      try {
        AlgorithmParameters p = AlgorithmParameters.getInstance("RSASSA-PSS");
        p.init(cert.getSigAlgParams());
        return upgrade(p.getParameterSpec(PSSParameterSpec.class).getDigestAlgorithm());
      } catch (GeneralSecurityException | java.io.IOException e) {
        return null;
      }
    }
    int with = alg.indexOf("WITH");
    if (with <= 0) {
      return null; // Ed25519, Ed448: the signature has no separate hash
    }
    return upgrade(alg.substring(0, with));
  }

  private static String upgrade(String digest) {
    String d = digest.toUpperCase(Locale.ROOT).replace("-", "");
    switch (d) {
      case "MD5":
      case "SHA1":
      case "SHA256":
        return "SHA-256";
      case "SHA224":
        return "SHA-224";
      case "SHA384":
        return "SHA-384";
      case "SHA512":
        return "SHA-512";
      case "SHA3256":
        return "SHA3-256";
      case "SHA3384":
        return "SHA3-384";
      case "SHA3512":
        return "SHA3-512";
      default:
        return null;
    }
  }
}
