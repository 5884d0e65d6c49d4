package dev.sluice.driver.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.PgException;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.WriteBuffer;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The one table of built-in types ({@link BuiltinTypes}), read by the decoder, the encoder and
 * {@link Oids}: every row agrees with the server's catalog, and every fact {@link Oids} gives of a
 * row comes from it.
 */
@PgTest
class BuiltinTypesTest {
  @Test
  void everyRowIsTheServersType(TestDatabase db) throws SQLException {
    assertThat(BuiltinTypes.all()).hasSizeGreaterThanOrEqualTo(30);
    try (Connection c = db.jdbc();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT typname, typarray::int, typlen FROM pg_type WHERE oid = ?")) {
      for (BuiltinType t : BuiltinTypes.all()) {
        s.setInt(1, t.oid);
        try (ResultSet r = s.executeQuery()) {
          assertThat(r.next()).as(t.toString()).isTrue();
          assertThat(r.getString(1)).as(t + " typname").isEqualTo(t.typname);
          // A row may know no array type (xml, unknown); one it knows is the server's.
          if (t.arrayOid != 0) {
            assertThat(r.getInt(2)).as(t + " typarray").isEqualTo(t.arrayOid);
          }
          // The size checked before reading is the type's own fixed size (typlen).
          if (t.length >= 0) {
            assertThat(r.getInt(3)).as(t + " typlen").isEqualTo(t.length);
          }
          // Read as text in binary: only string types (varchar, name, json, xml, unknown…).
          if (t.textual) {
            assertThat(t.typname)
                .as(t + " textual")
                .isIn("text", "varchar", "bpchar", "name", "json", "xml", "unknown");
          }
        }
      }
    }
  }

  @Test
  void oidsReadsItsFactsFromTheRows() {
    Set<Integer> arrays = new HashSet<>();
    for (BuiltinType t : BuiltinTypes.all()) {
      assertThat(BuiltinTypes.of(t.oid)).isSameAs(t);
      assertThat(Oids.hasBinaryCodec(t.oid)).as(t.toString()).isTrue();
      assertThat(Oids.name(t.oid)).isEqualTo(t.name);
      assertThat(Oids.ofTypname(t.typname)).isEqualTo(t.oid);
      assertThat(Oids.arrayOf(t.oid)).isEqualTo(t.arrayOid);
      assertThat(Oids.isTextual(t.oid)).isEqualTo(t.textual);
      if (t.arrayOid != 0) {
        assertThat(arrays.add(t.arrayOid)).as(t + " array declared once").isTrue();
        assertThat(Oids.elementOf(t.arrayOid)).isEqualTo(t.oid);
        assertThat(Oids.hasBinaryCodec(t.arrayOid)).isTrue();
        assertThat(Oids.name(t.arrayOid)).isEqualTo(t.name + "[]");
        assertThat(Oids.ofTypname("_" + t.typname)).isEqualTo(t.arrayOid);
      }
    }
    // Not rows: a type without a binary codec, and names that are none.
    assertThat(Oids.hasBinaryCodec(Oids.BOX)).isFalse();
    assertThat(Oids.ofTypname("box")).isZero();
    assertThat(Oids.ofTypname("_xml")).isZero();
    assertThat(Oids.name(Oids.VOID)).isEqualTo("void");
    assertThat(Oids.elementOf(Oids.INT4RANGE + 1_000_000)).isZero();
  }

  @Test
  void aFixedSizeTypesLengthIsCheckedBeforeItIsRead() {
    byte[] b = new byte[16];
    for (BuiltinType t : BuiltinTypes.all()) {
      if (t.length < 0) {
        continue;
      }
      assertThatThrownBy(() -> BinaryCodec.decode(t.oid, b, 0, t.length + 1))
          .as(t.toString())
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("08P01");
                assertThat(e.serverMessage())
                    .isEqualTo(
                        t.name + " value of " + (t.length + 1) + " bytes instead of " + t.length);
              });
    }
  }

  @Test
  void aValueOfAnotherJavaTypeIsRefusedNamingTheParameter() {
    WriteBuffer w = new WriteBuffer(java.io.OutputStream.nullOutputStream());
    assertThatThrownBy(() -> ParameterEncoder.encode(w, 7, Oids.UUID, Protocol.FORMAT_BINARY, 3))
        .isInstanceOfSatisfying(
            PgException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("42804");
              assertThat(e.serverMessage())
                  .isEqualTo(
                      "parameter $3 is uuid but the value is a java.lang.Integer; pass a matching"
                          + " Java type or a String");
            });
    assertThatThrownBy(() -> ParameterEncoder.encode(w, 1.5, Oids.INT4, Protocol.FORMAT_BINARY, 1))
        .hasMessageContaining("parameter $1 is integer but the value is a java.lang.Double");
  }

  @Test
  void aCreatedTypeIsOneFromFirstNormalObjectIdReadAsAnUnsignedOid(TestDatabase db)
      throws SQLException {
    int created;
    try (Connection c = db.jdbc();
        java.sql.Statement s = c.createStatement()) {
      s.execute(
          "DROP TYPE IF EXISTS oids_created_mood; CREATE TYPE oids_created_mood AS ENUM ('a')");
      try (ResultSet r = s.executeQuery("SELECT 'oids_created_mood'::regtype::oid::bigint")) {
        assertThat(r.next()).isTrue();
        created = (int) r.getLong(1);
      }
    }
    assertThat(Oids.isCreated(created)).as("OID %d", created).isTrue();
    for (BuiltinType t : BuiltinTypes.all()) {
      assertThat(Oids.isCreated(t.oid)).as(t.toString()).isFalse();
      assertThat(Oids.isCreated(t.arrayOid)).as(t + " array").isFalse();
    }
    assertThat(Oids.isCreated(Oids.FIRST_CREATED - 1)).isFalse();
    assertThat(Oids.isCreated(Oids.FIRST_CREATED)).isTrue();
    // Past 2^31 an OID arrives as a negative int: still a created type, and one with no built-in
    // codec (so a column of it is looked up, and COPY sends it as text), never a built-in one.
    for (long oid : new long[] {2_147_483_648L, 3_000_000_000L, 4_294_967_295L}) {
      assertThat(Oids.isCreated((int) oid)).as("OID %d", oid).isTrue();
      assertThat(Oids.hasBinaryCodec((int) oid)).as("OID %d", oid).isFalse();
      assertThat(Oids.isCreatedWithoutCodec((int) oid)).as("OID %d", oid).isTrue();
    }
    assertThat(Oids.isCreatedWithoutCodec(created)).as("the enum, read in text").isTrue();
    assertThat(Oids.isCreatedWithoutCodec(Oids.INT4_ARRAY)).isFalse();
  }
}
