package dev.sluice.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.RowDecoder;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * hstore ↔ {@code Map<String, String>} (issue 25), through its text form: maps bound as parameters
 * and read back with {@code getHstore}, against the server's own reading ({@code -> key}, {@code
 * akeys}) and pgjdbc's {@code getObject}, which reads hstore as a Map too.
 */
@PgTest
class HstoreTest {
  private static final RowDecoder<Map<String, String>> HSTORE = columns -> row -> row.getHstore(0);

  private static Map<String, String> map(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void mapsRoundTripAsTheServerAndPgjdbcReadThem(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE EXTENSION IF NOT EXISTS hstore");
    List<Map<String, String>> values =
        List.of(
            map(),
            map("a", "1"),
            map("a", "1", "b", null),
            map("k e y", "v,al", "q\"uote", "back\\slash", "=>", "=>"),
            map("", "", "é ü 中", "Ω", "NULL", "null"),
            map("multi\nline", "tab\there"));
    try (Database db = Database.connect(tdb.url());
        Connection jdbc = tdb.jdbc()) {
      for (Map<String, String> m : values) {
        Map<String, String> back = db.query("SELECT $1::hstore", HSTORE, m).get(0);
        assertThat(back).as("%s", m).isEqualTo(m);
        for (Map.Entry<String, String> e : m.entrySet()) {
          // The server's own view of what was bound: each key's value.
          List<String> seen =
              db.query(
                  "SELECT $1::hstore -> $2", columns -> row -> row.getString(0), m, e.getKey());
          assertThat(seen).as("%s -> %s", m, e.getKey()).containsExactly(e.getValue());
        }
        List<Integer> size =
            db.query(
                "SELECT coalesce(array_length(akeys($1::hstore), 1), 0)",
                columns -> row -> row.getInt(0),
                m);
        assertThat(size).containsExactly(m.size());
        try (PreparedStatement ps = jdbc.prepareStatement("SELECT ?::hstore")) {
          ps.setString(
              1, db.query("SELECT $1::hstore::text", columns -> r -> r.getString(0), m).get(0));
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            assertThat(new HashMap<>((Map<?, ?>) rs.getObject(1))).isEqualTo(new HashMap<>(m));
          }
        }
      }
      assertThat(db.query("SELECT NULL::hstore", HSTORE))
          .containsExactly((Map<String, String>) null);
    }
  }

  @Test
  void aTableColumnAndAMapThatCannotBeAnHstore(TestDatabase tdb) throws Exception {
    tdb.execute("CREATE EXTENSION IF NOT EXISTS hstore; CREATE TABLE tagged (id int, tags hstore)");
    try (Database db = Database.connect(tdb.url())) {
      db.execute("INSERT INTO tagged VALUES ($1, $2)", 1, map("color", "red", "size", null));
      assertThat(db.query("SELECT tags FROM tagged", HSTORE))
          .containsExactly(map("color", "red", "size", null));
      Map<Object, Object> bad = new HashMap<>();
      bad.put("n", 1);
      PgException e =
          catchThrowableOfType(
              () -> db.execute("INSERT INTO tagged VALUES ($1, $2)", 2, bad), PgException.class);
      assertThat(e.sqlState()).isEqualTo("42804");
      assertThat(e.getMessage()).contains("bound as hstore").contains("java.lang.Integer");
      assertThat(db.query("SELECT count(*)::int FROM tagged", columns -> r -> r.getInt(0)))
          .containsExactly(1);
    }
  }
}
