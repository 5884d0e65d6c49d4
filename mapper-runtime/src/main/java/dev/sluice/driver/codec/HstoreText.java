package dev.sluice.driver.codec;

import dev.sluice.PgException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * hstore (the contrib extension's key/value type) in its text form, both ways: {@code "a"=>"1",
 * "b"=>NULL}. The extension's OID differs per database and its binary form needs it at bind, so the
 * text form is what Sluice sends and reads; every key and value is written double-quoted, with
 * {@code "} and {@code \} escaped by a backslash, which hstore's input reads back exactly.
 */
public final class HstoreText {
  private HstoreText() {}

  /** The text of {@code map}: keys must be non-null Strings, values Strings or null. */
  public static String format(Map<?, ?> map) {
    StringBuilder out = new StringBuilder(map.size() * 16);
    for (Map.Entry<?, ?> e : map.entrySet()) {
      Object k = e.getKey();
      Object v = e.getValue();
      if (!(k instanceof String key) || (v != null && !(v instanceof String))) {
        String holds =
            k == null
                ? "a null key"
                : k.getClass().getName() + " → " + (v == null ? "null" : v.getClass().getName());
        throw new PgException(
            "42804",
            "a Map parameter is bound as hstore, whose keys must be non-null Strings and values"
                + " Strings or null; it holds "
                + holds);
      }
      if (out.length() > 0) {
        out.append(", ");
      }
      TextArray.quoted(out, key);
      out.append("=>");
      if (v == null) {
        out.append("NULL");
      } else {
        TextArray.quoted(out, (String) v);
      }
    }
    return out.toString();
  }

  /**
   * The pairs of hstore's output, in the server's order: {@code "k"=>"v"} or {@code "k"=>NULL},
   * separated by {@code ", "}. Anything else fails with 08P01: the server never sends it.
   */
  public static Map<String, String> parse(String text) {
    Map<String, String> map = new LinkedHashMap<>();
    int[] at = {0};
    int n = text.length();
    skipSpaces(text, at);
    while (at[0] < n) {
      String key = quoted(text, at);
      skipSpaces(text, at);
      if (!text.startsWith("=>", at[0])) {
        throw malformed(text);
      }
      at[0] += 2;
      skipSpaces(text, at);
      String value;
      if (text.regionMatches(true, at[0], "NULL", 0, 4)) {
        at[0] += 4;
        value = null;
      } else {
        value = quoted(text, at);
      }
      map.put(key, value);
      skipSpaces(text, at);
      if (at[0] < n) {
        if (text.charAt(at[0]) != ',') {
          throw malformed(text);
        }
        at[0]++;
        skipSpaces(text, at);
      }
    }
    return map;
  }

  private static String quoted(String text, int[] at) {
    int i = at[0];
    if (i >= text.length() || text.charAt(i) != '"') {
      throw malformed(text);
    }
    StringBuilder s = new StringBuilder();
    for (i++; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        if (++i == text.length()) {
          break;
        }
        s.append(text.charAt(i));
      } else if (c == '"') {
        at[0] = i + 1;
        return s.toString();
      } else {
        s.append(c);
      }
    }
    throw malformed(text);
  }

  private static void skipSpaces(String text, int[] at) {
    while (at[0] < text.length() && Character.isWhitespace(text.charAt(at[0]))) {
      at[0]++;
    }
  }

  private static PgException malformed(String text) {
    return new PgException(
        "08P01",
        "malformed hstore text from the server: "
            + (text.length() > 60 ? text.substring(0, 60) + "…" : text));
  }
}
