package dev.sluice.driver;

import dev.sluice.PgException;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.ParameterEncoder;
import dev.sluice.driver.codec.TextForms;
import dev.sluice.generated.CopyRow;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The {@link CopyRow} of one binary COPY FROM STDIN: it writes each value straight into the send
 * buffer in its column's binary form. Each column's encoding is chosen once, from the type OID the
 * COPY's Describe gave, when the COPY starts ({@link #kinds}); a value then takes the direct path
 * its (Java type, column kind) pair has, or, for any other pair, the general encoder: the one a
 * bound parameter of that type goes through, which also makes every refusal's message.
 *
 * <p>A value that cannot be encoded leaves its field's length unpatched and throws, naming the row
 * and the column; the caller drops the row's bytes before CopyFail, so nothing half-written goes
 * out.
 */
final class CopyRowEncoder extends CopyRow {

  // A column's encoding, chosen once per COPY from its type OID.
  private static final byte OTHER = 0;
  private static final byte BOOL = 1;
  private static final byte INT2 = 2;
  private static final byte INT4 = 3;
  private static final byte INT8 = 4;
  private static final byte FLOAT4 = 5;
  private static final byte FLOAT8 = 6;

  /** text, varchar, bpchar, name, json, xml, and the database's own types: a string as UTF-8. */
  private static final byte TEXT = 7;

  /** jsonb: its version byte, then the text. */
  private static final byte JSONB = 8;

  private static final byte UUID = 9;

  private final WriteBuffer out;
  private final List<String> columnNames;
  private final int[] oids;
  private final byte[] kinds;

  /** The index in the source of the row being written, for errors. */
  long row;

  CopyRowEncoder(WriteBuffer out, List<String> columnNames, int[] oids) {
    this.out = out;
    this.columnNames = columnNames;
    this.oids = oids;
    this.kinds = new byte[oids.length];
    for (int k = 0; k < oids.length; k++) {
      kinds[k] = kindOf(oids[k]);
    }
  }

  private static byte kindOf(int oid) {
    switch (oid) {
      case Oids.BOOL:
        return BOOL;
      case Oids.INT2:
        return INT2;
      case Oids.INT4:
        return INT4;
      case Oids.INT8:
        return INT8;
      case Oids.FLOAT4:
        return FLOAT4;
      case Oids.FLOAT8:
        return FLOAT8;
      case Oids.TEXT:
      case Oids.VARCHAR:
      case Oids.BPCHAR:
      case Oids.NAME:
      case Oids.JSON:
      case Oids.XML:
        return TEXT;
      case Oids.JSONB:
        return JSONB;
      case Oids.UUID:
        return UUID;
      default:
        return Oids.isCreated(oid) ? TEXT : OTHER;
    }
  }

  /** The count of columns, which starts each row (a tuple's int16 field count). */
  int columnCount() {
    return oids.length;
  }

  @Override
  public void putNull(int column) {
    out.putInt(-1);
  }

  @Override
  public void putBoolean(int column, boolean value) {
    if (kinds[column] == BOOL) {
      out.putInt(1);
      out.putByte(value ? 1 : 0);
    } else {
      putObject(column, value);
    }
  }

  @Override
  public void putShort(int column, short value) {
    switch (kinds[column]) {
      case INT2:
        out.putInt(2);
        out.putShort(value);
        return;
      case INT4:
        out.putInt(4);
        out.putInt(value);
        return;
      case INT8:
        out.putInt(8);
        out.putLong(value);
        return;
      default:
        putObject(column, value);
    }
  }

  @Override
  public void putInt(int column, int value) {
    switch (kinds[column]) {
      case INT4:
        out.putInt(4);
        out.putInt(value);
        return;
      case INT8:
        out.putInt(8);
        out.putLong(value);
        return;
      case FLOAT8:
        out.putInt(8);
        out.putLong(Double.doubleToLongBits(value));
        return;
      default:
        putObject(column, value); // int2 checks the range there, and says so if it fails
    }
  }

  @Override
  public void putLong(int column, long value) {
    if (kinds[column] == INT8) {
      out.putInt(8);
      out.putLong(value);
    } else {
      putObject(column, value);
    }
  }

  @Override
  public void putFloat(int column, float value) {
    switch (kinds[column]) {
      case FLOAT4:
        out.putInt(4);
        out.putInt(Float.floatToIntBits(value));
        return;
      case FLOAT8:
        out.putInt(8);
        out.putLong(Double.doubleToLongBits(value));
        return;
      default:
        putObject(column, value);
    }
  }

  @Override
  public void putDouble(int column, double value) {
    if (kinds[column] == FLOAT8) {
      out.putInt(8);
      out.putLong(Double.doubleToLongBits(value));
    } else {
      putObject(column, value);
    }
  }

  @Override
  public void putText(int column, String value) {
    if (value == null) {
      out.putInt(-1);
      return;
    }
    switch (kinds[column]) {
      case TEXT:
        {
          int at = out.reserveInt();
          out.putUtf8(value);
          out.patchLength(at);
          return;
        }
      case JSONB:
        {
          int at = out.reserveInt();
          out.putByte(1);
          out.putUtf8(value);
          out.patchLength(at);
          return;
        }
      default:
        putObject(column, value); // "char", or a string the column cannot take
    }
  }

  @Override
  public void putObject(int column, Object value) {
    if (value == null) {
      out.putInt(-1);
      return;
    }
    if (kinds[column] == UUID && value instanceof java.util.UUID u) {
      out.putInt(16);
      out.putLong(u.getMostSignificantBits());
      out.putLong(u.getLeastSignificantBits());
      return;
    }
    int at = out.reserveInt();
    try {
      encode(out, value, oids[column], column);
    } catch (RuntimeException e) {
      throw new PgException(
          e instanceof PgException pe ? pe.sqlState() : "22023",
          "row "
              + row
              + " of the source, column "
              + columnNames.get(column)
              + ": "
              + (e instanceof PgException pe ? pe.serverMessage() : e.toString()),
          null,
          e);
    }
    out.patchLength(at);
  }

  /**
   * A value in its column's binary form. A String or an enum goes as its text's bytes, which is the
   * binary form of the text-like types and of enums (jsonb's adds its version byte); into any other
   * type, a value with no binary form here is refused, as a binary COPY cannot take text.
   */
  private static void encode(WriteBuffer out, Object v, int oid, int k) {
    if (ParameterEncoder.format(v, oid) == Protocol.FORMAT_BINARY) {
      ParameterEncoder.encode(out, v, oid, Protocol.FORMAT_BINARY, k + 1);
      return;
    }
    if (v instanceof String || v instanceof Enum<?>) {
      String text = TextForms.text(v, ','); // the string, or the enum's label
      switch (oid) {
        case Oids.JSONB:
          out.putByte(1);
          out.putBytes(text.getBytes(StandardCharsets.UTF_8));
          return;
        case Oids.TEXT:
        case Oids.VARCHAR:
        case Oids.BPCHAR:
        case Oids.NAME:
        case Oids.JSON:
        case Oids.XML:
          out.putBytes(text.getBytes(StandardCharsets.UTF_8));
          return;
        default:
          if (Oids.isCreated(oid)) {
            out.putBytes(text.getBytes(StandardCharsets.UTF_8)); // an enum, or another text type
            return;
          }
      }
    }
    throw new PgException(
        "42804",
        "a " + v.getClass().getSimpleName() + " has no binary form for type OID " + oid + " here",
        null,
        null);
  }
}
