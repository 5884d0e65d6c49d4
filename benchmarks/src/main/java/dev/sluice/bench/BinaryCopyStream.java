package dev.sluice.bench;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * W1-shaped rows in PostgreSQL's binary COPY format ("COPY … FROM STDIN (FORMAT binary)"), encoded
 * on demand into one reused chunk as the reader asks for bytes: the signature and header, per row a
 * field count and each field as int32 length (-1 for NULL) and its binary value, then the trailer
 * (-1). See the COPY page of the PostgreSQL documentation, "Binary Format".
 */
final class BinaryCopyStream extends InputStream {
  private static final byte[] SIGNATURE = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0
  };
  private static final int FIELDS = 5;

  private final List<Wide> rows;

  /** Encoded bytes not yet read are chunk[pos, limit). */
  private byte[] chunk = new byte[64 * 1024];

  private int pos;
  private int limit;

  /** The next row to encode. */
  private int next;

  private boolean headerWritten;
  private boolean trailerWritten;

  BinaryCopyStream(List<Wide> rows) {
    this.rows = rows;
  }

  @Override
  public int read() {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (pos == limit && !refill()) {
      return -1;
    }
    int n = Math.min(len, limit - pos);
    System.arraycopy(chunk, pos, b, off, n);
    pos += n;
    return n;
  }

  /** Encodes the next rows into the chunk; false when everything, trailer included, was read. */
  private boolean refill() {
    pos = 0;
    limit = 0;
    if (!headerWritten) {
      System.arraycopy(SIGNATURE, 0, chunk, 0, SIGNATURE.length);
      limit = SIGNATURE.length;
      limit = putInt(chunk, limit, 0); // flags
      limit = putInt(chunk, limit, 0); // header extension length
      headerWritten = true;
    }
    int size = rows.size();
    while (next < size) {
      Wide r = rows.get(next);
      int worst = worstCase(r);
      if (worst > chunk.length - limit) {
        if (limit > 0) {
          break;
        }
        chunk = new byte[worst];
      }
      limit = encode(r, chunk, limit);
      next++;
    }
    if (next == size && !trailerWritten && chunk.length - limit >= 2) {
      chunk[limit++] = (byte) 0xff;
      chunk[limit++] = (byte) 0xff;
      trailerWritten = true;
    }
    return limit > 0;
  }

  private static int worstCase(Wide r) {
    int strings = (r.s() == null ? 0 : r.s().length()) + (r.n() == null ? 0 : r.n().length());
    return 2 + (4 + 8) + (4 + 4) + 4 + (4 + 16) + 4 + 3 * strings;
  }

  private static int encode(Wide r, byte[] b, int p) {
    b[p++] = 0;
    b[p++] = FIELDS;
    p = putInt(b, p, 8);
    p = putLong(b, p, Double.doubleToRawLongBits(r.f()));
    p = putInt(b, p, 4);
    p = putInt(b, p, r.i());
    p = putText(b, p, r.s());
    if (r.u() == null) {
      p = putInt(b, p, -1);
    } else {
      p = putInt(b, p, 16);
      p = putLong(b, p, r.u().getMostSignificantBits());
      p = putLong(b, p, r.u().getLeastSignificantBits());
    }
    return putText(b, p, r.n());
  }

  /** A text field: its UTF-8 bytes, written in place for ASCII. */
  private static int putText(byte[] b, int p, String s) {
    if (s == null) {
      return putInt(b, p, -1);
    }
    int lengthAt = p;
    int q = p + 4;
    int n = s.length();
    for (int k = 0; k < n; k++) {
      char c = s.charAt(k);
      if (c >= 0x80) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(utf8, 0, b, p + 4, utf8.length);
        putInt(b, lengthAt, utf8.length);
        return p + 4 + utf8.length;
      }
      b[q++] = (byte) c;
    }
    putInt(b, lengthAt, n);
    return q;
  }

  private static int putInt(byte[] b, int p, int v) {
    b[p] = (byte) (v >>> 24);
    b[p + 1] = (byte) (v >>> 16);
    b[p + 2] = (byte) (v >>> 8);
    b[p + 3] = (byte) v;
    return p + 4;
  }

  private static int putLong(byte[] b, int p, long v) {
    putInt(b, p, (int) (v >>> 32));
    return putInt(b, p + 4, (int) v);
  }
}
