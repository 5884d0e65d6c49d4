package dev.sluice.driver.tls;

import dev.sluice.PgException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Reads sslkey's private key in the forms OpenSSL writes and libpq therefore reads, with the JDK
 * alone: PKCS #8 ({@code PRIVATE KEY}), encrypted PKCS #8 ({@code ENCRYPTED PRIVATE KEY}), and the
 * "traditional" forms, PKCS #1 RSA ({@code RSA PRIVATE KEY}, {@code openssl genrsa}) and SEC1 EC
 * ({@code EC PRIVATE KEY}, {@code openssl ecparam -genkey}), each plain or encrypted the legacy way
 * ({@code Proc-Type: 4,ENCRYPTED} and {@code DEK-Info}, {@code openssl rsa|ec -aes256}).
 *
 * <p>The JDK's KeyFactory reads only PKCS #8, so the traditional forms are wrapped into a
 * PrivateKeyInfo (for SEC1 with the curve's OID from the key's own parameters). Legacy encryption
 * derives the key with OpenSSL's EVP_BytesToKey (MD5, one round, the first 8 bytes of the IV as
 * salt) and decrypts with CBC and PKCS #5 padding. A wrong sslpassword is reported naming the key
 * file and never the password; a key file readable by group or others is refused first, as libpq
 * refuses it.
 */
public final class PemKeys {
  private PemKeys() {}

  /** id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480), as a DER OBJECT IDENTIFIER. */
  private static final byte[] EC_PUBLIC_KEY = {
    0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01
  };

  /** rsaEncryption, 1.2.840.113549.1.1.1, as a DER OBJECT IDENTIFIER. */
  private static final byte[] RSA_ENCRYPTION = {
    0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01
  };

  private static final byte[] DER_NULL = {Der.NULL, 0x00};
  private static final byte[] VERSION_0 = {Der.INTEGER, 0x01, 0x00};

  /** A legacy DEK-Info cipher: its JDK transformation, key and IV sizes. */
  private record LegacyCipher(
      String name, String transformation, String keyAlgorithm, int keyLength, int ivLength) {}

  private static final List<LegacyCipher> LEGACY_CIPHERS =
      List.of(
          new LegacyCipher("AES-128-CBC", "AES/CBC/PKCS5Padding", "AES", 16, 16),
          new LegacyCipher("AES-192-CBC", "AES/CBC/PKCS5Padding", "AES", 24, 16),
          new LegacyCipher("AES-256-CBC", "AES/CBC/PKCS5Padding", "AES", 32, 16),
          new LegacyCipher("DES-EDE3-CBC", "DESede/CBC/PKCS5Padding", "DESede", 24, 8),
          new LegacyCipher("DES-CBC", "DES/CBC/PKCS5Padding", "DES", 8, 8));

  /** A PEM key block: its label, DER (still encrypted if {@code dekInfo} is set), DEK-Info. */
  private record KeyBlock(String label, byte[] der, String dekInfo) {}

  /**
   * The private key in {@code file}; {@code password} decrypts an encrypted one. Refused when the
   * file is readable by group or others (root-owned files may be group-readable, as in libpq).
   */
  public static PrivateKey privateKey(String file, String password) {
    checkPermissions(Path.of(file));
    byte[] bytes = PemFiles.read(file, "sslkey");
    KeyBlock block = keyBlock(new String(bytes, StandardCharsets.US_ASCII), file);
    byte[] der = block.der();
    if (block.dekInfo() != null) {
      der = decryptLegacy(block, password, file);
    }
    try {
      switch (block.label()) {
        case "PRIVATE KEY":
          return anyKey(der, file);
        case "ENCRYPTED PRIVATE KEY":
          return anyKey(decryptPkcs8(der, password, file), file);
        case "RSA PRIVATE KEY":
          return key("RSA", rsaPkcs1ToPkcs8(der));
        case "EC PRIVATE KEY":
          return key("EC", sec1ToPkcs8(der, file));
        default:
          throw new PgException(
              "08001",
              "sslkey file \""
                  + file
                  + "\" holds a \""
                  + block.label()
                  + "\" block; Sluice reads PKCS #8 (PRIVATE KEY, ENCRYPTED PRIVATE KEY), PKCS #1"
                  + " RSA and SEC1 EC keys (convert others with openssl pkcs8 -topk8)");
      }
    } catch (IllegalArgumentException | GeneralSecurityException e) {
      if (block.dekInfo() != null) {
        // Padding that happened to check out under a wrong password leaves garbage DER.
        throw wrongPassword(file, block.dekInfo().split(",", 2)[0].trim());
      }
      throw new PgException(
          "08001",
          "sslkey file \""
              + file
              + "\" holds a malformed "
              + block.label()
              + ": "
              + e.getMessage());
    }
  }

  private static PrivateKey key(String algorithm, byte[] pkcs8) throws GeneralSecurityException {
    return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
  }

  /** A PKCS #8 key of whichever algorithm the JDK recognizes in it. */
  private static PrivateKey anyKey(byte[] pkcs8, String file) {
    for (String algorithm : new String[] {"RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS"}) {
      try {
        return key(algorithm, pkcs8);
      } catch (GeneralSecurityException e) {
        // not this algorithm: try the next
      }
    }
    throw new PgException(
        "08001", "sslkey file \"" + file + "\" holds a key of an algorithm the JDK cannot read");
  }

  /**
   * The first block whose label ends in PRIVATE KEY; others before it (such as the EC PARAMETERS
   * block {@code openssl ecparam -genkey} writes without -noout) are skipped, as OpenSSL skips
   * them.
   */
  private static KeyBlock keyBlock(String text, String file) {
    int from = 0;
    while (true) {
      int begin = text.indexOf("-----BEGIN ", from);
      int labelEnd = begin < 0 ? -1 : text.indexOf("-----", begin + 11);
      if (labelEnd < 0) {
        throw new PgException(
            "08001",
            "sslkey file \""
                + file
                + "\" holds no PEM private key (no -----BEGIN … PRIVATE KEY----- block)");
      }
      String label = text.substring(begin + 11, labelEnd);
      String endMarker = "-----END " + label + "-----";
      int end = text.indexOf(endMarker, labelEnd);
      if (end < 0) {
        throw new PgException("08001", "sslkey file \"" + file + "\" has no " + endMarker);
      }
      if (label.endsWith("PRIVATE KEY")) {
        return block(label, text.substring(labelEnd + 5, end), file);
      }
      from = end + endMarker.length();
    }
  }

  /** Splits RFC 1421 headers (Proc-Type, DEK-Info), if any, from the base64 body. */
  private static KeyBlock block(String label, String body, String file) {
    String dekInfo = null;
    String base64 = body;
    if (body.contains("Proc-Type:")) {
      boolean encrypted = false;
      String[] lines = body.split("\r?\n", -1);
      int i = 0;
      while (i < lines.length && lines[i].isBlank()) {
        i++;
      }
      for (; i < lines.length && !lines[i].isBlank(); i++) {
        int colon = lines[i].indexOf(':');
        if (colon < 0) {
          throw new PgException(
              "08001", "sslkey file \"" + file + "\" has Proc-Type but no blank line after it");
        }
        String name = lines[i].substring(0, colon).trim();
        String value = lines[i].substring(colon + 1).trim();
        if (name.equals("Proc-Type")) {
          encrypted = value.equals("4,ENCRYPTED");
        } else if (name.equals("DEK-Info")) {
          dekInfo = value;
        }
      }
      if (!encrypted || dekInfo == null) {
        throw new PgException(
            "08001",
            "sslkey file \""
                + file
                + "\" has PEM headers other than Proc-Type: 4,ENCRYPTED with a DEK-Info");
      }
      base64 = String.join("\n", Arrays.copyOfRange(lines, i, lines.length));
    }
    try {
      return new KeyBlock(label, Base64.getMimeDecoder().decode(base64), dekInfo);
    } catch (IllegalArgumentException e) {
      throw new PgException("08001", "sslkey file \"" + file + "\" is not valid base64 PEM");
    }
  }

  /** OpenSSL's legacy PEM encryption: DEK-Info's cipher, EVP_BytesToKey(MD5) of the password. */
  private static byte[] decryptLegacy(KeyBlock block, String password, String file) {
    String dekInfo = block.dekInfo();
    int comma = dekInfo.indexOf(',');
    String name = comma < 0 ? dekInfo : dekInfo.substring(0, comma).trim();
    LegacyCipher cipher = null;
    for (LegacyCipher c : LEGACY_CIPHERS) {
      if (c.name().equalsIgnoreCase(name)) {
        cipher = c;
      }
    }
    if (cipher == null) {
      throw new PgException(
          "08001",
          "sslkey file \""
              + file
              + "\" is encrypted with "
              + name
              + ", which Sluice does not read (AES-128/192/256-CBC, DES-EDE3-CBC and DES-CBC;"
              + " convert it with openssl pkcs8 -topk8 -v2 aes-256-cbc)");
    }
    byte[] iv;
    try {
      iv = HexFormat.of().parseHex(dekInfo.substring(comma + 1).trim());
    } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
      iv = new byte[0];
    }
    if (iv.length != cipher.ivLength()) {
      throw new PgException(
          "08001",
          "sslkey file \""
              + file
              + "\" has a DEK-Info without a "
              + cipher.ivLength()
              + "-byte hex IV for "
              + cipher.name());
    }
    if (password == null) {
      throw noPassword(file);
    }
    byte[] secret = password.getBytes(StandardCharsets.UTF_8);
    byte[] key = null;
    try {
      key = bytesToKey(secret, Arrays.copyOf(iv, 8), cipher.keyLength());
      Cipher c = Cipher.getInstance(cipher.transformation());
      c.init(
          Cipher.DECRYPT_MODE,
          new SecretKeySpec(key, cipher.keyAlgorithm()),
          new IvParameterSpec(iv));
      return c.doFinal(block.der());
    } catch (BadPaddingException e) {
      throw wrongPassword(file, cipher.name());
    } catch (GeneralSecurityException e) {
      throw new PgException(
          "08001",
          "could not decrypt sslkey file \""
              + file
              + "\" ("
              + cipher.name()
              + "): "
              + e.getMessage(),
          null,
          e);
    } finally {
      Arrays.fill(secret, (byte) 0);
      if (key != null) {
        Arrays.fill(key, (byte) 0);
      }
    }
  }

  /**
   * OpenSSL's EVP_BytesToKey with MD5 and one iteration: D1 = MD5(password ‖ salt), Di = MD5(Di-1 ‖
   * password ‖ salt), concatenated until there are {@code length} bytes.
   */
  static byte[] bytesToKey(byte[] password, byte[] salt, int length)
      throws GeneralSecurityException {
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    byte[] key = new byte[length];
    byte[] previous = new byte[0];
    int filled = 0;
    while (filled < length) {
      md5.update(previous);
      md5.update(password);
      md5.update(salt);
      previous = md5.digest();
      int n = Math.min(previous.length, length - filled);
      System.arraycopy(previous, 0, key, filled, n);
      filled += n;
    }
    Arrays.fill(previous, (byte) 0);
    return key;
  }

  private static byte[] decryptPkcs8(byte[] der, String password, String file) {
    if (password == null) {
      throw noPassword(file);
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

  private static PgException noPassword(String file) {
    return new PgException(
        "08001", "sslkey file \"" + file + "\" is encrypted and no sslpassword was given");
  }

  private static PgException wrongPassword(String file, String cipher) {
    return new PgException(
        "08001",
        "could not decrypt sslkey file \"" + file + "\" (" + cipher + "): wrong sslpassword");
  }

  /**
   * Wraps a PKCS #1 RSAPrivateKey in PKCS #8's PrivateKeyInfo: SEQUENCE { INTEGER 0, SEQUENCE {
   * rsaEncryption, NULL }, OCTET STRING pkcs1 }.
   */
  static byte[] rsaPkcs1ToPkcs8(byte[] pkcs1) {
    Der.Element key = Der.parse(pkcs1);
    if (key.tag() != Der.SEQUENCE) {
      throw new IllegalArgumentException("an RSAPrivateKey is a SEQUENCE");
    }
    return Der.tlv(
        Der.SEQUENCE,
        VERSION_0,
        Der.tlv(Der.SEQUENCE, RSA_ENCRYPTION, DER_NULL),
        Der.tlv(Der.OCTET_STRING, pkcs1));
  }

  /**
   * Wraps a SEC1 ECPrivateKey (RFC 5915: SEQUENCE { INTEGER 1, OCTET STRING key, [0] parameters
   * OPTIONAL, [1] publicKey OPTIONAL }) in a PrivateKeyInfo whose algorithm is id-ecPublicKey with
   * the key's own parameters (the named curve's OID). A key without [0] does not say its curve.
   */
  static byte[] sec1ToPkcs8(byte[] sec1, String file) {
    Der.Element key = Der.parse(sec1);
    List<Der.Element> fields = key.tag() == Der.SEQUENCE ? key.children() : List.of();
    if (fields.size() < 2
        || fields.get(0).tag() != Der.INTEGER
        || fields.get(1).tag() != Der.OCTET_STRING) {
      throw new IllegalArgumentException("not an ECPrivateKey (RFC 5915)");
    }
    byte[] parameters = null;
    for (Der.Element field : fields.subList(2, fields.size())) {
      if (field.tag() == Der.CONTEXT_0) {
        List<Der.Element> inner = field.children();
        if (inner.size() != 1) {
          throw new IllegalArgumentException(
              "ECPrivateKey parameters [0] hold " + inner.size() + " elements");
        }
        parameters = inner.get(0).encoded();
      }
    }
    if (parameters == null) {
      throw new PgException(
          "08001",
          "sslkey file \""
              + file
              + "\" holds an EC key without its curve (no parameters); write it with the curve,"
              + " e.g. openssl ec -param_out, or as PKCS #8 with openssl pkcs8 -topk8");
    }
    if (parameters[0] != Der.OBJECT_IDENTIFIER) {
      throw new PgException(
          "08001",
          "sslkey file \""
              + file
              + "\" holds an EC key with explicit curve parameters; the JDK reads only named"
              + " curves (write it with openssl ec -param_enc named_curve)");
    }
    return Der.tlv(
        Der.SEQUENCE,
        VERSION_0,
        Der.tlv(Der.SEQUENCE, EC_PUBLIC_KEY, parameters),
        Der.tlv(Der.OCTET_STRING, sec1));
  }

  private static void checkPermissions(Path file) {
    PosixFileAttributes a;
    try {
      a = Files.readAttributes(file, PosixFileAttributes.class);
    } catch (UnsupportedOperationException e) {
      return; // not a POSIX file system (Windows): libpq does not check there either
    } catch (IOException e) {
      throw PemFiles.unreadable("sslkey", file, e);
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
}
