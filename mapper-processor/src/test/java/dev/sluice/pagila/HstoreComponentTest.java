package dev.sluice.pagila;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Generated decoders read hstore columns into {@code Map<String, String>} components (issue 25).
 */
@PgTest
class HstoreComponentTest {
  @Test
  void anHstoreColumnReadsAsTheServerHoldsItAndBindsBack(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      db.execute("CREATE EXTENSION IF NOT EXISTS hstore");
      db.execute("DROP TABLE IF EXISTS tagged");
      db.execute("CREATE TABLE tagged (id int PRIMARY KEY, tags hstore NOT NULL, extra hstore)");
      Map<String, String> tags = new HashMap<>();
      tags.put("a", "1");
      tags.put("b c", "x\"y\\\\z");
      tags.put("empty", "");
      tags.put("none", null);
      db.execute("INSERT INTO tagged VALUES (1, $1, NULL), (2, '', 'k=>v')", tags);
      List<Tagged> rows = db.query("SELECT id, tags, extra FROM tagged ORDER BY id", Tagged.class);
      assertThat(rows).hasSize(2);
      assertThat(rows.get(0).tags()).isEqualTo(tags);
      assertThat(rows.get(0).extra()).isNull();
      assertThat(rows.get(1).tags()).isEmpty();
      assertThat(rows.get(1).extra()).isEqualTo(Map.of("k", "v"));
      // What the server holds, key by key, matches what was read.
      assertThat(
              db.query(
                  "SELECT key || '=' || coalesce(value, 'NULL') FROM tagged, each(tags)"
                      + " WHERE id = 1 ORDER BY key",
                  String.class))
          .containsExactly("a=1", "b c=x\"y\\\\z", "empty=", "none=NULL");

      // A NULL in the non-nullable component fails naming it.
      PgException e =
          catchThrowableOfType(
              PgException.class,
              () -> db.query("SELECT 3 AS id, NULL::hstore AS tags, NULL AS extra", Tagged.class));
      assertThat(e.sqlState()).isEqualTo("22004");
      assertThat(e.getMessage()).contains("tags");
    }
  }
}
