package dev.sluice.driver;

import java.nio.charset.StandardCharsets;

/** Big-endian reads and writes on byte arrays, and C strings. */
public final class Bytes {
  private Bytes() {}

  public static int getInt(byte[] b, int i) {
    return (b[i] << 24) | ((b[i + 1] & 0xff) << 16) | ((b[i + 2] & 0xff) << 8) | (b[i + 3] & 0xff);
  }

  public static short getShort(byte[] b, int i) {
    return (short) ((b[i] << 8) | (b[i + 1] & 0xff));
  }

  public static long getLong(byte[] b, int i) {
    return ((long) getInt(b, i) << 32) | (getInt(b, i + 4) & 0xffffffffL);
  }

  public static void putInt(byte[] b, int i, int v) {
    b[i] = (byte) (v >>> 24);
    b[i + 1] = (byte) (v >>> 16);
    b[i + 2] = (byte) (v >>> 8);
    b[i + 3] = (byte) v;
  }

  public static void putShort(byte[] b, int i, int v) {
    b[i] = (byte) (v >>> 8);
    b[i + 1] = (byte) v;
  }

  public static void putLong(byte[] b, int i, long v) {
    putInt(b, i, (int) (v >>> 32));
    putInt(b, i + 4, (int) v);
  }

  /** The index of the NUL that ends the C string starting at {@code from}, or -1 before {@code end}. */
  public static int indexOfNul(byte[] b, int from, int end) {
    for (int i = from; i < end; i++) {
      if (b[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  public static String utf8(byte[] b, int off, int len) {
    return new String(b, off, len, StandardCharsets.UTF_8);
  }
}
