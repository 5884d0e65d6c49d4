package dev.sluice.driver.codec;

import dev.sluice.driver.WriteBuffer;

/**
 * One built-in type the driver reads and writes in binary: its OID and its array type's, its names,
 * the size of its binary form, and that form both ways. Each type family's class declares its own
 * rows ({@code TYPES}); {@link BuiltinTypes} holds them all by OID, and the decoder ({@link
 * BinaryCodec#decode}), the encoder ({@link ParameterEncoder#encode}) and the facts {@link Oids}
 * gives (array and element types, names, which types travel in binary) read that one table.
 */
final class BuiltinType {
  /** Reads a value of the type (never NULL) from its binary form, of the type's length. */
  @FunctionalInterface
  interface Decoder {
    Object decode(byte[] b, int off, int len);
  }

  /**
   * Writes {@code v} in the binary form of type {@code oid} (one of the row's types) as parameter
   * {@code index}; false when {@code v} is no value of a Java type the type takes.
   */
  @FunctionalInterface
  interface Encoder {
    boolean encode(WriteBuffer w, Object v, int oid, int index);
  }

  final int oid;

  /** Its array type, or 0 when the driver knows none. */
  final int arrayOid;

  /** {@code pg_type.typname}: {@code int4}. */
  final String typname;

  /** The name in messages: {@code integer}. */
  final String name;

  /** The size of the binary form, checked before it is read; -1 where it varies. */
  final int length;

  /** Whether the binary form is the text itself, in the client encoding. */
  final boolean textual;

  final Decoder decoder;
  final Encoder encoder;

  BuiltinType(
      int oid,
      int arrayOid,
      String typname,
      String name,
      int length,
      boolean textual,
      Decoder decoder,
      Encoder encoder) {
    this.oid = oid;
    this.arrayOid = arrayOid;
    this.typname = typname;
    this.name = name;
    this.length = length;
    this.textual = textual;
    this.decoder = decoder;
    this.encoder = encoder;
  }

  /** A type whose binary form is not its text. */
  static BuiltinType of(
      int oid,
      int arrayOid,
      String typname,
      String name,
      int length,
      Decoder decoder,
      Encoder encoder) {
    return new BuiltinType(oid, arrayOid, typname, name, length, false, decoder, encoder);
  }

  @Override
  public String toString() {
    return typname + " (" + oid + ")";
  }
}
