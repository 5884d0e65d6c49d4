package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.net.StandardSocketOptions;
import jdk.net.ExtendedSocketOptions;
import org.junit.jupiter.api.Test;

/**
 * libpq's keepalive keywords reach the socket; tcp_user_timeout, which the JDK cannot set, is
 * refused.
 */
@PgTest
class KeepaliveTest {
  @Test
  void keepaliveSettingsReachTheSocket(TestDatabase tdb) throws Exception {
    ConnectionConfig config =
        ConnectionConfig.parse(
            tdb.url() + "?keepalives_idle=37&keepalives_interval=7&keepalives_count=4");
    try (PgConnection c = PgConnection.connect(config, null)) {
      assertThat(c.socketOption(StandardSocketOptions.SO_KEEPALIVE)).isTrue();
      assertThat(c.socketOption(ExtendedSocketOptions.TCP_KEEPIDLE)).isEqualTo(37);
      assertThat(c.socketOption(ExtendedSocketOptions.TCP_KEEPINTERVAL)).isEqualTo(7);
      assertThat(c.socketOption(ExtendedSocketOptions.TCP_KEEPCOUNT)).isEqualTo(4);
    }
    try (PgConnection c =
        PgConnection.connect(ConnectionConfig.parse(tdb.url() + "?keepalives=0"), null)) {
      assertThat(c.socketOption(StandardSocketOptions.SO_KEEPALIVE)).isFalse();
    }
  }

  @Test
  void badValuesAndTcpUserTimeoutAreRefused() {
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?keepalives_idle=-1"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("keepalives_idle must not be negative: \"-1\"");
    assertThatThrownBy(() -> ConnectionConfig.parse("postgresql://u@h/db?tcp_user_timeout=5000"))
        .isInstanceOf(PgException.class)
        .hasMessageContaining("tcp_user_timeout is not supported");
    assertThat(ConnectionConfig.parse("postgresql://u@h/db?tcp_user_timeout=0").keepalives())
        .isEqualTo(ConnectionConfig.Keepalives.DEFAULT);
  }
}
