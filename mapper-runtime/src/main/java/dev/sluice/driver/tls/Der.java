package dev.sluice.driver.tls;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The little of DER (X.690) that reading private keys needs: one element's tag, header and value,
 * the elements inside a constructed one, and writing a tag-length-value. Lengths are checked
 * against the bytes there are; a malformed encoding is an {@link IllegalArgumentException} whose
 * message says where, never the bytes (they may be key material).
 */
final class Der {
  private Der() {}

  static final int INTEGER = 0x02;
  static final int OCTET_STRING = 0x04;
  static final int NULL = 0x05;
  static final int OBJECT_IDENTIFIER = 0x06;
  static final int SEQUENCE = 0x30;

  /** Context-specific constructed [0], e.g. ECPrivateKey's parameters. */
  static final int CONTEXT_0 = 0xa0;

  /**
   * One element inside {@code der}: header at {@code start}, value from {@code value} to {@code
   * end}.
   */
  record Element(byte[] der, int tag, int start, int value, int end) {
    /** The value's bytes (a copy). */
    byte[] content() {
      return Arrays.copyOfRange(der, value, end);
    }

    /** Header and value (a copy), to place the element as it is inside another. */
    byte[] encoded() {
      return Arrays.copyOfRange(der, start, end);
    }

    /** The elements a constructed element holds, in order. */
    List<Element> children() {
      List<Element> children = new ArrayList<>();
      int at = value;
      while (at < end) {
        Element child = read(der, at, end);
        children.add(child);
        at = child.end;
      }
      return children;
    }
  }

  /** The one element that {@code der} must consist of. */
  static Element parse(byte[] der) {
    Element e = read(der, 0, der.length);
    if (e.end != der.length) {
      throw new IllegalArgumentException(
          "malformed DER: " + (der.length - e.end) + " bytes after the outer element");
    }
    return e;
  }

  private static Element read(byte[] d, int at, int limit) {
    if (limit - at < 2) {
      throw new IllegalArgumentException("malformed DER: element header cut off at " + at);
    }
    int tag = d[at] & 0xff;
    if ((tag & 0x1f) == 0x1f) {
      throw new IllegalArgumentException("malformed DER: multi-byte tag at " + at);
    }
    int p = at + 1;
    int first = d[p++] & 0xff;
    long length;
    if (first < 0x80) {
      length = first;
    } else {
      int n = first & 0x7f;
      if (n == 0 || n > 4 || limit - p < n) {
        throw new IllegalArgumentException("malformed DER: bad length at " + (at + 1));
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (d[p++] & 0xff);
      }
    }
    if (length > limit - p) {
      throw new IllegalArgumentException(
          "malformed DER: element at "
              + at
              + " runs "
              + (length - (limit - p))
              + " bytes past its end");
    }
    return new Element(d, tag, at, p, p + (int) length);
  }

  /** Tag, DER length and the concatenated {@code parts}. */
  static byte[] tlv(int tag, byte[]... parts) {
    int n = 0;
    for (byte[] part : parts) {
      n += part.length;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(n + 6);
    out.write(tag);
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
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
