package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.Range;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** The type families' value types as components of generated decoders, and as DAO parameters. */
@PgTest
class TypeFamiliesTest {
  @Test
  void numericSpecialsReadIntoPgNumericComponents(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      TypeFamilies.Numerics n =
          db.queryOne(
                  "SELECT 'NaN'::numeric AS value, NULL::numeric AS missing,"
                      + " '{-Infinity,2.50,NULL}'::numeric[] AS list,"
                      + " ARRAY[1::int8]::numeric[] AS array",
                  TypeFamilies.Numerics.class)
              .orElseThrow();
      assertThat(n.value()).isSameAs(PgNumeric.NaN);
      assertThat(n.missing()).isNull();
      assertThat(n.list())
          .containsExactly(PgNumeric.NEGATIVE_INFINITY, PgNumeric.of(new BigDecimal("2.50")), null);
      assertThat(n.array()).containsExactly(PgNumeric.of(BigDecimal.ONE));
    }
  }

  @Test
  void valueTypesAreSingleValueResultsOfDaoMethods(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      ValueTypeDao dao = db.dao(ValueTypeDao.class);
      assertThat(dao.notANumber()).isSameAs(PgNumeric.NaN);
      assertThat(dao.numerics())
          .containsExactly(PgNumeric.POSITIVE_INFINITY, PgNumeric.of(new BigDecimal("1.5")));
      assertThat(dao.bits()).contains(dev.sluice.BitString.parse("101"));
    }
  }

  @Test
  void arraysOfDomainsReadIntoComponentsOfTheBaseType(TestDatabase tdb) throws Exception {
    tdb.execute(
        "CREATE DOMAIN tf_posint AS int4 CHECK (VALUE > 0);"
            + " CREATE DOMAIN tf_small AS tf_posint CHECK (VALUE < 1000);"
            + " CREATE DOMAIN tf_intarr AS int4[];"
            + " CREATE TABLE tf_doms (positives tf_posint[] NOT NULL, smalls tf_small[],"
            + " arr tf_intarr NOT NULL, plain tf_posint NOT NULL);"
            + " INSERT INTO tf_doms VALUES ('{1,2}', '{3,NULL}', '{-1}', 7), ('{}', NULL, '{}', 1)");
    String sql = "SELECT positives, smalls, arr, plain FROM tf_doms ORDER BY plain DESC";
    try (Database db = Database.connect(tdb.url());
        Database shared = Database.builder().url(tdb.url()).maxPoolSize(1).pipelining(4).build()) {
      for (Database d : java.util.List.of(db, shared)) {
        for (int run = 0; run < 2; run++) { // described (unnamed, then named), then cached
          java.util.List<TypeFamilies.Domains> rows = d.query(sql, TypeFamilies.Domains.class);
          assertThat(rows).hasSize(2);
          assertThat(rows.get(0).positives()).containsExactly(1, 2);
          assertThat(rows.get(0).smalls()).containsExactly(3, null);
          assertThat(rows.get(0).arr()).containsExactly(-1);
          assertThat(rows.get(0).plain()).isEqualTo(7);
          assertThat(rows.get(1).positives()).isEmpty();
          assertThat(rows.get(1).smalls()).isNull();
          assertThat(rows.get(1).arr()).isEmpty();
          assertThat(rows.get(1).plain()).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void pgLsnAndBitStringsReadIntoComponents(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      TypeFamilies.LsnBits r =
          db.queryOne(
                  "SELECT '16/B374D848'::pg_lsn AS lsn, NULL::pg_lsn AS missing,"
                      + " B'0101'::varbit AS bits, B'110'::bit(3) AS fixed,"
                      + " '{0/0,FFFFFFFF/FFFFFFFF}'::pg_lsn[] AS lsns,"
                      + " ARRAY[B'1', NULL, B'']::varbit[] AS bit_list",
                  TypeFamilies.LsnBits.class)
              .orElseThrow();
      assertThat(r.lsn()).isEqualTo(dev.sluice.PgLsn.parse("16/B374D848"));
      assertThat(r.missing()).isNull();
      assertThat(r.bits()).isEqualTo(dev.sluice.BitString.parse("0101"));
      assertThat(r.fixed()).hasToString("110");
      assertThat(r.lsns()).containsExactly(dev.sluice.PgLsn.of(0), dev.sluice.PgLsn.of(-1));
      assertThat(r.bitList())
          .containsExactly(dev.sluice.BitString.parse("1"), null, dev.sluice.BitString.parse(""));
      // Another type in a PgLsn component is refused when the decoder binds.
      assertThatThrownBy(
              () ->
                  db.queryOne(
                      "SELECT 1::int8 AS lsn, NULL::pg_lsn AS missing, B'1'::varbit AS bits,"
                          + " B'1'::bit AS fixed, '{}'::pg_lsn[] AS lsns,"
                          + " '{}'::varbit[] AS bit_list",
                      TypeFamilies.LsnBits.class))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"))
          .hasMessageContaining("\"lsn\"")
          .hasMessageContaining("bigint");
    }
  }

  @Test
  void rangesAndMultirangesReadIntoRangeComponents(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      TypeFamilies.Ranges r =
          db.queryOne(
                  "SELECT '[1,3]'::int4range AS ints, '(,5)'::int4range AS longs,"
                      + " 'empty'::numrange AS decimals, '[2000-01-01,)'::daterange AS dates,"
                      + " '[2000-01-01 10:00,2000-01-01 11:00]'::tsrange AS stamps,"
                      + " NULL::tstzrange AS instants, '{[5,7),[1,2)}'::int4multirange AS multi",
                  TypeFamilies.Ranges.class)
              .orElseThrow();
      assertThat(r.ints()).isEqualTo(Range.closedOpen(1, 4));
      assertThat(r.longs()).isEqualTo(Range.of(null, false, 5L, false));
      assertThat(r.decimals().isEmpty()).isTrue();
      assertThat(r.dates()).isEqualTo(Range.of(LocalDate.of(2000, 1, 1), true, null, false));
      assertThat(r.stamps())
          .isEqualTo(
              Range.closed(
                  LocalDateTime.of(2000, 1, 1, 10, 0), LocalDateTime.of(2000, 1, 1, 11, 0)));
      assertThat(r.instants()).isNull();
      assertThat(r.multi()).containsExactly(Range.closedOpen(1, 2), Range.closedOpen(5, 7));
      // A range of another subtype is refused at bind time, not read into the wrong bounds.
      assertThatThrownBy(
              () ->
                  db.queryOne(
                      "SELECT '[1,3]'::int8range AS ints, '(,5)'::int4range AS longs,"
                          + " 'empty'::numrange AS decimals, '[2000-01-01,)'::daterange AS dates,"
                          + " '[2000-01-01 10:00,2000-01-01 11:00]'::tsrange AS stamps,"
                          + " NULL::tstzrange AS instants, '{}'::int4multirange AS multi",
                      TypeFamilies.Ranges.class))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"))
          .hasMessageContaining("ints");
    }
  }

  @Test
  void rangesCreatedInTheDatabaseReadIntoRangeComponents(TestDatabase tdb) throws Exception {
    tdb.execute(
        "CREATE TYPE tf_intspan AS RANGE (subtype = int4);"
            + " CREATE TYPE tf_dayspan AS RANGE (subtype = date)");
    try (Database db = Database.connect(tdb.url())) {
      TypeFamilies.Ranges r =
          db.queryOne(
                  "SELECT '[1,3]'::tf_intspan AS ints, '(,5)'::tf_intspan AS longs,"
                      + " 'empty'::numrange AS decimals, '[2000-01-01,)'::tf_dayspan AS dates,"
                      + " '[2000-01-01 10:00,2000-01-01 11:00]'::tsrange AS stamps,"
                      + " NULL::tstzrange AS instants,"
                      + " '{[5,7),[1,2]}'::tf_intspan_multirange AS multi",
                  TypeFamilies.Ranges.class)
              .orElseThrow();
      // No canonical function on tf_intspan: its bounds are kept as written.
      assertThat(r.ints()).isEqualTo(Range.closed(1, 3));
      assertThat(r.longs()).isEqualTo(Range.of(null, false, 5L, false));
      assertThat(r.dates()).isEqualTo(Range.of(LocalDate.of(2000, 1, 1), true, null, false));
      assertThat(r.multi()).containsExactly(Range.closed(1, 2), Range.closedOpen(5, 7));
    }
  }

  @Test
  void aPgNumericComponentRefusesAFloatColumnAtBindTime(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      assertThatThrownBy(
              () ->
                  db.queryOne(
                      "SELECT 1.5::float8 AS value, NULL::numeric AS missing,"
                          + " '{}'::numeric[] AS list, '{}'::numeric[] AS array",
                      TypeFamilies.Numerics.class))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("42804"))
          .hasMessageContaining("value");
    }
  }
}
