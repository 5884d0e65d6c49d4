package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Reads the PEM files libpq reads — certificates, CRLs and private keys (PKCS #8, encrypted PKCS
 * #8, and PKCS #1 RSA keys as {@code openssl genrsa} writes them) — with the JDK alone. A key file
 * that its group or others may read is refused, as libpq refuses it.
 */
final class PemFiles {
  private PemFiles() {}

  /** One PEM block: its label ("CERTIFICATE", "PRIVATE KEY", …) and DER bytes. */
  record Block(String label, byte[] der) {}

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

  /**
   * The private key in {@code file}; {@code password} decrypts an encrypted PKCS #8 key. Refused
   * when the file is readable by group or others (root-owned files may be group-readable, as in
   * libpq).
   */
  static PrivateKey privateKey(String file, String password) {
    checkPermissions(Path.of(file));
    byte[] bytes = read(file, "sslkey");
    Block block = firstBlock(new String(bytes, StandardCharsets.US_ASCII), file);
    byte[] pkcs8;
    switch (block.label()) {
      case "PRIVATE KEY":
        pkcs8 = block.der();
        break;
      case "RSA PRIVATE KEY":
        pkcs8 = rsaPkcs1ToPkcs8(block.der());
        break;
      case "ENCRYPTED PRIVATE KEY":
        pkcs8 = decrypt(block.der(), password, file);
        break;
      default:
        throw new PgException(
            "08001",
            "sslkey file \""
                + file
                + "\" holds a \""
                + block.label()
                + "\" block; Sluice reads PKCS #8 (PRIVATE KEY, ENCRYPTED PRIVATE KEY) and PKCS #1"
                + " RSA keys (convert others with openssl pkcs8 -topk8)");
    }
    for (String algorithm : new String[] {"RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS"}) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
      } catch (GeneralSecurityException e) {
        // not this algorithm: try the next
      }
    }
    throw new PgException(
        "08001", "sslkey file \"" + file + "\" holds a key of an algorithm the JDK cannot read");
  }

  private static void checkPermissions(Path file) {
    PosixFileAttributes a;
    try {
      a = Files.readAttributes(file, PosixFileAttributes.class);
    } catch (UnsupportedOperationException e) {
      return; // not a POSIX file system (Windows): libpq does not check there either
    } catch (IOException e) {
      throw new PgException(
          "08001", "could not read sslkey file \"" + file + "\": " + e.getMessage(), null, e);
    }
    Set<PosixFilePermission> p = a.permissions();
    boolean others =
        p.contains(PosixFilePermission.OTHERS_READ)
            || p.contains(PosixFilePermission.OTHERS_WRITE)
            || p.contains(PosixFilePermission.OTHERS_EXECUTE);
    boolean group =
        p.contains(PosixFilePermission.GROUP_READ)
            || p.contains(PosixFilePermission.GROUP_WRITE)
            || p.contains(PosixFilePermission.GROUP_EXECUTE);
    boolean rootOwned = a.owner().getName().equals("root");
    boolean groupOk =
        rootOwned
            && !p.contains(PosixFilePermission.GROUP_WRITE)
            && !p.contains(PosixFilePermission.GROUP_EXECUTE);
    if (others || (group && !groupOk)) {
      throw new PgException(
          "08001",
          "private key file \""
              + file
              + "\" has group or world access; file must have permissions u=rw (0600) or less if"
              + " owned by the current user, or permissions u=rw,g=r (0640) or less if owned by"
              + " root");
    }
  }

  private static byte[] read(String file, String keyword) {
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

  private static Block firstBlock(String text, String file) {
    int begin = text.indexOf("-----BEGIN ");
    int labelEnd = begin < 0 ? -1 : text.indexOf("-----", begin + 11);
    if (labelEnd < 0) {
      throw new PgException("08001", "sslkey file \"" + file + "\" is not PEM");
    }
    String label = text.substring(begin + 11, labelEnd);
    String endMarker = "-----END " + label + "-----";
    int end = text.indexOf(endMarker, labelEnd);
    if (end < 0) {
      throw new PgException("08001", "sslkey file \"" + file + "\" has no " + endMarker);
    }
    String body = text.substring(labelEnd + 5, end);
    if (body.contains("Proc-Type:")) {
      throw new PgException(
          "08001",
          "sslkey file \""
              + file
              + "\" is encrypted the legacy OpenSSL way (Proc-Type/DEK-Info), which the JDK cannot"
              + " read; convert it with openssl pkcs8 -topk8");
    }
    try {
      return new Block(label, Base64.getMimeDecoder().decode(body));
    } catch (IllegalArgumentException e) {
      throw new PgException("08001", "sslkey file \"" + file + "\" is not valid base64 PEM");
    }
  }

  private static byte[] decrypt(byte[] der, String password, String file) {
    if (password == null) {
      throw new PgException(
          "08001", "sslkey file \"" + file + "\" is encrypted and no sslpassword was given");
    }
    try {
      EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(der);
      AlgorithmParameters params = info.getAlgParameters();
      // For PBES2 the parameters name the real scheme (PBEWithHmacSHA256AndAES_256).
      String algorithm = params != null ? params.toString() : info.getAlgName();
      PBEKeySpec spec = new PBEKeySpec(password.toCharArray());
      try {
        Cipher cipher = Cipher.getInstance(algorithm);
        cipher.init(
            Cipher.DECRYPT_MODE,
            SecretKeyFactory.getInstance(algorithm).generateSecret(spec),
            params);
        return info.getKeySpec(cipher).getEncoded();
      } finally {
        spec.clearPassword();
      }
    } catch (GeneralSecurityException | IOException e) {
      // The message of a failed decryption says nothing of the password; keep it out anyway.
      throw new PgException(
          "08001",
          "could not decrypt sslkey file \""
              + file
              + "\" (wrong sslpassword, or an encryption the JDK lacks)");
    }
  }

  /**
   * Wraps a PKCS #1 RSAPrivateKey in PKCS #8's PrivateKeyInfo: SEQUENCE { INTEGER 0, SEQUENCE {
   * rsaEncryption OID, NULL }, OCTET STRING pkcs1 }.
   */
  static byte[] rsaPkcs1ToPkcs8(byte[] pkcs1) {
    byte[] version = {0x02, 0x01, 0x00};
    byte[] algorithm = {
      0x30,
      0x0d,
      0x06,
      0x09,
      0x2a,
      (byte) 0x86,
      0x48,
      (byte) 0x86,
      (byte) 0xf7,
      0x0d,
      0x01,
      0x01,
      0x01,
      0x05,
      0x00
    };
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(version);
    body.writeBytes(algorithm);
    body.writeBytes(tlv(0x04, pkcs1));
    return tlv(0x30, body.toByteArray());
  }

  private static byte[] tlv(int tag, byte[] value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int n = value.length;
    if (n < 0x80) {
      out.write(n);
    } else if (n < 0x100) {
      out.write(0x81);
      out.write(n);
    } else if (n < 0x10000) {
      out.write(0x82);
      out.write(n >> 8);
      out.write(n);
    } else {
      out.write(0x83);
      out.write(n >> 16);
      out.write(n >> 8);
      out.write(n);
    }
    out.writeBytes(value);
    return out.toByteArray();
  }
}
