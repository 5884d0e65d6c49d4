package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.RowView;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.TextArray;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * Regressions found by {@link ProtocolFuzzer}: malformed values and messages that escaped as
 * unchecked exceptions, hung the receive loop, read past a value, or allocated what a length
 * announced. Each must now be a typed error (08P01 for malformed data) naming what is wrong.
 */
class DecoderFaultTest {
  /** A RowView framed over one DataRow of a single binary column of type {@code oid}. */
  private static RowView row(int oid, byte[] value) {
    FuzzCorpus.Body d = new FuzzCorpus.Body().i16(1).value(value);
    byte[] bytes = FuzzCorpus.serialize(java.util.List.of(d.message(Protocol.DATA_ROW)));
    ReadBuffer in = new ReadBuffer(new ByteArrayInputStream(bytes));
    try {
      in.fill(bytes.length);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    RowView rows = new RowView(in);
    rows.start(
        new Columns(
            new String[] {"v"},
            new int[] {oid},
            new int[1],
            new short[1],
            new int[1],
            new short[] {1}),
        new int[] {oid});
    assertThat(rows.next()).isTrue();
    return rows;
  }

  private static String malformed(Runnable r) {
    PgException e = catchThrowableOfType(PgException.class, r::run);
    assertThat(e).isNotNull();
    assertThat(e.sqlState()).isEqualTo("08P01");
    return e.getMessage();
  }

  @Test
  void aLengthAnnouncedIsNotAllocatedBeforeItsBytesArrive() throws Exception {
    byte[] bytes = {'Z', 0x3f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 'I'};
    ReadBuffer in = new ReadBuffer(new ByteArrayInputStream(bytes));
    catchThrowableOfType(EOFException.class, in::nextMessage);
    assertThat(in.array().length).isEqualTo(ReadBuffer.INITIAL_SIZE);
  }

  @Test
  void aCompleteDataRowTooShortForItsColumnCountFailsInsteadOfSpinning() {
    ReadBuffer in = new ReadBuffer(new ByteArrayInputStream(new byte[] {'D', 0, 0, 0, 4}));
    RowView rows = new RowView(in);
    rows.start(
        new Columns(new String[0], new int[0], new int[0], new short[0], new int[0], new short[0]),
        new int[0]);
    assertThat(
            malformed(
                () -> {
                  try {
                    in.fill(5);
                  } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                  }
                  rows.next();
                }))
        .contains("DataRow length 4");
  }

  @Test
  void numericDigitsOutsideBase10000() {
    byte[] v = new FuzzCorpus.Body().i16(1).i16(0).i16(0).i16(0).i16(10000).toBytes();
    assertThat(malformed(() -> row(Oids.NUMERIC, v).getBigDecimal(0))).contains("digit 10000");
    byte[] slow =
        new FuzzCorpus.Body()
            .i16(5)
            .i16(0)
            .i16(0)
            .i16(0)
            .i16(1)
            .i16(2)
            .i16(3)
            .i16(4)
            .i16(-1)
            .toBytes();
    assertThat(malformed(() -> row(Oids.NUMERIC, slow).getBigDecimal(0))).contains("digit -1");
  }

  @Test
  void numericDigitsHiddenByDscaleAreTruncatedAsTheServerDoes() {
    // 1.00005 with dscale 1, on the BigInteger path: numeric_recv truncates to 1.0.
    byte[] v = new FuzzCorpus.Body().i16(3).i16(0).i16(0).i16(1).i16(1).i16(0).i16(5000).toBytes();
    assertThat(row(Oids.NUMERIC, v).getBigDecimal(0)).isEqualTo(new BigDecimal("1.0"));
  }

  @Test
  void numericShorterThanItsHeader() {
    assertThat(malformed(() -> row(Oids.NUMERIC, new byte[] {0, 0}).getString(0)))
        .contains("shorter than its header");
  }

  @Test
  void aHugeNumericReadsAsDoubleWithoutScalingItsDigits() {
    byte[] v = new FuzzCorpus.Body().i16(1).i16(32_000).i16(0).i16(0).i16(1).toBytes();
    assertThat(row(Oids.NUMERIC, v).getDouble(0)).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void timeOutsideADay() {
    assertThat(malformed(() -> row(Oids.TIME, FuzzCorpus.int8(-1)).getLocalTime(0)))
        .contains("-1 µs");
    assertThat(malformed(() -> row(Oids.TIME, FuzzCorpus.int8(86_400_000_001L)).getLocalTime(0)))
        .contains("outside 00:00:00 to 24:00:00");
  }

  @Test
  void timetzZoneBeyondSixteenHours() {
    assertThat(malformed(() -> row(Oids.TIMETZ, FuzzCorpus.timetz(0, 64_800)).getOffsetTime(0)))
        .contains("64800 s west of UTC");
  }

  @Test
  void inetShorterThanItsHeaderOrOfAnUnknownFamily() {
    assertThat(malformed(() -> row(Oids.INET, new byte[] {2, 32}).getInetNetwork(0)))
        .contains("shorter than its header");
    assertThat(
            malformed(() -> row(Oids.INET, new byte[] {9, 32, 0, 4, 1, 2, 3, 4}).getInetNetwork(0)))
        .contains("family 9");
  }

  @Test
  void integerOfTheWrongLengthOnTheWideningPath() {
    assertThat(malformed(() -> row(Oids.INT4, new byte[] {0, 1}).getLong(0)))
        .contains("\"v\", integer) has length 2");
  }

  @Test
  void arrayElementCountBeyondItsBytes() {
    byte[] v =
        new FuzzCorpus.Body().i32(1).i32(0).i32(Oids.INT4).i32(Integer.MAX_VALUE).i32(1).toBytes();
    assertThat(malformed(() -> row(Oids.INT4_ARRAY, v).getList(0, Object.class)))
        .contains("2147483647 elements in 0 bytes");
    byte[] negative = new FuzzCorpus.Body().i32(1).i32(0).i32(Oids.INT4).i32(-2).i32(1).toBytes();
    assertThat(malformed(() -> row(Oids.INT4_ARRAY, negative).getList(0, Object.class)))
        .contains("-2 elements");
  }

  @Test
  void arrayElementLengthPastTheValueOrOfTheWrongSize() {
    byte[] past =
        new FuzzCorpus.Body()
            .i32(1)
            .i32(0)
            .i32(Oids.BYTEA)
            .i32(1)
            .i32(1)
            .i32(0x7f00_0000)
            .toBytes();
    assertThat(malformed(() -> row(Oids.BYTEA_ARRAY, past).getList(0, Object.class)))
        .contains("element 0 runs past the end");
    byte[] shortInt = FuzzCorpus.array(Oids.INT4, new byte[] {1});
    assertThat(malformed(() -> row(Oids.INT4_ARRAY, shortInt).getList(0, Object.class)))
        .contains("integer value of 1 bytes instead of 4");
  }

  @Test
  void arrayOfAnotherElementType() {
    byte[] v = FuzzCorpus.array(Oids.INT4_ARRAY, FuzzCorpus.array(Oids.INT4));
    assertThat(malformed(() -> row(Oids.INT4_ARRAY, v).getList(0, Object.class)))
        .contains("where integer elements were expected");
  }

  @Test
  void byteaArrayIsNoString() {
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> row(Oids.BYTEA_ARRAY, FuzzCorpus.array(Oids.BYTEA, new byte[] {1})).getString(0));
    assertThat(e.sqlState()).isEqualTo("42804");
  }

  @Test
  void textArrayEndingInABackslash() {
    RowView rows = row(Oids.TEXT, "{a\\}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    PgException e =
        catchThrowableOfType(
            PgException.class,
            () -> TextArray.parse(rows.buffer(), rows.offset(0), rows.length(0), ','));
    assertThat(e.sqlState()).isEqualTo("22P02");
    assertThat(e.getMessage()).contains("backslash before the closing brace");
  }
}
