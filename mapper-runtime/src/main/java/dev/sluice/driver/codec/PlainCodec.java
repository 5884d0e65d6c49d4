package dev.sluice.driver.codec;

import java.util.List;
import java.util.UUID;

/**
 * The family of bool, bytea and uuid, whose binary forms are their bytes: one byte (0 or 1), the
 * bytes themselves, and the 16 bytes of the UUID, most significant first.
 */
public final class PlainCodec {
  private PlainCodec() {}

  static final List<BuiltinType> TYPES =
      List.of(
          BuiltinType.of(
              Oids.BOOL,
              Oids.BOOL_ARRAY,
              "bool",
              "boolean",
              1,
              (b, off, len) -> b[off] != 0,
              (w, v, oid, i) -> {
                if (v instanceof Boolean bool) {
                  w.putByte(bool ? 1 : 0);
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.BYTEA,
              Oids.BYTEA_ARRAY,
              "bytea",
              "bytea",
              -1,
              (b, off, len) -> {
                byte[] copy = new byte[len];
                System.arraycopy(b, off, copy, 0, len);
                return copy;
              },
              (w, v, oid, i) -> {
                if (v instanceof byte[] bytes) {
                  w.putBytes(bytes);
                  return true;
                }
                return false;
              }),
          BuiltinType.of(
              Oids.UUID,
              Oids.UUID_ARRAY,
              "uuid",
              "uuid",
              16,
              PlainCodec::uuid,
              (w, v, oid, i) -> {
                if (v instanceof UUID u) {
                  w.putLong(u.getMostSignificantBits());
                  w.putLong(u.getLeastSignificantBits());
                  return true;
                }
                return false;
              }));

  private static UUID uuid(byte[] b, int off, int len) {
    return uuid(b, off);
  }

  public static UUID uuid(byte[] b, int off) {
    return new UUID(Bytes.getLong(b, off), Bytes.getLong(b, off + 8));
  }
}
