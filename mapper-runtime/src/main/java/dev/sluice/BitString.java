package dev.sluice;

import java.util.Arrays;

/**
 * A {@code bit(n)} or {@code bit varying} value: a length in bits and the bits, the first bit in
 * the highest bit of the first byte, as PostgreSQL stores them; printed as the server prints it,
 * {@code 0101}. Immutable; read and written in binary (a BitString binds as {@code varbit}, which
 * the server assigns to a {@code bit(n)} column of the same length).
 */
public final class BitString {
  private static final BitString EMPTY = new BitString(0, new byte[0]);

  /** How many bits. */
  private final int length;

  /** The bits, first bit first, high bit first in each byte; the unused low bits are 0. */
  private final byte[] bytes;

  private BitString(int length, byte[] bytes) {
    this.length = length;
    this.bytes = bytes;
  }

  /**
   * The bit string of {@code length} bits held in {@code bytes} (copied), the first bit in the
   * highest bit of the first byte; the bits past {@code length} in the last byte are ignored.
   *
   * @param length how many bits, 0 or more
   * @param bytes exactly {@code (length + 7) / 8} bytes
   * @return the bit string
   * @throws IllegalArgumentException if {@code length} is negative or {@code bytes} has another
   *     length
   */
  public static BitString of(int length, byte[] bytes) {
    if (length < 0 || bytes.length != (int) ((length + 7L) / 8)) {
      throw new IllegalArgumentException(
          "a bit string of " + length + " bits takes (length + 7) / 8 bytes, not " + bytes.length);
    }
    if (length == 0) {
      return EMPTY;
    }
    byte[] copy = bytes.clone();
    int unused = copy.length * 8 - length;
    copy[copy.length - 1] &= (byte) (0xff << unused);
    return new BitString(length, copy);
  }

  /**
   * Parses the server's text form: {@code 0} and {@code 1} characters, the first bit first; the
   * empty string is the empty bit string.
   *
   * @param text the bits, such as {@code 0101}
   * @return the bit string
   * @throws IllegalArgumentException if {@code text} holds any other character
   */
  public static BitString parse(String text) {
    int n = text.length();
    byte[] out = new byte[(n + 7) / 8];
    for (int i = 0; i < n; i++) {
      char ch = text.charAt(i);
      if (ch == '1') {
        out[i >> 3] |= (byte) (0x80 >>> (i & 7));
      } else if (ch != '0') {
        throw new IllegalArgumentException(
            "\"" + ch + "\" is not a valid binary digit, in \"" + text + "\"");
      }
    }
    return n == 0 ? EMPTY : new BitString(n, out);
  }

  /**
   * How many bits it holds.
   *
   * @return the length in bits
   */
  public int length() {
    return length;
  }

  /**
   * One bit.
   *
   * @param index from 0, the first (leftmost) bit
   * @return whether the bit is 1
   * @throws IndexOutOfBoundsException if {@code index} is not in [0, length)
   */
  public boolean get(int index) {
    java.util.Objects.checkIndex(index, length);
    return (bytes[index >> 3] & (0x80 >>> (index & 7))) != 0;
  }

  /**
   * The bits as bytes (a copy), as {@link #of} takes them: the first bit in the highest bit of the
   * first byte, unused low bits of the last byte 0.
   *
   * @return {@code (length + 7) / 8} bytes
   */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BitString other
        && other.length == length
        && Arrays.equals(other.bytes, bytes);
  }

  @Override
  public int hashCode() {
    return 31 * length + Arrays.hashCode(bytes);
  }

  /** The server's text form: one {@code 0} or {@code 1} per bit, the first bit first. */
  @Override
  public String toString() {
    char[] out = new char[length];
    for (int i = 0; i < length; i++) {
      out[i] = (bytes[i >> 3] & (0x80 >>> (i & 7))) != 0 ? '1' : '0';
    }
    return new String(out);
  }
}
