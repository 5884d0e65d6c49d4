package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.PgNumeric;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.math.BigDecimal;
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
