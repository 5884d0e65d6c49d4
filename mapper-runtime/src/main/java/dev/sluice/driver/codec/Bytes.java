package dev.sluice.driver.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Big-endian reads and writes on byte arrays, and C strings. The reads go through byte-array view
 * VarHandles, which the JIT compiles to single (byte-swapped) loads with one bounds check, where
 * byte-by-byte shifts cost four loads and four checks on the per-column hot path.
 */
public final class Bytes {
  private Bytes() {}

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  public static int getInt(byte[] b, int i) {
    return (int) INT.get(b, i);
  }

  public static short getShort(byte[] b, int i) {
    return (short) SHORT.get(b, i);
  }

  public static long getLong(byte[] b, int i) {
    return (long) LONG.get(b, i);
  }

  public static void putInt(byte[] b, int i, int v) {
    INT.set(b, i, v);
  }

  public static void putShort(byte[] b, int i, int v) {
    SHORT.set(b, i, (short) v);
  }

  public static void putLong(byte[] b, int i, long v) {
    LONG.set(b, i, v);
  }

  /**
   * The index of the NUL that ends the C string starting at {@code from}, or -1 before {@code end}.
   */
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
