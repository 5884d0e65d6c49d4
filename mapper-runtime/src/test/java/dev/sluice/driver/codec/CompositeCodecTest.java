package dev.sluice.driver.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.driver.PgConnection;
import dev.sluice.driver.WriteBuffer;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The per-connection type registry and the binary composite form (issue 25), against the server:
 * what Sluice decodes is compared with the fields the server put in, what it encodes with the
 * server's own {@code record_send} bytes of the same value.
 */
@PgTest
class CompositeCodecTest {
  private static final RowDecoder<byte[]> BYTES = columns -> r -> r.getBytes(0);
  private static final RowDecoder<Long> LONG = columns -> r -> r.getLong(0);

  private PgConnection c;

  @BeforeEach
  void connect(TestDatabase tdb) {
    c = PgConnection.connect(ConnectionConfig.parse(tdb.url()), null);
    c.simpleQuery(
        "DROP TYPE IF EXISTS cc_person, cc_addr, cc_tmp CASCADE;"
            + " CREATE TYPE cc_addr AS (street text, zip int4, tags text[]);"
            + " CREATE TYPE cc_person AS (name text, home cc_addr, born date)");
  }

  @AfterEach
  void close() {
    c.simpleQuery("DROP TYPE IF EXISTS cc_person, cc_addr, cc_tmp CASCADE");
    c.close();
  }

  private byte[] bytes(String sql) {
    List<byte[]> out = new ArrayList<>();
    c.query(sql, new Object[0], BYTES, out);
    return out.get(0);
  }

  private long number(String sql) {
    List<Long> out = new ArrayList<>();
    c.query(sql, new Object[0], LONG, out);
    return out.get(0);
  }

  private static byte[] encoded(CompositeType t, Object[] fields, TypeRegistry types) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    WriteBuffer w = new WriteBuffer(sink);
    CompositeCodec.encode(w, t, fields, types);
    try {
      w.flush();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    return sink.toByteArray();
  }

  @Test
  void registryLooksATypeUpOnceWithItsExactFieldOids() {
    TypeRegistry types = c.types();
    CompositeType addr = types.composite("cc_addr");
    assertThat(addr.oid()).isEqualTo((int) number("SELECT 'cc_addr'::regtype::oid::int8"));
    assertThat(addr.arrayOid()).isEqualTo((int) number("SELECT 'cc_addr[]'::regtype::oid::int8"));
    assertThat(addr.fields())
        .containsExactly(
            new CompositeType.Field("street", Oids.TEXT),
            new CompositeType.Field("zip", Oids.INT4),
            new CompositeType.Field("tags", Oids.TEXT_ARRAY, 'b', Oids.TEXT_ARRAY, Oids.TEXT));
    assertThat(types.composite("cc_addr")).isSameAs(addr);
    assertThat(types.lookups()).isEqualTo(1);
    assertThat(types.cached(addr.oid())).isSameAs(addr);
  }

  @Test
  void aTableRowTypeIsAComposite() {
    c.simpleQuery(
        "DROP TABLE IF EXISTS cc_table; CREATE TABLE cc_table (id int8, gone int4, n text)");
    c.simpleQuery("ALTER TABLE cc_table DROP COLUMN gone");
    try {
      CompositeType t = c.types().composite("public.cc_table");
      assertThat(t.fields())
          .containsExactly(
              new CompositeType.Field("id", Oids.INT8), new CompositeType.Field("n", Oids.TEXT));
    } finally {
      c.simpleQuery("DROP TABLE cc_table");
    }
  }

  @Test
  void unknownAndNonCompositeTypesFailByName() {
    PgException unknown =
        catchThrowableOfType(() -> c.types().composite("cc_nope"), PgException.class);
    assertThat(unknown.sqlState()).isEqualTo("42704");
    assertThat(unknown.serverMessage()).contains("cc_nope");
    PgException scalar = catchThrowableOfType(() -> c.types().composite("int4"), PgException.class);
    assertThat(scalar.sqlState()).isEqualTo("42809");
    assertThat(scalar.getMessage()).contains("\"int4\" is not a composite type");
    // The connection is in step after both.
    assertThat(number("SELECT 7::int8")).isEqualTo(7L);
  }

  @Test
  void decodesFieldsNullsAndAnArrayField() {
    Object[] f =
        CompositeCodec.decode(
            bytes("SELECT record_send(ROW('Main St', 12345, ARRAY['a', NULL])::cc_addr)"), null);
    assertThat(f[0]).isEqualTo("Main St");
    assertThat(f[1]).isEqualTo(12345);
    assertThat(f[2]).isEqualTo(Arrays.asList("a", null)); // ("a", null);
    Object[] nulls =
        CompositeCodec.decode(bytes("SELECT record_send(ROW(NULL, NULL, NULL)::cc_addr)"), null);
    assertThat(nulls).containsExactly(null, null, null);
  }

  @Test
  void decodesNestedCompositesAnonymousRecordsAndArraysOfComposites() {
    TypeRegistry types = c.types();
    types.composite("cc_addr");
    Object[] person =
        CompositeCodec.decode(
            bytes(
                "SELECT record_send(ROW('Ann', ROW('Elm', 1, '{}')::cc_addr,"
                    + " '2000-02-29')::cc_person)"),
            types);
    assertThat(person[0]).isEqualTo("Ann");
    assertThat((Object[]) person[1]).containsExactly("Elm", 1, List.of());
    assertThat(person[2]).isEqualTo(java.time.LocalDate.of(2000, 2, 29));

    Object[] anonymous =
        CompositeCodec.decode(bytes("SELECT record_send(ROW(1, 'a'::text, ROW(2::int8)))"), null);
    assertThat(anonymous[0]).isEqualTo(1);
    assertThat(anonymous[1]).isEqualTo("a");
    assertThat((Object[]) anonymous[2]).containsExactly(2L);

    byte[] array =
        bytes(
            "SELECT array_send(ARRAY[ROW('x', 1, NULL)::cc_addr, NULL,"
                + " ROW(NULL, 2, '{b}')::cc_addr])");
    List<Object[]> list = CompositeCodec.decodeArray(array, 0, array.length, types);
    assertThat(list).hasSize(3);
    assertThat(list.get(0)).containsExactly("x", 1, null);
    assertThat(list.get(1)).isNull();
    assertThat(list.get(2)).containsExactly(null, 2, List.of("b"));
    // An array-of-composites field inside a composite, found by the registry's array OID.
    c.simpleQuery("CREATE TYPE cc_tmp AS (homes cc_addr[])");
    Object[] holder =
        CompositeCodec.decode(
            bytes("SELECT record_send(ROW(ARRAY[ROW('y', 3, NULL)::cc_addr, NULL])::cc_tmp)"),
            types);
    @SuppressWarnings("unchecked")
    List<Object[]> homes = (List<Object[]>) holder[0];
    assertThat(homes).hasSize(2);
    assertThat(homes.get(0)).containsExactly("y", 3, null);
    assertThat(homes.get(1)).isNull();
    // A nested composite whose type was never looked up is refused by OID, not guessed at.
    PgException unknown =
        catchThrowableOfType(
            () ->
                CompositeCodec.decode(
                    bytes(
                        "SELECT record_send(ROW('Bo', ROW('Oak', 2, NULL)::cc_addr, NULL)::cc_person)"),
                    null),
            PgException.class);
    assertThat(unknown.sqlState()).isEqualTo("0A000");
    assertThat(unknown.getMessage())
        .contains("a composite field of type OID " + types.composite("cc_addr").oid());
    byte[] empty = bytes("SELECT array_send('{}'::cc_addr[])");
    assertThat(CompositeCodec.decodeArray(empty, 0, empty.length, types)).isEmpty();
  }

  @Test
  void encodesExactlyTheServersRecordSendBytes() {
    TypeRegistry types = c.types();
    CompositeType addr = types.composite("cc_addr");
    CompositeType person = types.composite("cc_person");
    assertThat(encoded(addr, new Object[] {"Main St", 12345, List.of("a", "b")}, types))
        .isEqualTo(bytes("SELECT record_send(ROW('Main St', 12345, '{a,b}')::cc_addr)"));
    assertThat(encoded(addr, new Object[] {null, null, null}, types))
        .isEqualTo(bytes("SELECT record_send(ROW(NULL, NULL, NULL)::cc_addr)"));
    assertThat(
            encoded(
                person,
                new Object[] {
                  "Ann", new Object[] {"Elm", 1, null}, java.time.LocalDate.of(2000, 2, 29)
                },
                types))
        .isEqualTo(
            bytes(
                "SELECT record_send(ROW('Ann', ROW('Elm', 1, NULL)::cc_addr,"
                    + " '2000-02-29')::cc_person)"));
    PgException count =
        catchThrowableOfType(() -> encoded(addr, new Object[] {"x"}, types), PgException.class);
    assertThat(count.sqlState()).isEqualTo("42804");
    assertThat(count.getMessage()).contains("cc_addr has 3 attributes, the value 1");
  }

  @Test
  void anAnonymousRecordIsNeverWritten() {
    PgException e =
        catchThrowableOfType(
            () -> CompositeCodec.forParameter(CompositeCodec.RECORD, c.types()), PgException.class);
    assertThat(e.sqlState()).isEqualTo("42804");
    assertThat(e.getMessage())
        .contains("an anonymous record (ROW(…) without a cast) can be read but not written");
  }

  @Test
  void theRegistryFollowsDropAndCreateType() {
    c.simpleQuery("CREATE TYPE cc_tmp AS (a int4)");
    TypeRegistry types = c.types();
    CompositeType before = types.composite("cc_tmp");
    c.simpleQuery("DROP TYPE cc_tmp; CREATE TYPE cc_tmp AS (a int8, b text)");
    int now = (int) number("SELECT 'cc_tmp'::regtype::oid::int8");
    assertThat(now).isNotEqualTo(before.oid());
    // A statement describing the type with its new OID: the stale entry is dropped and reloaded.
    CompositeType after = types.composite("cc_tmp", now);
    assertThat(after.oid()).isEqualTo(now);
    assertThat(after.fields())
        .containsExactly(
            new CompositeType.Field("a", Oids.INT8), new CompositeType.Field("b", Oids.TEXT));
    assertThat(types.lookups()).isEqualTo(2);

    // A call failing with 42704 (the type is gone) empties the cache: the next use looks up again.
    c.simpleQuery("DROP TYPE cc_tmp");
    PgException gone =
        catchThrowableOfType(
            () -> number("SELECT length((NULL::cc_tmp)::text)::int8"), PgException.class);
    assertThat(gone.sqlState()).isEqualTo("42704");
    assertThat(types.cached(now)).isNull();
    c.simpleQuery("CREATE TYPE cc_tmp AS (z bool)");
    assertThat(types.composite("cc_tmp").fields())
        .containsExactly(new CompositeType.Field("z", Oids.BOOL));
    assertThat(types.lookups()).isEqualTo(3);
  }
}
