package dev.sluice.driver.codec;

import dev.sluice.Interval;
import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.Range;
import dev.sluice.generated.EnumLabels;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HexFormat;

/**
 * The text forms of bound values, in the server's input syntax: what goes in a Bind parameter sent
 * in text format (Strings and enums, and any value whose parameter type has no binary codec), in an
 * array literal, or in COPY's text. Also "char"'s one byte from its text, which the binary encoder
 * needs. Split from {@link ParameterEncoder}, which picks the format and writes binary.
 */
public final class TextForms {
  private TextForms() {}

  /**
   * The text form of a value sent in text format, in the server's input syntax: Strings as they
   * are, enums as their labels, byte[] as {@code \\x} hex, infinite dates and times as {@code
   * [-]infinity}, Java arrays and Collections as array literals. Text format is used for Strings
   * and enums, and for any value whose parameter has a type without a binary codec (a domain, an
   * enum, an array of them), where the server parses this text as that type.
   */
  public static String text(Object v) {
    return text(v, ',');
  }

  /**
   * {@link #text}, with {@code delimiter} between the elements of an array (its element type's, see
   * {@link Oids#textArrayDelimiter}: box[] takes ';').
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static String text(Object v, char delimiter) {
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Enum<?> e) {
      return EnumLabels.of((Class) e.getDeclaringClass()).label(e);
    }
    if (v instanceof Boolean b) {
      return b ? "t" : "f";
    }
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof PgNumeric n) {
      return n.toString();
    }
    if (v instanceof Range<?>) {
      return RangeCodec.text(v);
    }
    if (v instanceof byte[] bytes) {
      return "\\x" + HexFormat.of().formatHex(bytes);
    }
    if (v instanceof InetAddress a) {
      return a.getHostAddress();
    }
    if (v instanceof LocalDate d) {
      return d.equals(LocalDate.MAX)
          ? "infinity"
          : d.equals(LocalDate.MIN) ? "-infinity" : isoDate(d.getYear(), d.toString());
    }
    if (v instanceof LocalDateTime t) {
      return t.equals(LocalDateTime.MAX)
          ? "infinity"
          : t.equals(LocalDateTime.MIN) ? "-infinity" : isoDate(t.getYear(), t.toString());
    }
    if (v instanceof LocalTime t) {
      return t.equals(LocalTime.MAX) ? "24:00:00" : t.toString();
    }
    Instant instant = TemporalCodec.instantOf(v);
    if (instant != null) {
      if (instant.equals(Instant.MAX)) return "infinity";
      if (instant.equals(Instant.MIN)) return "-infinity";
      OffsetDateTime utc = instant.atOffset(java.time.ZoneOffset.UTC);
      return isoDate(utc.getYear(), utc.toString());
    }
    Interval interval = TemporalCodec.intervalOf(v);
    if (interval != null) {
      if (interval.equals(Interval.INFINITY)) return "infinity";
      if (interval.equals(Interval.NEGATIVE_INFINITY)) return "-infinity";
      return interval.months()
          + " months "
          + interval.days()
          + " days "
          + interval.microseconds()
          + " microseconds";
    }
    if (ArrayEncoder.isArray(v)) {
      return ArrayEncoder.literal(v, delimiter);
    }
    if (v instanceof java.util.Map<?, ?> map) {
      return HstoreText.format(map); // hstore's text form
    }
    return String.valueOf(v);
  }

  /**
   * An ISO date-time text the server reads: java.time writes years before 1 as 0000 and -0001,
   * which the server has no syntax for, so those become "… BC" (ISO year 0 is 1 BC); years past
   * 9999 lose the '+' java.time puts before them.
   */
  private static String isoDate(int year, String iso) {
    if (year > 0) {
      return iso.charAt(0) == '+' ? iso.substring(1) : iso;
    }
    int dash = iso.indexOf('-', 1);
    return String.format("%04d", 1 - year) + iso.substring(dash) + " BC";
  }

  /**
   * The byte of a "char" value from its text, the inverse of {@link BinaryCodec#pgChar}: the empty
   * string is 0, an ASCII character itself, a backslash and three octal digits ({@code \351}) that
   * byte. Anything else fails (22P02) rather than keep a first byte as charin would.
   */
  public static int pgCharByte(String s, int index) {
    int n = s.length();
    if (n == 0) {
      return 0;
    }
    char c = s.charAt(0);
    if (n == 1 && c < 0x80) {
      return c;
    }
    if (n == 4
        && c == '\\'
        && isOctal(s.charAt(1))
        && isOctal(s.charAt(2))
        && isOctal(s.charAt(3))) {
      int v = (s.charAt(1) - '0') * 64 + (s.charAt(2) - '0') * 8 + (s.charAt(3) - '0');
      if (v <= 0xff) {
        return v;
      }
    }
    throw new PgException(
        "22P02",
        "parameter $"
            + index
            + " = \""
            + (n > 20 ? s.substring(0, 20) + "…" : s)
            + "\" is no \"char\" value: \"char\" holds one byte, written as one ASCII character,"
            + " \"\" for byte 0, or a backslash and three octal digits (\\351) for bytes 0x80 to"
            + " 0xFF");
  }

  private static boolean isOctal(char c) {
    return c >= '0' && c <= '7';
  }
}
