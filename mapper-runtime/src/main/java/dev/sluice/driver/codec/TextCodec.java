package dev.sluice.driver.codec;

import dev.sluice.PgException;
import dev.sluice.driver.WriteBuffer;
import java.util.List;

/**
 * The text-likes family: text, varchar, bpchar, name, json, xml and unknown, whose binary form is
 * the text in the client encoding (UTF-8); {@code "char"}, one byte; and jsonb, a version byte and
 * the JSON text. Values of any Java type are written as their text ({@link TextForms#text}).
 */
public final class TextCodec {
  private TextCodec() {}

  static final List<BuiltinType> TYPES =
      List.of(
          textual(Oids.TEXT, Oids.TEXT_ARRAY, "text", "text"),
          textual(Oids.VARCHAR, Oids.VARCHAR_ARRAY, "varchar", "character varying"),
          textual(Oids.BPCHAR, Oids.BPCHAR_ARRAY, "bpchar", "character"),
          textual(Oids.NAME, Oids.NAME_ARRAY, "name", "name"),
          textual(Oids.JSON, Oids.JSON_ARRAY, "json", "json"),
          textual(Oids.XML, 0, "xml", "xml"),
          textual(Oids.UNKNOWN, 0, "unknown", "unknown"),
          BuiltinType.of(
              Oids.CHAR,
              Oids.CHAR_ARRAY,
              "char",
              "\"char\"",
              1,
              (b, off, len) -> pgChar(b[off]),
              (w, v, oid, i) -> {
                w.putByte(TextForms.pgCharByte(TextForms.text(v), i));
                return true;
              }),
          BuiltinType.of(
              Oids.JSONB,
              Oids.JSONB_ARRAY,
              "jsonb",
              "jsonb",
              -1,
              TextCodec::jsonb,
              (w, v, oid, i) -> {
                w.putByte(1);
                w.putUtf8(TextForms.text(v));
                return true;
              }));

  private static BuiltinType textual(int oid, int arrayOid, String typname, String name) {
    return new BuiltinType(
        oid, arrayOid, typname, name, -1, true, Bytes::utf8, TextCodec::writeText);
  }

  private static boolean writeText(WriteBuffer w, Object v, int oid, int index) {
    w.putUtf8(TextForms.text(v));
    return true;
  }

  /** The texts of the 256 "char" values, as {@link #pgChar} gives them. */
  private static final String[] PG_CHAR_TEXTS = new String[256];

  static {
    PG_CHAR_TEXTS[0] = "";
    for (int i = 1; i < 0x80; i++) {
      PG_CHAR_TEXTS[i] = String.valueOf((char) i);
    }
    for (int i = 0x80; i < 0x100; i++) {
      PG_CHAR_TEXTS[i] =
          "\\" + (char) ('0' + (i >> 6)) + (char) ('0' + (i >> 3 & 7)) + (char) ('0' + (i & 7));
    }
  }

  /**
   * "char": one byte (char_send), not a character of the client encoding. Its text is charout's of
   * PostgreSQL 15 and later, whatever the server's version: byte 0 is the empty string, 1 to 0x7F
   * the ASCII character, 0x80 and above a backslash and three octal digits ({@code \351}), the form
   * charin reads back. (PostgreSQL 14 and earlier print a high byte raw, which is no valid UTF-8 on
   * its own; decoding it as UTF-8 gave U+FFFD.) {@link TextForms#pgCharByte} is the inverse.
   */
  public static String pgChar(byte value) {
    return PG_CHAR_TEXTS[value & 0xff];
  }

  /** jsonb: a version byte (1) then the JSON text. */
  public static String jsonb(byte[] b, int off, int len) {
    if (len < 1 || b[off] != 1) {
      throw new PgException(
          "08P01", "jsonb value with unknown version " + (len < 1 ? "(empty)" : b[off]));
    }
    return Bytes.utf8(b, off + 1, len - 1);
  }
}
