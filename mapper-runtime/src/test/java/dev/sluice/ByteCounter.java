package dev.sluice;

import java.io.OutputStream;

/** An OutputStream that keeps nothing but the count of bytes written to it. */
final class ByteCounter extends OutputStream {
  private long bytes;

  @Override
  public void write(int b) {
    bytes++;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    bytes += len;
  }

  long bytes() {
    return bytes;
  }
}
