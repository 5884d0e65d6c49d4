package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.BitString;
import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.PgLsn;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PgLsn} and {@link BitString}, read and written in binary, against the server's text and
 * pgjdbc, over the values of PostgreSQL's regression tests (pg_lsn.sql, bit.sql) and edge cases of
 * our own: scalars, arrays, parameters, and input the server refuses, which the parsers refuse too.
 */
@PgTest
class LsnAndBitStringTest {
  /** pg_lsn.sql's values, its generate_series grid's corners, and ours. */
  private static final List<String> LSNS =
      List.of(
          "0/0",
          "FFFFFFFF/FFFFFFFF",
          "0/16AE7F8",
          "0/16AE7F7",
          "16AE7F7/0",
          "1/1",
          "10/A",
          "a/b",
          "7FFFFFFF/FFFFFFFF",
          "80000000/0",
          "12345678/9abcdef0",
          "00000001/00000002");

  /** pg_lsn.sql's incorrect input, and ours. */
  private static final List<String> BAD_LSNS =
      List.of("G/0", "-1/0", " 0/12345678", "ABCD/", "/ABCD", "0/0 ", "123456789/0", "0/1/2", "");

  /** bit.sql's values (B'…' and X'…' inputs) and ours, as varbit. */
  private static final List<String> BITS =
      List.of(
          "",
          "0",
          "1",
          "010101",
          "00000000000",
          "11011000000",
          "01010101010",
          "101011111010",
          "X0F",
          "X000F",
          "XFA50",
          "11111111",
          "100000000",
          "1101100000000000",
          "0101011000100100");

  private static final RowDecoder<Object[]> LSN_ROW =
      columns -> row -> new Object[] {row.getPgLsn(0), row.getString(1), row.isBinary(0)};

  @Test
  void pgLsnReadsAndBindsAsTheServerAndPgjdbcSeeIt(TestDatabase tdb) throws Exception {
    try (Database db = Database.connect(tdb.url());
        Connection jdbc = tdb.jdbc()) {
      List<PgLsn> read = new ArrayList<>();
      for (String text : LSNS) {
        Object[] got = db.query("SELECT $1::pg_lsn, $1::pg_lsn::text", LSN_ROW, text).get(0);
        PgLsn lsn = (PgLsn) got[0];
        assertThat(got[2]).as(text).isEqualTo(true);
        assertThat(lsn.toString()).as(text).isEqualTo(got[1]);
        assertThat(PgLsn.parse(text)).as(text).isEqualTo(lsn);
        assertThat(jdbcText(jdbc, "SELECT ?::pg_lsn", text)).as(text).isEqualTo(lsn.toString());
        // Bound back in binary: the server reads the same position.
        assertThat(db.query("SELECT $1::pg_lsn::text", TestText.STRING, lsn))
            .containsExactly((String) got[1]);
        assertThat(db.query("SELECT $1::pg_lsn = $2::text::pg_lsn", TestText.BOOL, lsn, text))
            .containsExactly(true);
        read.add(lsn);
      }
      // Order and distance as the server computes them (unsigned 64-bit).
      for (PgLsn a : read) {
        for (PgLsn b : read) {
          boolean less = db.query("SELECT $1::pg_lsn < $2::pg_lsn", TestText.BOOL, a, b).get(0);
          assertThat(a.compareTo(b) < 0).as(a + " < " + b).isEqualTo(less);
        }
      }
      assertThat(
              db.query(
                  "SELECT ($1::pg_lsn - $2::pg_lsn)::text",
                  TestText.STRING,
                  PgLsn.parse("FFFFFFFF/FFFFFFFF"),
                  PgLsn.of(0)))
          .containsExactly(Long.toUnsignedString(PgLsn.parse("FFFFFFFF/FFFFFFFF").asLong()));
      assertThat(PgLsn.of(-1)).isEqualTo(PgLsn.parse("FFFFFFFF/FFFFFFFF"));
      // Arrays, a NULL element included, and the first-column decoder.
      List<PgLsn> list =
          db.query(
                  "SELECT '{0/0,NULL,FFFFFFFF/FFFFFFFF,16/B374D848}'::pg_lsn[]",
                  columns -> row -> row.getList(0, PgLsn.class))
              .get(0);
      assertThat(list).containsExactly(PgLsn.of(0), null, PgLsn.of(-1), PgLsn.parse("16/B374D848"));
      assertThat(db.query("SELECT $1::pg_lsn[]::text", TestText.STRING, list))
          .containsExactly("{0/0,NULL,FFFFFFFF/FFFFFFFF,16/B374D848}");
      assertThat(db.query("SELECT '1/2'::pg_lsn UNION ALL SELECT NULL", PgLsn.class))
          .containsExactly(PgLsn.parse("1/2"), null);
    }
  }

  @Test
  void inputTheServerRefusesTheParsersRefuse(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      for (String bad : BAD_LSNS) {
        assertThatThrownBy(() -> db.query("SELECT $1::pg_lsn", TestText.STRING, bad))
            .as(bad)
            .isInstanceOf(PgException.class)
            .extracting(e -> ((PgException) e).sqlState())
            .isEqualTo("22P02");
        assertThatThrownBy(() -> PgLsn.parse(bad))
            .as(bad)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("invalid input syntax for type pg_lsn: \"" + bad + "\"");
      }
      for (String bad : List.of("01010Z01", "2", " 1", "1 ")) {
        assertThatThrownBy(() -> db.query("SELECT $1::varbit", TestText.STRING, bad))
            .as(bad)
            .isInstanceOf(PgException.class)
            .extracting(e -> ((PgException) e).sqlState())
            .isEqualTo("22P02");
        assertThatThrownBy(() -> BitString.parse(bad))
            .as(bad)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("is not a valid binary digit");
      }
    }
  }

  private static final RowDecoder<Object[]> BIT_ROW =
      columns -> row -> new Object[] {row.getBitString(0), row.getString(1), row.getBitString(2)};

  @Test
  void bitStringsReadAndBindAsTheServerAndPgjdbcSeeThem(TestDatabase tdb) throws Exception {
    try (Database db = Database.connect(tdb.url());
        Connection jdbc = tdb.jdbc()) {
      for (String input : BITS) {
        Object[] got =
            db.query("SELECT $1::varbit, $1::varbit::text, $1::varbit::bit(7)", BIT_ROW, input)
                .get(0);
        BitString bits = (BitString) got[0];
        String text = (String) got[1];
        assertThat(bits.toString()).as(input).isEqualTo(text);
        assertThat(bits.length()).as(input).isEqualTo(text.length());
        assertThat(BitString.parse(text)).as(input).isEqualTo(bits);
        assertThat(jdbcText(jdbc, "SELECT ?::varbit", input)).as(input).isEqualTo(text);
        // bit(7) pads or truncates on the right, as the server's cast does.
        String seven = (text + "0000000").substring(0, 7);
        assertThat(got[2].toString()).as(input).isEqualTo(seven);
        for (int i = 0; i < bits.length(); i++) {
          assertThat(bits.get(i)).isEqualTo(text.charAt(i) == '1');
        }
        // Bound back in binary, as varbit and into a bit(n) of its length.
        assertThat(db.query("SELECT $1::varbit::text", TestText.STRING, bits))
            .containsExactly(text);
        if (!text.isEmpty()) {
          assertThat(
                  db.query("SELECT ($1::bit(" + text.length() + "))::text", TestText.STRING, bits))
              .containsExactly(text);
        }
      }
      List<BitString> list =
          db.query(
                  "SELECT '{101,NULL,\"\",0000000011}'::varbit[]",
                  columns -> row -> row.getList(0, BitString.class))
              .get(0);
      assertThat(list)
          .containsExactly(
              BitString.parse("101"), null, BitString.parse(""), BitString.parse("0000000011"));
      assertThat(db.query("SELECT $1::varbit[]::text", TestText.STRING, list))
          .containsExactly("{101,NULL,\"\",0000000011}");
      assertThat(db.query("SELECT B'11'::bit(2)", BitString.class))
          .containsExactly(BitString.parse("11"));
    }
  }

  @Test
  void aBitColumnTakesABitStringOfItsLengthOnly(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE TABLE bit_table (b bit(11), v varbit(11))");
    try (Database db = Database.connect(tdb.url())) {
      BitString eleven = BitString.parse("11011000000");
      db.execute("INSERT INTO bit_table VALUES ($1, $2)", eleven, BitString.parse("010101"));
      assertThat(
              db.query(
                  "SELECT b, b::text, v FROM bit_table",
                  columns ->
                      row ->
                          row.getBitString(0) + " " + row.getString(1) + " " + row.getBitString(2)))
          .containsExactly("11011000000 11011000000 010101");
      assertThatThrownBy(
              () -> db.execute("INSERT INTO bit_table (b) VALUES ($1)", BitString.parse("10")))
          .isInstanceOf(PgException.class)
          .hasMessageContaining("bit string length 2 does not match type bit(11)")
          .extracting(e -> ((PgException) e).sqlState())
          .isEqualTo("22026");
      assertThatThrownBy(
              () ->
                  db.execute(
                      "INSERT INTO bit_table (v) VALUES ($1)", BitString.parse("101011111010")))
          .isInstanceOf(PgException.class)
          .hasMessageContaining("bit string too long for type bit varying(11)");
    }
  }

  @Test
  void theValueTypesCheckWhatTheyAreGiven() {
    assertThat(BitString.of(3, new byte[] {(byte) 0xff})).isEqualTo(BitString.parse("111"));
    assertThat(BitString.of(3, new byte[] {(byte) 0xff}).toByteArray())
        .containsExactly((byte) 0xe0);
    assertThatThrownBy(() -> BitString.of(9, new byte[1]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a bit string of 9 bits takes (length + 7) / 8 bytes, not 1");
    assertThatThrownBy(() -> BitString.parse("11").get(2))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(PgLsn.parse("0/1").compareTo(PgLsn.parse("FFFFFFFF/0"))).isNegative();
    assertThat(PgLsn.of(0x16B374D848L).toString()).isEqualTo("16/B374D848");
  }

  private static String jdbcText(Connection jdbc, String sql, String value) throws Exception {
    try (PreparedStatement ps = jdbc.prepareStatement(sql)) {
      ps.setString(1, value);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  /** First-column decoders of the server's answers. */
  private static final class TestText {
    static final RowDecoder<String> STRING = columns -> row -> row.getString(0);
    static final RowDecoder<Boolean> BOOL = columns -> row -> row.getBoolean(0);
  }
}
