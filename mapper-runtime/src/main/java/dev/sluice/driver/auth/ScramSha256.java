package dev.sluice.driver.auth;

import dev.sluice.PgException;
import dev.sluice.driver.PgConnection;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The client side of SCRAM-SHA-256 and SCRAM-SHA-256-PLUS (RFC 5802, RFC 7677) as PostgreSQL runs
 * it: channel binding tls-server-end-point when the caller gives its data, the user name left empty
 * in client-first because the startup message already carries it. The server's signature is always
 * verified: a server that cannot prove it knows the password fails the connection.
 *
 * <p>The iteration count is the server's to choose, so it is bounded: above the configured ceiling
 * (scram_max_iterations) the exchange is refused before any round is computed, below 4,096 (what
 * PostgreSQL uses by default, and the least RFC 7677 advises) it is allowed with a warning, as
 * PostgreSQL 16's scram_iterations may set it lower. PBKDF2 is computed here, on HmacSHA256, rather
 * than by the JDK's PBKDF2WithHmacSHA256, so that it can stop at the connect deadline: the JDK's
 * runs to the end whatever the deadline.
 *
 * <p>Built on the JDK's HmacSHA256. The password is prepared with NFKC normalization (the core of
 * SASLprep); PostgreSQL itself falls back to the raw bytes when SASLprep fails, so ASCII passwords,
 * the common case, are exact either way.
 */
final class ScramSha256 {
  static final String MECHANISM = "SCRAM-SHA-256";
  static final String MECHANISM_PLUS = "SCRAM-SHA-256-PLUS";

  /** GS2 header for channel binding in use (the mechanism is then SCRAM-SHA-256-PLUS). */
  static final String GS2_BINDING = "p=tls-server-end-point,,";

  /** GS2 header: the client could bind but the server offered no -PLUS (RFC 5802 section 6). */
  static final String GS2_SERVER_CANNOT = "y,,";

  /** GS2 header: no channel binding on the client side. */
  static final String GS2_NONE = "n,,";

  /** Below this many iterations a warning is logged (PostgreSQL's default, RFC 7677's minimum). */
  static final int LOW_ITERATIONS = 4096;

  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  private final String password;
  private final String gs2Header;

  /** The channel binding data (with {@link #GS2_BINDING}), else empty. */
  private final byte[] bindingData;

  private final int maxIterations;
  private final BooleanSupplier deadlinePassed;
  private final String clientNonce;
  private String clientFirstBare;
  private byte[] serverSignature;

  ScramSha256(
      String password,
      String gs2Header,
      byte[] bindingData,
      int maxIterations,
      BooleanSupplier deadlinePassed) {
    this.password = password;
    this.gs2Header = gs2Header;
    this.bindingData = bindingData;
    this.maxIterations = maxIterations;
    this.deadlinePassed = deadlinePassed;
    byte[] nonce = new byte[18];
    new SecureRandom().nextBytes(nonce);
    this.clientNonce = Base64.getEncoder().encodeToString(nonce);
  }

  /** client-first-message: the GS2 header and the bare part. */
  byte[] clientFirstMessage() {
    clientFirstBare = "n=,r=" + clientNonce;
    return (gs2Header + clientFirstBare).getBytes(StandardCharsets.UTF_8);
  }

  /** client-final-message for the server-first-message {@code r=…,s=…,i=…}. */
  byte[] clientFinalMessage(String serverFirst) {
    String nonce = attribute(serverFirst, 'r');
    String salt = attribute(serverFirst, 's');
    String iterations = attribute(serverFirst, 'i');
    if (!nonce.startsWith(clientNonce) || nonce.length() == clientNonce.length()) {
      throw new PgException("08P01", "SCRAM server nonce does not extend the client nonce");
    }
    int i;
    try {
      i = Integer.parseInt(iterations);
    } catch (NumberFormatException e) {
      throw new PgException("08P01", "SCRAM iteration count is not a number");
    }
    if (i < 1) {
      throw new PgException("08P01", "SCRAM iteration count " + i + " < 1");
    }
    if (i > maxIterations) {
      throw new PgException(
          "28000",
          "the server asks for "
              + i
              + " SCRAM iterations, more than scram_max_iterations ("
              + maxIterations
              + "); refusing before computing any (raise scram_max_iterations if the server is"
              + " really set up so)");
    }
    if (i < LOW_ITERATIONS) {
      LOG.log(
          System.Logger.Level.WARNING,
          "the server asks for only {0} SCRAM iterations (fewer than {1}): its password verifier"
              + " is cheap to attack",
          Integer.toString(i),
          Integer.toString(LOW_ITERATIONS));
    }
    byte[] header = gs2Header.getBytes(StandardCharsets.US_ASCII);
    byte[] cbind = new byte[header.length + bindingData.length];
    System.arraycopy(header, 0, cbind, 0, header.length);
    System.arraycopy(bindingData, 0, cbind, header.length, bindingData.length);
    String withoutProof = "c=" + Base64.getEncoder().encodeToString(cbind) + ",r=" + nonce;
    String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
    try {
      byte[] saltedPassword = pbkdf2(normalize(password), Base64.getDecoder().decode(salt), i);
      byte[] clientKey = hmac(saltedPassword, "Client Key");
      byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
      byte[] clientSignature = hmac(storedKey, authMessage);
      byte[] proof = new byte[clientKey.length];
      for (int k = 0; k < proof.length; k++) {
        proof[k] = (byte) (clientKey[k] ^ clientSignature[k]);
      }
      byte[] serverKey = hmac(saltedPassword, "Server Key");
      serverSignature = hmac(serverKey, authMessage);
      return (withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof))
          .getBytes(StandardCharsets.UTF_8);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new PgException("08P01", "SCRAM exchange failed: " + e.getMessage());
    }
  }

  /** Checks server-final-message {@code v=…} against the signature we computed. */
  void verifyServerFinal(String serverFinal) {
    if (serverFinal.startsWith("e=")) {
      throw new PgException("28P01", "SCRAM authentication failed: " + serverFinal.substring(2));
    }
    byte[] v;
    try {
      v = Base64.getDecoder().decode(attribute(serverFinal, 'v'));
    } catch (IllegalArgumentException e) {
      throw new PgException("08P01", "SCRAM server signature is not base64");
    }
    if (serverSignature == null || !MessageDigest.isEqual(v, serverSignature)) {
      throw new PgException(
          "28000",
          "the server's SCRAM signature is wrong: it does not know the password; connection refused");
    }
  }

  private static String attribute(String message, char name) {
    for (String part : message.split(",")) {
      if (part.length() >= 2 && part.charAt(0) == name && part.charAt(1) == '=') {
        return part.substring(2);
      }
    }
    throw new PgException("08P01", "SCRAM message lacks attribute " + name);
  }

  /**
   * PBKDF2-HMAC-SHA-256 of one block (RFC 8018 §5.2; SCRAM's key is one hash long): U1 =
   * HMAC(password, salt || 1), Un = HMAC(password, Un-1), the key their XOR. Checks the deadline
   * every 4,096 rounds.
   */
  private byte[] pbkdf2(String password, byte[] salt, int iterations)
      throws GeneralSecurityException {
    byte[] key = password.getBytes(StandardCharsets.UTF_8);
    if (key.length == 0) {
      throw new PgException("28P01", "the password is empty; SCRAM needs a password");
    }
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    Arrays.fill(key, (byte) 0);
    mac.update(salt);
    byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
    byte[] result = u.clone();
    for (int n = 1; n < iterations; n++) {
      if ((n & 4095) == 0 && deadlinePassed.getAsBoolean()) {
        throw new PgException(
            "08006",
            "the connect deadline passed after "
                + n
                + " of the server's "
                + iterations
                + " SCRAM iterations");
      }
      mac.update(u);
      mac.doFinal(u, 0);
      for (int k = 0; k < result.length; k++) {
        result[k] ^= u[k];
      }
    }
    return result;
  }

  private static byte[] hmac(byte[] key, String data) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
  }

  /** SASLprep's core: non-ASCII spaces to space, "mapped to nothing" characters dropped, NFKC. */
  static String normalize(String password) {
    boolean ascii = true;
    for (int i = 0; i < password.length(); i++) {
      if (password.charAt(i) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      return password;
    }
    StringBuilder sb = new StringBuilder(password.length());
    for (int i = 0; i < password.length(); i++) {
      char c = password.charAt(i);
      if (c == 0x00AD
          || c == 0x034F
          || c == 0x1806
          || (c >= 0x180B && c <= 0x180D)
          || c == 0x200B
          || c == 0x200C
          || c == 0x200D
          || c == 0x2060
          || (c >= 0xFE00 && c <= 0xFE0F)
          || c == 0xFEFF) {
        continue;
      }
      sb.append(Character.isSpaceChar(c) ? ' ' : c);
    }
    return Normalizer.normalize(sb, Normalizer.Form.NFKC);
  }
}
