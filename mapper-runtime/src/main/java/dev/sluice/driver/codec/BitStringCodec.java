package dev.sluice.driver.codec;

import dev.sluice.BitString;
import dev.sluice.PgException;
import dev.sluice.PgLsn;
import dev.sluice.driver.WriteBuffer;
import java.util.List;

/**
 * The family of bit strings and pg_lsn: {@code bit}/{@code varbit} (bit_send: int32 length in bits,
 * then the bits, high bit first, padded to whole bytes) and {@code pg_lsn} (pg_lsn_send: the
 * unsigned 64-bit position). Their value types, {@link BitString} and {@link PgLsn}, hold the text
 * forms.
 */
public final class BitStringCodec {
  private BitStringCodec() {}

  /** bit, varbit and pg_lsn. */
  static final List<BuiltinType> TYPES =
      List.of(
          BuiltinType.of(
              Oids.BIT,
              Oids.BIT_ARRAY,
              "bit",
              "bit",
              -1,
              BitStringCodec::bits,
              BitStringCodec::encode),
          BuiltinType.of(
              Oids.VARBIT,
              Oids.VARBIT_ARRAY,
              "varbit",
              "bit varying",
              -1,
              BitStringCodec::bits,
              BitStringCodec::encode),
          BuiltinType.of(
              Oids.PG_LSN,
              Oids.PG_LSN_ARRAY,
              "pg_lsn",
              "pg_lsn",
              -1,
              BitStringCodec::lsn,
              (w, v, oid, i) -> {
                if (v instanceof PgLsn lsn) {
                  w.putLong(lsn.asLong());
                  return true;
                }
                return false;
              }));

  private static boolean encode(WriteBuffer w, Object v, int oid, int index) {
    if (v instanceof BitString bits) {
      encode(w, bits);
      return true;
    }
    return false;
  }

  /** A bit or varbit value; the bytes must be exactly the length's (else 08P01). */
  public static BitString bits(byte[] b, int off, int len) {
    if (len < 4) {
      throw new PgException("08P01", "bit string value of " + len + " bytes, shorter than 4");
    }
    int bits = Bytes.getInt(b, off);
    if (bits < 0 || (bits + 7L) / 8 != len - 4) {
      throw new PgException(
          "08P01", "bit string of " + bits + " bits in " + (len - 4) + " bytes after its length");
    }
    byte[] bytes = new byte[len - 4];
    System.arraycopy(b, off + 4, bytes, 0, bytes.length);
    return BitString.of(bits, bytes);
  }

  /** A pg_lsn value (8 bytes). */
  public static PgLsn lsn(byte[] b, int off, int len) {
    if (len != 8) {
      throw new PgException("08P01", "pg_lsn value of " + len + " bytes instead of 8");
    }
    return PgLsn.of(Bytes.getLong(b, off));
  }

  /** Writes {@code v} as bit_recv reads it. */
  static void encode(WriteBuffer w, BitString v) {
    w.putInt(v.length());
    w.putBytes(v.toByteArray());
  }
}
