package dev.sluice;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * How many bytes a string takes in the server's encoding (the server_encoding a session reports),
 * for the limits PostgreSQL counts in bytes: a channel name's 63 (NAMEDATALEN - 1), a NOTIFY
 * payload's 7,999. Sluice's sessions are UTF8 on the client side; the server converts, and counts
 * after converting. SQL_ASCII stores the client's bytes as they come.
 */
final class ServerEncodings {
  private ServerEncodings() {}

  static int byteLength(String s, String serverEncoding) {
    return s.getBytes(charset(serverEncoding)).length;
  }

  /**
   * The Java charset of a PostgreSQL server encoding name; UTF-8 for UTF8, SQL_ASCII or unknown.
   */
  static Charset charset(String serverEncoding) {
    if (serverEncoding == null) {
      return StandardCharsets.UTF_8;
    }
    String e = serverEncoding.toUpperCase(Locale.ROOT);
    String java;
    if (e.equals("UTF8") || e.equals("SQL_ASCII")) {
      return StandardCharsets.UTF_8;
    } else if (e.startsWith("LATIN")) {
      int n = Integer.parseInt(e.substring(5));
      // LATIN1-4 are ISO-8859-1..4, LATIN5 is -9, LATIN6 -10, LATIN7 -13, LATIN8 -14, LATIN9 -15,
      // LATIN10 -16.
      int[] part = {0, 1, 2, 3, 4, 9, 10, 13, 14, 15, 16};
      java = "ISO-8859-" + part[n];
    } else if (e.startsWith("ISO_8859_")) {
      java = "ISO-8859-" + e.substring(9);
    } else if (e.startsWith("WIN")) {
      java = "windows-" + e.substring(3);
    } else if (e.equals("KOI8R")) {
      java = "KOI8-R";
    } else if (e.equals("KOI8U")) {
      java = "KOI8-U";
    } else {
      java = e.replace('_', '-'); // EUC_JP, EUC_KR, EUC_CN, GB18030, …
    }
    try {
      return Charset.forName(java);
    } catch (IllegalArgumentException unknown) {
      return StandardCharsets.UTF_8;
    }
  }
}
