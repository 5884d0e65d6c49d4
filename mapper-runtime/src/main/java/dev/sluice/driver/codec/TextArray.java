package dev.sluice.driver.codec;

import dev.sluice.PgException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the text form of a one-dimensional array, as the server's {@code array_out} writes it, and
 * writes it ({@link #format}): {@code {a,"b c",NULL,"say \"hi\""}}; explicit bounds ({@code
 * [0:2]={…}}), which a List cannot keep, are refused (0A000). Parsing serves arrays of types the
 * driver reads as text (geometric types, and other types created in the database), whose elements
 * are returned as the strings between the delimiters; formatting serves {@code getString} on enum
 * arrays, which arrive in binary. The delimiter is the element type's (typdelim: ';' for box, whose
 * elements hold commas), given by the caller.
 */
public final class TextArray {
  private TextArray() {}

  /** Whether the text is an array literal this parser reads. */
  public static boolean looksLikeArray(byte[] b, int off, int len) {
    return len >= 2 && (b[off] == '{' || b[off] == '[');
  }

  /**
   * The elements, unquoted and unescaped, of an array whose elements are separated by {@code
   * delimiter} (see {@link Oids#textArrayDelimiter}); NULL elements are null.
   */
  public static List<String> parse(byte[] b, int off, int len, char delimiter) {
    int p = off;
    int end = off + len;
    if (p < end && b[p] == '[') {
      // Explicit bounds ([lower:upper]={...}): array_out writes them only for a lower bound other
      // than 1, which a List cannot keep.
      while (p < end && b[p] != '=') {
        if (b[p] == '{') {
          throw malformed(b, off, len, "bounds without '='");
        }
        p++;
      }
      String bounds = Bytes.utf8(b, off, Math.min(p - off, 80));
      int colon = bounds.indexOf(':');
      int lower = 1;
      try {
        lower = Integer.parseInt(bounds.substring(1, colon < 0 ? 1 : colon));
      } catch (NumberFormatException e) {
        throw malformed(b, off, len, "bounds that are no numbers");
      }
      throw BinaryCodec.lowerBound(bounds, lower);
    }
    if (p >= end || b[p] != '{' || b[end - 1] != '}') {
      throw malformed(b, off, len, "not enclosed in braces");
    }
    p++;
    int close = end - 1;
    List<String> out = new ArrayList<>();
    if (p == close) {
      return out;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (; ; ) {
      bytes.reset();
      boolean quoted = false;
      if (b[p] == '{') {
        throw new PgException("0A000", "arrays of more than one dimension are not supported");
      }
      if (b[p] == '"') {
        quoted = true;
        p++;
        while (p < close && b[p] != '"') {
          if (b[p] == '\\') {
            p++;
          }
          bytes.write(b[p]);
          p++;
        }
        if (p >= close) {
          throw malformed(b, off, len, "unterminated quoted element");
        }
        p++; // closing quote
      } else {
        while (p < close && b[p] != delimiter) {
          if (b[p] == '\\' && ++p == close) {
            throw malformed(b, off, len, "a backslash before the closing brace");
          }
          bytes.write(b[p]);
          p++;
        }
      }
      String element = bytes.toString(StandardCharsets.UTF_8);
      out.add(!quoted && element.equalsIgnoreCase("NULL") ? null : element);
      if (p == close) {
        return out;
      }
      if (b[p] != delimiter) {
        throw malformed(b, off, len, "expected '" + delimiter + "' after an element");
      }
      p++;
    }
  }

  /**
   * The text {@code array_out} writes for an array of text-like elements ({@code nested}: Strings,
   * nulls, and Lists of them for further dimensions, as {@link NestedArrays} reads them), bounds
   * from 1: {@code {a,"b c",NULL,"say \"hi\""}}. An element is quoted when it is empty, is {@code
   * NULL} in any case, or holds a brace, a double quote, a backslash, the delimiter or white space;
   * inside quotes a double quote and a backslash take a backslash.
   */
  public static String format(List<?> nested, char delimiter) {
    StringBuilder sb = new StringBuilder();
    format(sb, nested, delimiter);
    return sb.toString();
  }

  private static void format(StringBuilder sb, List<?> items, char delimiter) {
    sb.append('{');
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        sb.append(delimiter);
      }
      Object item = items.get(i);
      if (item == null) {
        sb.append("NULL");
      } else if (item instanceof List<?> inner) {
        format(sb, inner, delimiter);
      } else {
        String s = item.toString();
        if (needsQuotes(s, delimiter)) {
          quoted(sb, s);
        } else {
          sb.append(s);
        }
      }
    }
    sb.append('}');
  }

  /**
   * Appends {@code s} in double quotes, a backslash before each double quote and backslash: how
   * array_in and hstore_in read a quoted element.
   */
  static void quoted(StringBuilder sb, String s) {
    sb.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '"' || c == '\\') {
        sb.append('\\');
      }
      sb.append(c);
    }
    sb.append('"');
  }

  private static boolean needsQuotes(String s, char delimiter) {
    if (s.isEmpty() || s.equalsIgnoreCase("NULL")) {
      return true;
    }
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '{'
          || c == '}'
          || c == '"'
          || c == '\\'
          || c == delimiter
          || c == ' '
          || c == '\t'
          || c == '\n'
          || c == '\r'
          || c == '\u000b'
          || c == '\f') {
        return true;
      }
    }
    return false;
  }

  private static PgException malformed(byte[] b, int off, int len, String why) {
    return new PgException(
        "22P02",
        "malformed array literal (" + why + "): " + Bytes.utf8(b, off, Math.min(len, 200)));
  }
}
