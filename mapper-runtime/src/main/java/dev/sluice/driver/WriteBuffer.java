package dev.sluice.driver;

import dev.sluice.driver.codec.Bytes;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The connection's one send buffer. Messages are encoded in place: {@link #begin(byte)} writes the
 * type byte and reserves the length, {@link #end()} back-patches it. Strings are encoded straight
 * into the array. {@link #flush()} sends everything in one write per round trip.
 */
public final class WriteBuffer {
  private final OutputStream out;

  /** Bytes encoded and not yet sent are [0, pos). */
  private byte[] buf = new byte[16 * 1024];

  /** End of the encoded bytes. */
  private int pos;

  /** Where the length of the message being written sits, or -1 between messages. */
  private int lengthAt = -1;

  public WriteBuffer(OutputStream out) {
    this.out = out;
  }

  /** Starts a message: writes its type and reserves its int32 length. */
  public WriteBuffer begin(byte type) {
    ensure(5);
    buf[pos++] = type;
    lengthAt = pos;
    pos += 4;
    return this;
  }

  /** Starts a startup-phase message, which has no type byte. */
  public WriteBuffer beginUntyped() {
    ensure(4);
    lengthAt = pos;
    pos += 4;
    return this;
  }

  /** Ends the current message by writing its length. */
  public void end() {
    Bytes.putInt(buf, lengthAt, pos - lengthAt);
    lengthAt = -1;
  }

  public WriteBuffer putByte(int v) {
    ensure(1);
    buf[pos++] = (byte) v;
    return this;
  }

  public WriteBuffer putShort(int v) {
    ensure(2);
    Bytes.putShort(buf, pos, v);
    pos += 2;
    return this;
  }

  public WriteBuffer putInt(int v) {
    ensure(4);
    Bytes.putInt(buf, pos, v);
    pos += 4;
    return this;
  }

  public WriteBuffer putLong(long v) {
    ensure(8);
    Bytes.putLong(buf, pos, v);
    pos += 8;
    return this;
  }

  public WriteBuffer putBytes(byte[] b) {
    return putBytes(b, 0, b.length);
  }

  public WriteBuffer putBytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, pos, len);
    pos += len;
    return this;
  }

  /** Writes {@code s} as UTF-8 followed by a NUL. */
  public WriteBuffer putCString(String s) {
    putUtf8(s);
    return putByte(0);
  }

  /** Writes {@code s} as UTF-8 and returns the number of bytes written. */
  public int putUtf8(String s) {
    int n = s.length();
    ensure(n);
    int start = pos;
    int p = pos;
    byte[] b = buf;
    int i = 0;
    // Fast path: ASCII goes byte for byte.
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        break;
      }
      b[p++] = (byte) c;
    }
    pos = p;
    if (i < n) {
      putUtf8Slow(s, i);
    }
    return pos - start;
  }

  private void putUtf8Slow(String s, int from) {
    int n = s.length();
    for (int i = from; i < n; i++) {
      char c = s.charAt(i);
      ensure(4);
      byte[] b = buf;
      if (c < 0x80) {
        b[pos++] = (byte) c;
      } else if (c < 0x800) {
        b[pos++] = (byte) (0xc0 | (c >> 6));
        b[pos++] = (byte) (0x80 | (c & 0x3f));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        b[pos++] = (byte) (0xf0 | (cp >> 18));
        b[pos++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
        b[pos++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
        b[pos++] = (byte) (0x80 | (cp & 0x3f));
      } else if (Character.isSurrogate(c)) {
        b[pos++] = (byte) '?'; // an unpaired surrogate has no UTF-8 form, as in String.getBytes
      } else {
        b[pos++] = (byte) (0xe0 | (c >> 12));
        b[pos++] = (byte) (0x80 | ((c >> 6) & 0x3f));
        b[pos++] = (byte) (0x80 | (c & 0x3f));
      }
    }
  }

  /** Reserves an int32 (a value's length) and returns where it is, for {@link #patchLength}. */
  public int reserveInt() {
    ensure(4);
    int at = pos;
    pos += 4;
    return at;
  }

  /** Writes, at {@code at}, the count of bytes written after it. */
  public void patchLength(int at) {
    Bytes.putInt(buf, at, pos - at - 4);
  }

  /** Overwrites the int32 at {@code at}, written earlier (a flag known only later). */
  public void patchInt(int at, int value) {
    Bytes.putInt(buf, at, value);
  }

  public int position() {
    return pos;
  }

  /** Drops everything written since {@code position} (a message abandoned half-way). */
  public void truncate(int position) {
    pos = position;
    lengthAt = -1;
  }

  public int size() {
    return pos;
  }

  public void flush() throws IOException {
    if (pos > 0) {
      out.write(buf, 0, pos);
      pos = 0;
    }
    out.flush();
  }

  private void ensure(int n) {
    if (buf.length - pos < n) {
      int size = buf.length * 2;
      while (size - pos < n) {
        size *= 2;
      }
      buf = java.util.Arrays.copyOf(buf, size);
    }
  }
}
