package dev.sluice.driver.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connection's one registry of created types (issue 25): composites and the types read as a
 * built-in counterpart live in one cache, emptied as a whole; and an array read as a built-in array
 * accepts in its header exactly the created element type the catalog named for its column.
 */
@PgTest
class TypeRegistryTest {
  private PgConnection c;

  @BeforeEach
  void connect(TestDatabase tdb) {
    c = PgConnection.connect(ConnectionConfig.parse(tdb.url()), null);
    c.simpleQuery(
        "DROP TABLE IF EXISTS tr_t; DROP TYPE IF EXISTS tr_pair, tr_span; DROP DOMAIN IF EXISTS"
            + " tr_pos, tr_small; CREATE DOMAIN tr_pos AS int4 CHECK (VALUE > 0);"
            + " CREATE DOMAIN tr_small AS tr_pos CHECK (VALUE < 100);"
            + " CREATE TYPE tr_span AS RANGE (subtype = int4);"
            + " CREATE TYPE tr_pair AS (a int4, b text);"
            + " CREATE TABLE tr_t (p tr_pos[], s tr_small[], r tr_span[], i int4[]);"
            + " INSERT INTO tr_t VALUES ('{1,2}', '{3}', '{\"[1,5)\"}', '{4}')");
  }

  @AfterEach
  void close() {
    c.simpleQuery(
        "DROP TABLE IF EXISTS tr_t; DROP TYPE IF EXISTS tr_pair, tr_span;"
            + " DROP DOMAIN IF EXISTS tr_small, tr_pos");
    c.close();
  }

  private long oid(String type) {
    List<Long> out = new ArrayList<>();
    c.query(
        "SELECT $1::text::regtype::oid::int8",
        new Object[] {type},
        columns -> r -> r.getLong(0),
        out);
    return out.get(0);
  }

  /** The columns the reader saw, and what each reads as through getObject and getList. */
  private record Read(Columns columns, String values) {}

  private static final RowDecoder<Read> READ =
      columns ->
          r ->
              new Read(
                  columns,
                  r.getObject(0)
                      + " "
                      + r.getList(1, Integer.class)
                      + " "
                      + r.getObject(2)
                      + " "
                      + r.getList(3, Integer.class));

  private Read read() {
    return read("SELECT p, s, r, i FROM tr_t");
  }

  private Read read(String sql) {
    List<Read> out = new ArrayList<>();
    c.query(sql, new Object[0], READ, out);
    return out.get(0);
  }

  @Test
  void eachArrayColumnCarriesTheCreatedElementItsHeadersName() {
    Read got = read();
    assertThat(got.values()).isEqualTo("[1, 2] [3] [[1,5)] [4]");
    Columns columns = got.columns();
    assertThat(columns.typeOid(0)).isEqualTo(Oids.INT4_ARRAY);
    assertThat(columns.createdElementOid(0)).isEqualTo((int) oid("tr_pos"));
    // A domain over a domain: the header names the outer domain, the one the array is of.
    assertThat(columns.createdElementOid(1)).isEqualTo((int) oid("tr_small"));
    assertThat(columns.createdElementOid(2)).isEqualTo((int) oid("tr_span"));
    assertThat(columns.createdElementOid(3)).isZero();
    for (int i = 0; i < 4; i++) {
      assertThat(columns.isBinary(i)).as("column %d binary", i).isTrue();
    }
  }

  @Test
  void compositesAndCounterpartsAreOneCacheEmptiedAsAWhole() {
    TypeRegistry types = c.types();
    read();
    CompositeType pair = types.composite("tr_pair");
    int before = types.lookups();
    assertThat(before).isEqualTo(2); // one lookup of the columns' types, one of the composite
    read();
    assertThat(types.composite("tr_pair")).isSameAs(pair);
    assertThat(types.lookups()).isEqualTo(before); // both cached

    // A call failing with 42704 empties both: each is looked up again on its next use.
    PgException gone = catchThrowableOfType(() -> oid("tr_no_such_type"), PgException.class);
    assertThat(gone.sqlState()).isEqualTo("42704");
    assertThat(types.cached(pair.oid())).isNull();
    // A statement described now looks its columns' types up again, and reads them as before.
    Read again = read("SELECT p, s, r, i FROM tr_t WHERE true");
    assertThat(types.lookups()).isEqualTo(before + 1);
    assertThat(again.values()).isEqualTo("[1, 2] [3] [[1,5)] [4]");
    assertThat(again.columns().createdElementOid(0)).isEqualTo((int) oid("tr_pos"));
    assertThat(types.composite("tr_pair")).isEqualTo(pair).isNotSameAs(pair);
    assertThat(types.lookups()).isEqualTo(before + 2);
  }

  /** An int4 array value whose header names {@code declared} as its element type. */
  private static byte[] int4Array(int declared, int... values) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(20 + 8 * values.length);
    b.putInt(1).putInt(0).putInt(declared).putInt(values.length).putInt(1);
    for (int v : values) {
      b.putInt(4).putInt(v);
    }
    return b.array();
  }

  @Test
  void anArrayHeaderNamingAnotherCreatedTypeIsRefused() {
    int domain = 70_000;
    byte[] named = int4Array(domain, 7, 8);
    // The column's own created element: read.
    assertThat(BinaryCodec.array(named, 0, named.length, Oids.INT4, domain, Integer.class))
        .containsExactly(7, 8);
    assertThat(NestedArrays.decode(named, 0, named.length, Oids.INT4, domain, Integer.class))
        .containsExactly(7, 8);
    assertThat(BinaryCodec.decode(Oids.INT4_ARRAY, domain, named, 0, named.length))
        .isEqualTo(List.of(7, 8));
    // Any other created type (so far every OID from 16384 passed), or none named for the column.
    for (int created : new int[] {0, domain + 1}) {
      PgException e =
          catchThrowableOfType(
              () -> BinaryCodec.array(named, 0, named.length, Oids.INT4, created, Integer.class),
              PgException.class);
      assertThat(e.sqlState()).isEqualTo("08P01");
      assertThat(e.getMessage())
          .contains("array of type oid 70000 elements where integer elements were expected");
      PgException nested =
          catchThrowableOfType(
              () -> NestedArrays.decode(named, 0, named.length, Oids.INT4, created, Object.class),
              PgException.class);
      assertThat(nested.sqlState()).isEqualTo("08P01");
    }
    // The built-in element itself is always read.
    byte[] plain = int4Array(Oids.INT4, 9);
    assertThat(BinaryCodec.array(plain, 0, plain.length, Oids.INT4, domain, Integer.class))
        .containsExactly(9);
  }
}
