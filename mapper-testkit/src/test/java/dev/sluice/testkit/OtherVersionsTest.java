package dev.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.embedded.DataDirectoryCache;
import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.embedded.EmbeddedServerException;
import dev.sluice.embedded.PostgresBinaries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL 15 and 18 from zonky's binaries jars, which this module's build copies into
 * target/postgres-binaries (Linux amd64): started through the testkit, with Pagila loaded, and kept
 * in the data directory cache under a key of their own.
 */
class OtherVersionsTest {

  @Test
  void startsPostgres15WithPagila() throws SQLException {
    try (PgServer server = PgServer.builder().postgresVersion("15").start();
        TestDatabase db = server.createPagilaDatabase()) {
      assertThat(server.serverVersionNum()).isBetween(150000, 159999);
      try (Connection connection = db.jdbc();
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT count(*) FROM film")) {
        rows.next();
        assertThat(rows.getInt(1)).isEqualTo(1000);
      }
    }
  }

  @Test
  void startsPostgres18ByFullVersion() {
    try (PgServer server = PgServer.builder().postgresVersion("18.1.0").start()) {
      assertThat(server.serverVersionNum()).isBetween(180000, 189999);
    }
  }

  @Test
  void seventeenIsTheBundledDefault() {
    assertThat(PostgresBinaries.forVersion("17").isBundled()).isTrue();
    assertThat(PostgresBinaries.bundled().major()).isEqualTo(17);
    assertThat(PgServer.shared().serverVersionNum()).isBetween(170000, 179999);
  }

  @Test
  void aVersionWithoutAJarNamesTheDirectoryToFill() {
    assertThatThrownBy(() -> PostgresBinaries.forVersion("12"))
        .isInstanceOf(EmbeddedServerException.class)
        .hasMessageContaining("no binaries jar of PostgreSQL 12 in ")
        .hasMessageContaining("(sluice.postgres.binaries)");
  }

  @Test
  void theCacheKeysEntriesByVersionAndStartsThemOnTheSameBinaries(@TempDir Path cacheRoot)
      throws Exception {
    PostgresBinaries fifteen = PostgresBinaries.forVersion("15");
    String key = DataDirectoryCache.key(fifteen, "sha256:00ff00ff");
    assertThat(key).isEqualTo("pg" + fifteen.version() + "-00ff00ff");
    assertThat(DataDirectoryCache.key("sha256:00ff00ff"))
        .isEqualTo("pg" + PostgresBinaries.bundled().version() + "-00ff00ff");

    DataDirectoryCache cache = new DataDirectoryCache(cacheRoot);
    EmbeddedServer made =
        EmbeddedServer.start(
            EmbeddedServer.newBaseDirectory(),
            EmbeddedServer.throwawaySettings(),
            Map.of(),
            fifteen);
    cache.closeAndKeep(made, key);
    assertThat(Files.readString(cacheRoot.resolve(key).resolve("data/PG_VERSION")).trim())
        .isEqualTo("15");
    try (EmbeddedServer copy = cache.start(key, fifteen)) {
      assertThat(copy).isNotNull();
      assertThat(copy.binaries().major()).isEqualTo(15);
    }
  }
}
