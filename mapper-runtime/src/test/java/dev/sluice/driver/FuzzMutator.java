package dev.sluice.driver;

import dev.sluice.driver.FuzzCorpus.Message;
import dev.sluice.driver.FuzzCorpus.Seed;
import dev.sluice.driver.codec.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The fuzzer's mutators. Two families:
 *
 * <ul>
 *   <li><b>In-frame</b>: mutate message bodies and serialize afterwards, so every outer length is
 *       right again and the decoders behind the length check are reached: bit flips, interesting
 *       bytes (0, 0xFF, 0x7F, 0x80, …), inner length and count fields set to edge values (-1, 0, 3,
 *       4, huge, off by ±1), interesting int16/int32/int64 values over a value, truncation of a
 *       body, duplication of a field, splicing two bodies of the same message type, dropping or
 *       repeating a message, inserting bytes.
 *   <li><b>Raw</b>: mutate the serialized stream: bit flips and interesting bytes anywhere (type
 *       bytes and outer lengths too), an outer length set to an edge value, truncation, a
 *       duplicated range, splicing two streams, a replaced type byte.
 * </ul>
 *
 * Both stack one to three mutations. Whether a case's framing stayed valid is measured on the final
 * bytes ({@link #framingValid}), not assumed from the family.
 */
final class FuzzMutator {
  static final String[] IN_FRAME = {
    "bit-flip",
    "interesting-byte",
    "inner-length-edge",
    "interesting-value",
    "truncate-body",
    "duplicate-field",
    "splice-bodies",
    "drop-or-repeat-message",
    "insert-bytes"
  };

  static final String[] RAW = {
    "raw-bit-flip",
    "raw-interesting-byte",
    "outer-length-edge",
    "truncate-stream",
    "duplicate-range",
    "splice-streams",
    "type-byte"
  };

  private static final int[] BYTES = {0, 0xff, 0x7f, 0x80, 1, 0x7e, 0xfe, '{', '"', '\\', ','};

  private static final int[] INT16 = {
    0, -1, 1, 0x7fff, 0x8000, 0x4000, 0xc000, 0xd000, 0xf000, 0x3fff, 9999, 10000, 2, 3, 16, 128
  };

  private static final int[] INT32 = {
    0,
    -1,
    1,
    3,
    4,
    -2,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    0x3fff_ffff,
    0x4000_0000,
    0xffff,
    1 << 24,
    64_800,
    64_801,
    -64_801,
    Integer.MAX_VALUE - 1
  };

  private static final long[] INT64 = {
    0,
    -1,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    Long.MAX_VALUE - 1,
    Long.MIN_VALUE + 1,
    86_400_000_000L,
    86_400_000_001L,
    -86_400_000_000L,
    1L << 53,
    Long.MAX_VALUE / 1000 + 1
  };

  private static final byte[] TYPES = "DTZECSKRNAtv1I2n3sGHWdc".getBytes();

  private final List<Seed> corpus;

  FuzzMutator(List<Seed> corpus) {
    this.corpus = corpus;
  }

  /** One fuzz case: the mutated bytes, the seed they came from, the mutations applied. */
  static final class Case {
    final int index;
    final Seed seed;
    final byte[] bytes;
    final String mutations;
    final boolean framed;

    /** For the row seeds read in order: whether to use nextRow/readX (else next/getX). */
    final boolean inOrder;

    /** Whether CommandComplete is read with commandCount (else commandTag). */
    final boolean countTags;

    Case(
        int index,
        Seed seed,
        byte[] bytes,
        String mutations,
        boolean framed,
        boolean inOrder,
        boolean countTags) {
      this.index = index;
      this.seed = seed;
      this.bytes = bytes;
      this.mutations = mutations;
      this.framed = framed;
      this.inOrder = inOrder;
      this.countTags = countTags;
    }
  }

  /** Case {@code index} of the run with {@code seed}: the same bytes on every replay. */
  Case generate(long seed, int index, int[] mutatorCounts) {
    SplittableRandom r = new SplittableRandom(seed * 0x9E37_79B9_7F4A_7C15L + index);
    Seed s = corpus.get(r.nextInt(corpus.size()));
    StringBuilder what = new StringBuilder(s.name);
    int count = 1 + (r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0);
    byte[] bytes;
    if (r.nextInt(100) < 62) {
      List<Message> messages = new ArrayList<>(s.messages.size());
      for (Message m : s.messages) {
        messages.add(m.copy());
      }
      for (int k = 0; k < count; k++) {
        int which = r.nextInt(IN_FRAME.length);
        mutatorCounts[which]++;
        what.append(" | ").append(inFrame(r, which, messages));
      }
      bytes = FuzzCorpus.serialize(messages);
    } else {
      bytes = FuzzCorpus.serialize(s.messages);
      for (int k = 0; k < count; k++) {
        int which = r.nextInt(RAW.length);
        mutatorCounts[IN_FRAME.length + which]++;
        StringBuilder step = new StringBuilder();
        bytes = raw(r, which, bytes, step);
        what.append(" | ").append(step);
      }
    }
    boolean inOrder = s.name.startsWith(FuzzCorpus.READER_SHAPE) && r.nextBoolean();
    return new Case(
        index, s, bytes, what.toString(), framingValid(bytes), inOrder, r.nextBoolean());
  }

  /** Whether the bytes are whole messages, each length at least 4, ending exactly at the end. */
  static boolean framingValid(byte[] b) {
    int p = 0;
    while (p < b.length) {
      if (b.length - p < 5) {
        return false;
      }
      int length = Bytes.getInt(b, p + 1);
      if (length < 4 || length > b.length - p - 1) {
        return false;
      }
      p += 1 + length;
    }
    return true;
  }

  // ---------------------------------------------------------------- in-frame

  private String inFrame(SplittableRandom r, int which, List<Message> messages) {
    if (messages.isEmpty()) {
      return "nothing to mutate";
    }
    int mi = r.nextInt(messages.size());
    Message m = messages.get(mi);
    byte[] b = m.body;
    String at = IN_FRAME[which] + " in message " + mi + " '" + (char) m.type + "'";
    switch (which) {
      case 0:
        {
          if (b.length == 0) {
            return at + ": empty body";
          }
          int i = r.nextInt(b.length);
          int bit = r.nextInt(8);
          b[i] ^= (byte) (1 << bit);
          return at + " @" + i + " bit " + bit;
        }
      case 1:
        {
          if (b.length == 0) {
            return at + ": empty body";
          }
          int i = r.nextInt(b.length);
          b[i] = (byte) BYTES[r.nextInt(BYTES.length)];
          return at + " @" + i + " = 0x" + Integer.toHexString(b[i] & 0xff);
        }
      case 2:
        {
          int marks = m.markOffsets.length;
          if (marks == 0) {
            return at + ": no length field";
          }
          int k = r.nextInt(marks);
          int off = m.markOffsets[k];
          int width = m.markWidths[k];
          if (off + width > b.length) {
            return at + ": length field cut off";
          }
          if (width == 2) {
            int old = Bytes.getShort(b, off);
            int v = edge16(r, old);
            Bytes.putShort(b, off, v);
            return at + " int16 @" + off + " " + old + " -> " + (short) v;
          }
          int old = Bytes.getInt(b, off);
          int v = edge32(r, old);
          Bytes.putInt(b, off, v);
          return at + " int32 @" + off + " " + old + " -> " + v;
        }
      case 3:
        {
          int width = r.nextInt(3) == 0 ? 2 : r.nextBoolean() ? 4 : 8;
          if (b.length < width) {
            return at + ": body too short";
          }
          // Over a value's start when there is a length field (the value follows it), else
          // anywhere.
          int off;
          int marks = m.markOffsets.length;
          if (marks > 0 && r.nextBoolean()) {
            off = m.markOffsets[r.nextInt(marks)] + 4 + (r.nextInt(3) == 0 ? 2 * r.nextInt(4) : 0);
          } else {
            off = r.nextInt(b.length - width + 1);
          }
          if (off + width > b.length) {
            return at + ": value cut off";
          }
          long v;
          if (width == 2) {
            v = INT16[r.nextInt(INT16.length)];
            Bytes.putShort(b, off, (int) v);
          } else if (width == 4) {
            v = INT32[r.nextInt(INT32.length)];
            Bytes.putInt(b, off, (int) v);
          } else {
            v = INT64[r.nextInt(INT64.length)];
            Bytes.putLong(b, off, v);
          }
          return at + " int" + (8 * width) + " @" + off + " = " + v;
        }
      case 4:
        {
          int n = b.length == 0 ? 0 : r.nextInt(b.length);
          m.body = java.util.Arrays.copyOf(b, n);
          return at + " to " + n + " of " + b.length + " bytes";
        }
      case 5:
        {
          if (b.length == 0) {
            return at + ": empty body";
          }
          int from;
          int to;
          int marks = m.markOffsets.length;
          if (marks > 0 && r.nextInt(4) != 0) {
            int k = r.nextInt(marks);
            from = Math.min(m.markOffsets[k], b.length);
            to = k + 1 < marks ? Math.min(m.markOffsets[k + 1], b.length) : b.length;
          } else {
            from = r.nextInt(b.length);
            to = from + 1 + r.nextInt(Math.min(16, b.length - from));
          }
          m.body = insert(b, to, java.util.Arrays.copyOfRange(b, from, to));
          return at + " [" + from + ", " + to + ")";
        }
      case 6:
        {
          Message other = sameType(r, m.type);
          if (other == null) {
            return at + ": no other body";
          }
          int i = r.nextInt(b.length + 1);
          int j = r.nextInt(other.body.length + 1);
          byte[] spliced = new byte[i + other.body.length - j];
          System.arraycopy(b, 0, spliced, 0, i);
          System.arraycopy(other.body, j, spliced, i, other.body.length - j);
          m.body = spliced;
          return at + " prefix " + i + " + other's suffix from " + j;
        }
      case 7:
        if (r.nextBoolean()) {
          messages.remove(mi);
          return at + ": dropped";
        }
        messages.add(mi, m.copy());
        return at + ": repeated";
      default:
        {
          int i = r.nextInt(b.length + 1);
          byte[] ins = new byte[1 + r.nextInt(8)];
          for (int k = 0; k < ins.length; k++) {
            ins[k] = (byte) (r.nextBoolean() ? BYTES[r.nextInt(BYTES.length)] : r.nextInt(256));
          }
          m.body = insert(b, i, ins);
          return at + " @" + i + " " + ins.length + " bytes";
        }
    }
  }

  private static int edge16(SplittableRandom r, int old) {
    switch (r.nextInt(8)) {
      case 0:
        return old + 1;
      case 1:
        return old - 1;
      default:
        return INT16[r.nextInt(INT16.length)];
    }
  }

  private static int edge32(SplittableRandom r, int old) {
    switch (r.nextInt(8)) {
      case 0:
        return old + 1;
      case 1:
        return old - 1;
      default:
        return INT32[r.nextInt(INT32.length)];
    }
  }

  private Message sameType(SplittableRandom r, byte type) {
    for (int tries = 0; tries < 8; tries++) {
      Seed s = corpus.get(r.nextInt(corpus.size()));
      for (Message m : s.messages) {
        if (m.type == type && r.nextBoolean()) {
          return m;
        }
      }
    }
    return null;
  }

  private static byte[] insert(byte[] b, int at, byte[] ins) {
    byte[] out = new byte[b.length + ins.length];
    System.arraycopy(b, 0, out, 0, at);
    System.arraycopy(ins, 0, out, at, ins.length);
    System.arraycopy(b, at, out, at + ins.length, b.length - at);
    return out;
  }

  // ---------------------------------------------------------------- raw

  /** Where each message of a (possibly already broken) stream starts, as far as it frames. */
  private static List<Integer> starts(byte[] b) {
    List<Integer> out = new ArrayList<>();
    int p = 0;
    while (b.length - p >= 5) {
      out.add(p);
      int length = Bytes.getInt(b, p + 1);
      if (length < 4 || length > b.length - p - 1) {
        break;
      }
      p += 1 + length;
    }
    return out;
  }

  private byte[] raw(SplittableRandom r, int which, byte[] b, StringBuilder what) {
    what.append(RAW[which]);
    if (b.length == 0) {
      what.append(": empty stream");
      return b;
    }
    switch (which) {
      case 0:
        {
          int i = r.nextInt(b.length);
          int bit = r.nextInt(8);
          b[i] ^= (byte) (1 << bit);
          what.append(" @").append(i).append(" bit ").append(bit);
          return b;
        }
      case 1:
        {
          int i = r.nextInt(b.length);
          b[i] = (byte) BYTES[r.nextInt(BYTES.length)];
          what.append(" @").append(i).append(" = 0x").append(Integer.toHexString(b[i] & 0xff));
          return b;
        }
      case 2:
        {
          List<Integer> starts = starts(b);
          if (starts.isEmpty()) {
            what.append(": no message");
            return b;
          }
          int p = starts.get(r.nextInt(starts.size()));
          int old = Bytes.getInt(b, p + 1);
          int v =
              r.nextInt(5) == 0 ? ReadBuffer.MAX_MESSAGE_LENGTH + r.nextInt(3) - 1 : edge32(r, old);
          Bytes.putInt(b, p + 1, v);
          what.append(" @").append(p).append(' ').append(old).append(" -> ").append(v);
          return b;
        }
      case 3:
        {
          int n = r.nextInt(b.length);
          what.append(" to ").append(n).append(" of ").append(b.length);
          return java.util.Arrays.copyOf(b, n);
        }
      case 4:
        {
          int from = r.nextInt(b.length);
          int to = from + 1 + r.nextInt(Math.min(64, b.length - from));
          int at = r.nextInt(b.length + 1);
          what.append(" [").append(from).append(", ").append(to).append(") at ").append(at);
          return insert(b, at, java.util.Arrays.copyOfRange(b, from, to));
        }
      case 5:
        {
          byte[] other = FuzzCorpus.serialize(corpus.get(r.nextInt(corpus.size())).messages);
          int i = r.nextInt(b.length + 1);
          int j = r.nextInt(other.length + 1);
          byte[] out = new byte[i + other.length - j];
          System.arraycopy(b, 0, out, 0, i);
          System.arraycopy(other, j, out, i, other.length - j);
          what.append(" prefix ").append(i).append(" + other's suffix from ").append(j);
          return out;
        }
      default:
        {
          List<Integer> starts = starts(b);
          int p = starts.isEmpty() ? 0 : starts.get(r.nextInt(starts.size()));
          b[p] = TYPES[r.nextInt(TYPES.length)];
          what.append(" @").append(p).append(" = '").append((char) b[p]).append('\'');
          return b;
        }
    }
  }
}
