package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.sluice.testkit.PgServer;
import dev.sluice.testkit.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The schema checks of {@code Map<String, String>} components, which read hstore columns (issue
 * 25), in live mode: hstore's OID is per database, so the decoder cannot check the column at bind
 * time and the checks are what catches a Map over another type. Programs start on line 3, as in
 * {@link SchemaChecksTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HstoreChecksTest {
  TestDatabase db;

  @BeforeAll
  void createDatabase() throws SQLException {
    db = PgServer.shared().createPagilaDatabase();
    db.execute(
        "CREATE EXTENSION IF NOT EXISTS hstore;"
            + " CREATE TABLE hs_tagged (id int PRIMARY KEY, tags hstore NOT NULL, note text)");
  }

  @AfterAll
  void dropDatabase() {
    db.close();
  }

  private Compilation compile(String... lines) {
    return javac()
        .withProcessors(new SluiceProcessor())
        .withOptions("-Asluice.schema.url=" + db.url(), "-Xlint:all,-processing", "-Werror")
        .compile(SchemaChecksTest.source(lines));
  }

  @Test
  void aMapReadsAnHstoreColumnAndNothingElse() {
    assertThat(
            compile(
                "@Table(\"hs_tagged\") record Tagged(@Id int id, Map<String, String> tags,",
                "    @Nullable String note) {}"))
        .succeededWithoutWarnings();
    // A DAO writes such a record too (the Map binds as hstore's text form).
    assertThat(
            compile(
                "@Table(\"hs_tagged\") record Tagged(@Id int id, Map<String, String> tags,",
                "    @Nullable String note) {}",
                "@Dao interface Tags { @Insert void add(Tagged t); @Update int change(Tagged t);",
                "  @Query(\"SELECT id, tags, note FROM hs_tagged WHERE exist(tags, :key)\")",
                "  List<Tagged> withKey(String key); }"))
        .succeededWithoutWarnings();
    String[] overText = {
      "@Table(\"hs_tagged\") record Tagged(@Id int id, Map<String, String> tags,",
      "    @Nullable Map<String, String> note) {}"
    };
    Compilation c = compile(overText);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[sluice.schema.type-mismatch] public.hs_tagged.note is text, which component note"
                + " (java.util.Map<java.lang.String, java.lang.String>) cannot hold: a Map<String,"
                + " String> reads an hstore column")
        .inFile(SchemaChecksTest.source(overText))
        .onLine(4);
    // Any other map is no hstore: not read at all.
    String[] otherMap = {
      "@Table(\"hs_tagged\") record Tagged(@Id int id,", "    Map<String, Integer> tags) {}"
    };
    Compilation other = compile(otherMap);
    assertThat(other).failed();
    assertThat(other)
        .hadErrorContaining("[sluice.unsupported-type] component tags of Tagged has type")
        .inFile(SchemaChecksTest.source(otherMap))
        .onLine(4);
  }
}
