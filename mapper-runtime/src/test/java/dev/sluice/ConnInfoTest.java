package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.ConnectionConfig.HostPort;
import dev.sluice.driver.config.ConnectionConfig.SslMode;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * libpq key/value connection strings, percent-decoding in URLs, host lists in both forms, and
 * hostaddr; parsed with an empty environment and an empty home directory so that nothing of the
 * machine's leaks in.
 */
@PgTest
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConnInfoTest {
  @TempDir Path home;

  private ConnectionConfig parse(String s) {
    return ConnectionConfig.builder().environment(Map.of()).homeDirectory(home).url(s).build();
  }

  private static String one(ConnectionConfig config, String sql) {
    try (PgConnection c = PgConnection.connect(config, null)) {
      List<String> out = new ArrayList<>();
      c.query(sql, new Object[0], TestDecoders.STRING, out);
      return out.get(0);
    }
  }

  @Test
  void keyValueStrings() {
    ConnectionConfig c =
        parse(
            "host=db1 port=5433 dbname=app user=al sslmode=disable connect_timeout=7"
                + " application_name='my app'");
    assertThat(c.hosts()).containsExactly(new HostPort("db1", 5433));
    assertThat(c.database()).isEqualTo("app");
    assertThat(c.user()).isEqualTo("al");
    assertThat(c.sslMode()).isEqualTo(SslMode.DISABLE);
    assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(c.applicationName()).isEqualTo("my app");
  }

  @Test
  void keyValueQuotingAndEscapesAsInLibpq() {
    ConnectionConfig c =
        parse(
            "  user = bob password='it\\'s a \\\\ secret'dbname=my\\ db"
                + " options='-c search_path=x'  ");
    assertThat(c.user()).isEqualTo("bob");
    assertThat(c.password()).isEqualTo("it's a \\ secret");
    assertThat(c.database()).isEqualTo("my db");
    assertThat(c.startupParameters()).containsEntry("options", "-c search_path=x");
    assertThat(parse("password='' user=u").password()).isEmpty();
    // An empty string sets nothing: every default.
    ConnectionConfig empty = parse("");
    assertThat(empty.hosts()).containsExactly(new HostPort("localhost", 5432));
    assertThat(empty.user()).isEqualTo(System.getProperty("user.name"));
    assertThat(empty.database()).isEqualTo(empty.user());
  }

  @Test
  void keyValueErrorsNameTheKeywordButNeverThePassword() {
    assertThatThrownBy(() -> parse("host=h dbname"))
        .isInstanceOfSatisfying(PgException.class, e -> assertThat(e.sqlState()).isEqualTo("08001"))
        .hasMessageContaining("missing \"=\" after \"dbname\" in the connection string");
    assertThatThrownBy(() -> parse("host=h hots=x"))
        .hasMessageContaining("unknown connection keyword \"hots\"");
    assertThatThrownBy(() -> parse("password='unterminated secret"))
        .hasMessageContaining("unterminated quoted value of \"password\"")
        .hasMessageNotContaining("unterminated secret");
    assertThatThrownBy(() -> parse("user=u password=two words"))
        .hasMessageContaining("after the password's value")
        .hasMessageNotContaining("words");
    assertThatThrownBy(() -> parse("user=u password=two words=x"))
        .hasMessageContaining("right after the password")
        .hasMessageNotContaining("words");
  }

  @Test
  void percentDecodingInEveryPartOfAUrl() {
    ConnectionConfig c =
        parse(
            "postgresql://al%40ice:p%3Aw%2Fd%20x+y%C3%A9@db%2Eexample:6543/my%20db"
                + "?application_name=a%20b%26c&options=-c%20search_path%3Dx");
    assertThat(c.user()).isEqualTo("al@ice");
    assertThat(c.password()).isEqualTo("p:w/d x+yé");
    assertThat(c.hosts()).containsExactly(new HostPort("db.example", 6543));
    assertThat(c.database()).isEqualTo("my db");
    assertThat(c.applicationName()).isEqualTo("a b&c");
    assertThat(c.startupParameters()).containsEntry("options", "-c search_path=x");
    // Unencoded '@', '/' and ']' in a password: the user info ends at the last '@'.
    ConnectionConfig raw = parse("postgresql://u:p@s/s]w@h/db");
    assertThat(raw.password()).isEqualTo("p@s/s]w");
    assertThat(raw.hosts()).containsExactly(new HostPort("h", 5432));
    assertThat(raw.database()).isEqualTo("db");
    assertThatThrownBy(() -> parse("postgresql://u@h/d%zzb"))
        .hasMessageContaining("malformed percent-encoding in the URL's database name")
        .hasMessageContaining("\"d%zzb\"");
    assertThatThrownBy(() -> parse("postgresql://u@h/db?application_name=a%00b"))
        .hasMessageContaining("%00");
    assertThatThrownBy(() -> parse("postgresql://u@h/db%FF")).hasMessageContaining("not UTF-8");
  }

  @Test
  void hostListsInBothForms() {
    assertThat(parse("host=h1,h2,h3 port=5433").hosts())
        .containsExactly(
            new HostPort("h1", 5433), new HostPort("h2", 5433), new HostPort("h3", 5433));
    assertThat(parse("host=h1,h2 port=7000,7001").hosts())
        .containsExactly(new HostPort("h1", 7000), new HostPort("h2", 7001));
    // An empty entry takes the default.
    assertThat(parse("host=h1, port=,7001").hosts())
        .containsExactly(new HostPort("h1", 5432), new HostPort("localhost", 7001));
    assertThat(parse("postgresql://h1:7000,h2,[::1]:7002/db").hosts())
        .containsExactly(
            new HostPort("h1", 7000), new HostPort("h2", 5432), new HostPort("::1", 7002));
    assertThat(parse("postgresql://:7003/db").hosts())
        .containsExactly(new HostPort("localhost", 7003));
    assertThatThrownBy(() -> parse("host=h1,h2 port=1,2,3"))
        .hasMessageContaining("could not match 3 port numbers to 2 hosts");
    assertThatThrownBy(() -> parse("postgresql://h1:1,h2:2/db?port=1,2,3"))
        .hasMessageContaining("could not match 3 port numbers to 2 hosts");
  }

  @Test
  void hostaddrIsTheAddressAndHostStaysTheName() {
    assertThat(parse("host=db.example hostaddr=192.0.2.7 port=5433").hosts())
        .containsExactly(new HostPort("db.example", 5433, "192.0.2.7"));
    assertThat(parse("hostaddr=192.0.2.7,::1").hosts())
        .containsExactly(
            new HostPort("192.0.2.7", 5432, "192.0.2.7"), new HostPort("::1", 5432, "::1"));
    assertThat(parse("host=a,b hostaddr=,192.0.2.8").hosts())
        .containsExactly(new HostPort("a", 5432), new HostPort("b", 5432, "192.0.2.8"));
    assertThat(new HostPort("db.example", 5433, "192.0.2.7").toString())
        .isEqualTo("db.example:5433 (hostaddr 192.0.2.7)");
    assertThatThrownBy(() -> parse("hostaddr=db.example"))
        .hasMessageContaining("hostaddr \"db.example\" is not a numeric IPv4 or IPv6 address");
    assertThatThrownBy(() -> parse("host=a,b hostaddr=192.0.2.7"))
        .hasMessageContaining("could not match 2 host names to 1 hostaddr values");
  }

  @Test
  void aKeyValueStringConnects(TestDatabase tdb) {
    String kv =
        "host="
            + tdb.host()
            + " port="
            + tdb.port()
            + " dbname="
            + tdb.name()
            + " user="
            + tdb.user()
            + (tdb.password() == null
                ? ""
                : " password='" + tdb.password().replace("\\", "\\\\").replace("'", "\\'") + "'")
            + " application_name='key value'";
    assertThat(one(parse(kv), "SELECT current_setting('application_name')")).isEqualTo("key value");
    try (Database db = Database.connect(kv)) {
      assertThat(db.query("SELECT current_database()::text", TestDecoders.STRING))
          .containsExactly(tdb.name());
    }
  }

  @Test
  void hostaddrConnectsWithoutLookingTheNameUp(TestDatabase tdb) {
    // The name cannot resolve (.invalid is reserved); the address is the server's.
    ConnectionConfig config =
        ConnectionConfig.builder()
            .environment(Map.of())
            .homeDirectory(home)
            .url(tdb.url())
            .keyword("host", "db.invalid")
            .keyword("hostaddr", "127.0.0.1")
            .build();
    assertThat(config.hosts()).containsExactly(new HostPort("db.invalid", tdb.port(), "127.0.0.1"));
    assertThat(one(config, "SELECT host(inet_server_addr())")).isEqualTo("127.0.0.1");
  }

  private ConnectionConfig.Builder builder() {
    return ConnectionConfig.builder().environment(Map.of()).homeDirectory(home);
  }

  @Test
  void theFirstDbnameKeywordThatIsAConnectionStringIsExpandedInPlace() {
    // As PQconnectdbParams with expand_dbname: keywords before it are overridden by the string's,
    // keywords after it override the string's.
    ConnectionConfig c =
        builder()
            .keyword("host", "before")
            .keyword("port", "1111")
            .keyword("user", "early")
            .keyword("dbname", "host=inner dbname=app user=al sslmode=disable")
            .keyword("user", "late")
            .build();
    assertThat(c.hosts()).containsExactly(new HostPort("inner", 1111));
    assertThat(c.database()).isEqualTo("app");
    assertThat(c.user()).isEqualTo("late");
    assertThat(c.sslMode()).isEqualTo(SslMode.DISABLE);
    // A URL is a connection string too.
    ConnectionConfig url =
        builder().keyword("dbname", "postgres://al@db2:5433/films?application_name=x").build();
    assertThat(url.hosts()).containsExactly(new HostPort("db2", 5433));
    assertThat(url.database()).isEqualTo("films");
    assertThat(url.user()).isEqualTo("al");
    assertThat(url.applicationName()).isEqualTo("x");
    // An error inside it names the keyword.
    assertThatThrownBy(() -> builder().keyword("dbname", "host=h bogus=1"))
        .hasMessageContaining("unknown connection keyword \"bogus\"");
  }

  @Test
  void everyOtherDbnameIsAPlainName() {
    // Only the first dbname keyword is looked at; a later one is a name, even with '='.
    assertThat(builder().keyword("dbname", "app").keyword("dbname", "host=x").build().database())
        .isEqualTo("host=x");
    ConnectionConfig later =
        builder().keyword("dbname", "host=x dbname=a").keyword("dbname", "b=c").build();
    assertThat(later.hosts()).containsExactly(new HostPort("x", 5432));
    assertThat(later.database()).isEqualTo("b=c");
    // The dbname inside an expanded string is not expanded again.
    ConnectionConfig nested = builder().keyword("dbname", "host=x dbname='port=6'").build();
    assertThat(nested.database()).isEqualTo("port=6");
    assertThat(nested.hosts()).containsExactly(new HostPort("x", 5432));
    // Inside a key/value string or a URL (libpq's PQconnectdb), dbname is a name.
    ConnectionConfig kv = parse("host=h dbname='host=evil port=1'");
    assertThat(kv.database()).isEqualTo("host=evil port=1");
    assertThat(kv.hosts()).containsExactly(new HostPort("h", 5432));
    assertThat(parse("postgresql://h/a%3Db").database()).isEqualTo("a=b");
    // A url() dbname does not use up the expansion: keyword()'s first dbname still expands.
    assertThat(builder().url("postgresql://h/x").keyword("dbname", "port=7").build().hosts())
        .containsExactly(new HostPort("h", 7));
    // database(…), the typed setter, is always a name (a name from user input must never be able
    // to redirect the connection, the CVE-2016-5424 class); so are PGDATABASE and a service's.
    ConnectionConfig typed = builder().url("postgresql://h/x").database("host=evil").build();
    assertThat(typed.database()).isEqualTo("host=evil");
    assertThat(typed.hosts()).containsExactly(new HostPort("h", 5432));
    ConnectionConfig env =
        ConnectionConfig.builder()
            .environment(Map.of("PGDATABASE", "host=evil", "PGHOST", "h"))
            .homeDirectory(home)
            .build();
    assertThat(env.database()).isEqualTo("host=evil");
    assertThat(env.hosts()).containsExactly(new HostPort("h", 5432));
  }

  @Test
  void anExpandedDbnameConnects(TestDatabase tdb) {
    ConnectionConfig config =
        builder()
            .keyword("host", "db.invalid")
            .keyword("dbname", tdb.url())
            .keyword("application_name", "expanded")
            .build();
    assertThat(
            one(
                config,
                "SELECT current_database()::text || ' ' || current_setting('application_name')"))
        .isEqualTo(tdb.name() + " expanded");
  }
}
