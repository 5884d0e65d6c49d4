package dev.sluice.driver.auth;

import dev.sluice.PgException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/** The response to AuthenticationMD5Password. MD5 is weak; servers should use SCRAM-SHA-256. */
final class Md5Password {
  private Md5Password() {}

  /** MD5 password response: "md5" + hex(md5(hex(md5(password + user)) + salt)). */
  static byte[] response(String user, String password, byte[] salt) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      byte[] inner = hex(md5.digest((password + user).getBytes(StandardCharsets.UTF_8)));
      md5.update(inner);
      md5.update(salt);
      byte[] outer = hex(md5.digest());
      byte[] out = new byte[3 + outer.length];
      out[0] = 'm';
      out[1] = 'd';
      out[2] = '5';
      System.arraycopy(outer, 0, out, 3, outer.length);
      return out;
    } catch (GeneralSecurityException e) {
      throw new PgException("08001", "MD5 is not available in this JVM: " + e.getMessage());
    }
  }

  private static byte[] hex(byte[] bytes) {
    byte[] out = new byte[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = (byte) Character.forDigit((bytes[i] >> 4) & 0xf, 16);
      out[2 * i + 1] = (byte) Character.forDigit(bytes[i] & 0xf, 16);
    }
    return out;
  }
}
