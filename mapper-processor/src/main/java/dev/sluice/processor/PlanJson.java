package dev.sluice.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reader of the JSON that {@code EXPLAIN (FORMAT JSON)} prints: objects become {@link Map}s (in
 * order), arrays {@link List}s, strings {@link String}s, numbers their text as a {@link String}
 * (the plan's numbers are costs and counts, which the inference never computes with), {@code
 * true}/{@code false} {@link Boolean}s and {@code null} null.
 *
 * <p>Written here rather than taken from a library: the plan is small, well-formed JSON that
 * PostgreSQL itself writes (RFC 8259, {@code escape_json} escapes), the processor runs inside javac
 * where every jar on its path is one more the user's build resolves, and a hundred lines cover it.
 * Malformed input is an {@link IllegalArgumentException} naming the offset.
 */
final class PlanJson {
  private final String text;

  /** The offset of the next character to read. */
  private int pos;

  private PlanJson(String text) {
    this.text = text;
  }

  /** The value {@code text} holds; anything after it but white space is an error. */
  static Object parse(String text) {
    PlanJson reader = new PlanJson(text);
    Object value = reader.value();
    reader.skipSpace();
    if (reader.pos != text.length()) {
      throw reader.error("text after the value");
    }
    return value;
  }

  private Object value() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("end of input where a value belongs");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return word("true", Boolean.TRUE);
      case 'f':
        return word("false", Boolean.FALSE);
      case 'n':
        return word("null", null);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("unexpected '" + c + "'");
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> out = new LinkedHashMap<>();
    pos++;
    skipSpace();
    if (peek() == '}') {
      pos++;
      return out;
    }
    while (true) {
      skipSpace();
      if (peek() != '"') {
        throw error("a member name must be a string");
      }
      String name = string();
      skipSpace();
      expect(':');
      out.put(name, value());
      skipSpace();
      char c = next();
      if (c == '}') {
        return out;
      }
      if (c != ',') {
        throw error("',' or '}' expected in an object");
      }
    }
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    pos++;
    skipSpace();
    if (peek() == ']') {
      pos++;
      return out;
    }
    while (true) {
      out.add(value());
      skipSpace();
      char c = next();
      if (c == ']') {
        return out;
      }
      if (c != ',') {
        throw error("',' or ']' expected in an array");
      }
    }
  }

  private String string() {
    pos++;
    StringBuilder out = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out.append(e);
          break;
        case 'b':
          out.append('\b');
          break;
        case 'f':
          out.append('\f');
          break;
        case 'n':
          out.append('\n');
          break;
        case 'r':
          out.append('\r');
          break;
        case 't':
          out.append('\t');
          break;
        case 'u':
          if (pos + 4 > text.length()) {
            throw error("a \\u escape needs four hex digits");
          }
          try {
            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          } catch (NumberFormatException ex) {
            throw error("a \\u escape needs four hex digits");
          }
          pos += 4;
          break;
        default:
          throw error("unknown escape \\" + e);
      }
    }
  }

  private String number() {
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private Object word(String word, Object value) {
    if (!text.startsWith(word, pos)) {
      throw error("unexpected '" + text.charAt(pos) + "'");
    }
    pos += word.length();
    return value;
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private char next() {
    if (pos >= text.length()) {
      throw error("unexpected end of input");
    }
    return text.charAt(pos++);
  }

  private void expect(char c) {
    if (next() != c) {
      throw error("'" + c + "' expected");
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("malformed plan JSON at offset " + pos + ": " + what);
  }
}
