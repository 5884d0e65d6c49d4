package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every address of a host name is tried in turn, as libpq does: a name whose first address refuses
 * the connection still reaches the server at the next one.
 */
@PgTest
class HostAddressesTest {
  @Test
  void theNextAddressOfAHostIsTriedWhenOneRefuses(TestDatabase tdb) throws Exception {
    // The server listens on 127.0.0.1; nothing listens on 127.0.0.2 at that port.
    InetAddress refusing = InetAddress.getByAddress(new byte[] {127, 0, 0, 2});
    InetAddress listening = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    List<String> asked = new ArrayList<>();
    ConnectionConfig config =
        ConnectionConfig.parse(
            "postgresql://"
                + tdb.user()
                + (tdb.password() == null ? "" : ":" + tdb.password())
                + "@db.test:"
                + tdb.port()
                + "/"
                + tdb.name());
    try (PgConnection c =
        PgConnection.connect(
            config,
            null,
            host -> {
              asked.add(host);
              return new InetAddress[] {refusing, listening};
            })) {
      assertThat(asked).containsExactly("db.test");
      assertThat(((InetSocketAddress) c.remoteAddress()).getAddress()).isEqualTo(listening);
      assertThat(c.hostPort().host()).isEqualTo("db.test");
    }
  }

  @Test
  void whenEveryAddressRefusesTheErrorNamesTheHost(TestDatabase tdb) throws Exception {
    InetAddress refusing = InetAddress.getByAddress(new byte[] {127, 0, 0, 2});
    ConnectionConfig config = ConnectionConfig.parse("postgresql://u@db.test:" + tdb.port() + "/x");
    assertThatThrownBy(
            () ->
                PgConnection.connect(config, null, host -> new InetAddress[] {refusing, refusing}))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("could not connect to db.test:" + tdb.port())
        .satisfies(e -> assertThat(((PgException) e).sqlState()).isEqualTo("08001"));
  }
}
