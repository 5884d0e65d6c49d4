package dev.sluice.bench;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The two reference points on {@link RawConnection}. The drain ({@code decode == false}) counts
 * DataRows and keeps nothing: the floor any client pays for the bytes. The ideal decoder ({@code
 * decode == true}) decodes each DataRow in place, by hand, into the same records the clients build:
 * the practical limit of a decoder, since it knows the columns' order and types and checks nothing.
 */
final class RawClient extends BenchClient {
  private static final int INT4 = 23;

  /** Microseconds from 1970-01-01 to PostgreSQL's epoch, 2000-01-01 (UTC). */
  private static final long PG_EPOCH_SECONDS = 946_684_800L;

  private final boolean decode;
  private RawConnection c;

  RawClient(boolean decode) {
    this.decode = decode;
  }

  @Override
  void setUp(CellSpec spec) throws IOException {
    c = RawConnection.open(spec.workloadUrl());
    switch (spec.workload()) {
      case W1:
        c.prepare("w1", Sql.W1);
        break;
      case W2:
        c.prepare("w2", Sql.W2);
        break;
      case W3:
        c.prepare("w3", Sql.W3, INT4);
        break;
      case W5:
        c.prepare("w5", Sql.W5);
        break;
      case W5S:
        c.prepare("w5s", Sql.W5S);
        break;
      case W7:
        c.prepare("w7", Sql.W7);
        break;
      default:
        throw new UnsupportedOperationException("the raw client does not run " + spec.workload());
    }
  }

  /** Reads replies up to ReadyForQuery, counting DataRows. */
  private long drain() throws IOException {
    RawConnection c = this.c;
    long rows = 0;
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        rows++;
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return rows;
      }
    }
  }

  /**
   * W7's one query: drained (the floor of reading its bytes), or decoded by hand into the same
   * records, each film's actors from the array of actor composites in place, checking nothing (the
   * practical limit of the one-query shape).
   */
  @Override
  Object readFilmCasts() throws IOException {
    c.execute("w7");
    if (!decode) {
      return drain();
    }
    RawConnection c = this.c;
    List<FilmCast> out = new ArrayList<>();
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        byte[] b = c.buffer();
        int p = c.body() + 2 + 4;
        int filmId = (int) RawConnection.INT.get(b, p);
        p += 4;
        int len = (int) RawConnection.INT.get(b, p);
        String title = text(b, p + 4, len);
        p += 4 + Math.max(len, 0);
        len = (int) RawConnection.INT.get(b, p);
        p += 4;
        List<CastMember> actors;
        if (len < 0) {
          actors = new ArrayList<>(0);
        } else {
          // ndim, flags, element OID, then one dimension's length and lower bound
          int n = (int) RawConnection.INT.get(b, p + 12);
          p += 20;
          actors = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            p += 4 + 4; // the element's length, the composite's field count
            int actorId = (int) RawConnection.INT.get(b, p + 8);
            p += 12;
            int l = (int) RawConnection.INT.get(b, p + 4);
            String first = text(b, p + 8, l);
            p += 8 + l;
            l = (int) RawConnection.INT.get(b, p + 4);
            String last = text(b, p + 8, l);
            p += 8 + l;
            Instant lastUpdate = timestamptz((long) RawConnection.LONG.get(b, p + 8));
            p += 16;
            actors.add(new CastMember(actorId, first, last, lastUpdate));
          }
        }
        out.add(new FilmCast(filmId, title, actors));
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return out;
      }
    }
  }

  @Override
  Object readWide() throws IOException {
    c.execute("w1");
    if (!decode) {
      return drain();
    }
    RawConnection c = this.c;
    List<Wide> out = new ArrayList<>();
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        byte[] b = c.buffer();
        int p = c.body() + 2;
        p += 4;
        double f = Double.longBitsToDouble((long) RawConnection.LONG.get(b, p));
        p += 8 + 4;
        int i = (int) RawConnection.INT.get(b, p);
        p += 4;
        int len = (int) RawConnection.INT.get(b, p);
        p += 4;
        String s = len < 0 ? null : new String(b, p, len, StandardCharsets.UTF_8);
        p += Math.max(len, 0);
        len = (int) RawConnection.INT.get(b, p);
        p += 4;
        UUID u =
            len < 0
                ? null
                : new UUID(
                    (long) RawConnection.LONG.get(b, p), (long) RawConnection.LONG.get(b, p + 8));
        p += Math.max(len, 0);
        len = (int) RawConnection.INT.get(b, p);
        p += 4;
        String n = len < 0 ? null : new String(b, p, len, StandardCharsets.UTF_8);
        out.add(new Wide(f, i, s, u, n));
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return out;
      }
    }
  }

  @Override
  Object readNarrow() throws IOException {
    c.execute("w2");
    if (!decode) {
      return drain();
    }
    RawConnection c = this.c;
    List<Narrow> out = new ArrayList<>();
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        byte[] b = c.buffer();
        int p = c.body() + 2 + 4; // column count, first length (always 8: the columns are NOT NULL)
        long a = (long) RawConnection.LONG.get(b, p);
        long bb = (long) RawConnection.LONG.get(b, p + 12);
        long cc = (long) RawConnection.LONG.get(b, p + 24);
        out.add(new Narrow(a, bb, cc));
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return out;
      }
    }
  }

  @Override
  Object lookup(int id) throws IOException {
    c.execute("w3", id);
    if (!decode) {
      return drain() == 1 ? Boolean.TRUE : null;
    }
    RawConnection c = this.c;
    Point point = null;
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        byte[] b = c.buffer();
        int p = c.body() + 2 + 4;
        int pid = (int) RawConnection.INT.get(b, p);
        p += 4;
        int len = (int) RawConnection.INT.get(b, p);
        p += 4;
        String name = new String(b, p, len, StandardCharsets.UTF_8);
        p += len + 4;
        point = new Point(pid, name, (long) RawConnection.LONG.get(b, p));
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return point;
      }
    }
  }

  @Override
  Object readFilms() throws IOException {
    c.execute("w5");
    if (!decode) {
      return drain();
    }
    RawConnection c = this.c;
    List<FilmRow> out = new ArrayList<>();
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        out.add(film(c.buffer(), c.body() + 2));
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return out;
      }
    }
  }

  @Override
  Object readFilmSummaries() throws IOException {
    c.execute("w5s");
    if (!decode) {
      return drain();
    }
    RawConnection c = this.c;
    List<FilmSummary> out = new ArrayList<>();
    for (; ; ) {
      byte type = c.next();
      if (type == RawConnection.DATA_ROW) {
        out.add(filmSummary(c.buffer(), c.body() + 2));
      } else if (type == RawConnection.READY_FOR_QUERY) {
        return out;
      }
    }
  }

  /**
   * The six columns of the W5s join, in order, from the first column's length word at {@code p}.
   */
  private static FilmSummary filmSummary(byte[] b, int p) {
    int len = (int) RawConnection.INT.get(b, p);
    int filmId = (int) RawConnection.INT.get(b, p + 4);
    p += 4 + len;
    len = (int) RawConnection.INT.get(b, p);
    String title = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String rating = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    BigDecimal rentalRate = len < 0 ? null : numeric(b, p + 4);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String language = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String category = text(b, p + 4, len);
    return new FilmSummary(filmId, title, rating, rentalRate, language, category);
  }

  /** The ten columns of the W5 join, in order, from the first column's length word at {@code p}. */
  private static FilmRow film(byte[] b, int p) {
    int len = (int) RawConnection.INT.get(b, p);
    int filmId = (int) RawConnection.INT.get(b, p + 4);
    p += 4 + len;
    len = (int) RawConnection.INT.get(b, p);
    String title = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String description = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    Integer releaseYear = len < 0 ? null : (int) RawConnection.INT.get(b, p + 4);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    BigDecimal rentalRate = len < 0 ? null : numeric(b, p + 4);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    Short length = len < 0 ? null : (short) RawConnection.SHORT.get(b, p + 4);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String rating = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    Instant lastUpdate = len < 0 ? null : timestamptz((long) RawConnection.LONG.get(b, p + 4));
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String language = text(b, p + 4, len);
    p += 4 + Math.max(len, 0);
    len = (int) RawConnection.INT.get(b, p);
    String category = text(b, p + 4, len);
    return new FilmRow(
        filmId,
        title,
        description,
        releaseYear,
        rentalRate,
        length,
        rating,
        lastUpdate,
        language,
        category);
  }

  private static String text(byte[] b, int p, int len) {
    return len < 0 ? null : new String(b, p, len, StandardCharsets.UTF_8);
  }

  /**
   * numeric's binary form: ndigits, weight, sign, dscale (int16 each), then ndigits base-10000
   * digits, the first worth 10000^weight. Up to four digits fit a long; wider values (not in W5)
   * take the BigInteger path.
   */
  static BigDecimal numeric(byte[] b, int p) {
    int ndigits = (short) RawConnection.SHORT.get(b, p);
    int weight = (short) RawConnection.SHORT.get(b, p + 2);
    int sign = (short) RawConnection.SHORT.get(b, p + 4) & 0xffff;
    int dscale = (short) RawConnection.SHORT.get(b, p + 6);
    if (sign == 0xc000) {
      throw new ArithmeticException("numeric NaN has no BigDecimal");
    }
    // value = digits as one integer × 10^(4 × (weight − ndigits + 1)); wanted: unscaled at dscale.
    int shift = 4 * (weight - ndigits + 1) + dscale;
    if (ndigits <= 4) {
      long v = 0;
      for (int k = 0; k < ndigits; k++) {
        v = v * 10_000 + (short) RawConnection.SHORT.get(b, p + 8 + 2 * k);
      }
      for (; shift > 0; shift--) {
        v *= 10;
      }
      for (; shift < 0; shift++) {
        v /= 10;
      }
      return BigDecimal.valueOf(sign == 0x4000 ? -v : v, dscale);
    }
    BigInteger v = BigInteger.ZERO;
    for (int k = 0; k < ndigits; k++) {
      v =
          v.multiply(BigInteger.valueOf(10_000))
              .add(BigInteger.valueOf((short) RawConnection.SHORT.get(b, p + 8 + 2 * k)));
    }
    BigDecimal d = new BigDecimal(v, -4 * (weight - ndigits + 1)).setScale(dscale);
    return sign == 0x4000 ? d.negate() : d;
  }

  /** timestamptz's binary form: microseconds since 2000-01-01 UTC. */
  private static Instant timestamptz(long micros) {
    long seconds = Math.floorDiv(micros, 1_000_000L);
    long nanos = Math.floorMod(micros, 1_000_000L) * 1_000L;
    return Instant.ofEpochSecond(PG_EPOCH_SECONDS + seconds, nanos);
  }

  @Override
  public void close() throws IOException {
    if (c != null) {
      c.close();
    }
  }
}
