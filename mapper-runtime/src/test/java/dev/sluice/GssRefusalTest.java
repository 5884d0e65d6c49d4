package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GSSAPI and SSPI, which Sluice does not implement: require_auth parses gss and sspi, and a server
 * asking for either is refused with a message naming the method, whether require_auth allows it
 * (unsupported) or not (not allowed), and no password message is ever sent.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class GssRefusalTest {
  /** Asks for authentication {@code code}, then records the type of each message that follows. */
  private static FakePgServer asking(int code, CopyOnWriteArrayList<Character> seen)
      throws IOException {
    return FakePgServer.authenticating(
        (in, out) -> {
          DataOutputStream o = new DataOutputStream(out);
          o.writeByte('R');
          o.writeInt(8);
          o.writeInt(code);
          o.flush();
          try {
            for (; ; ) {
              seen.add((char) in.readByte());
              in.readFully(new byte[in.readInt() - 4]);
            }
          } catch (IOException closed) {
            return false; // the client hung up, as it should
          }
        },
        (sync, out) -> false);
  }

  private static PgException refused(FakePgServer server, String keywords) {
    ConnectionConfig config =
        ConnectionConfig.builder()
            .environment(java.util.Map.of())
            .url(server.url() + "?sslmode=disable&password=secret-pw" + keywords)
            .build();
    return catchThrowableOfType(() -> PgConnection.connect(config, null), PgException.class);
  }

  @Test
  void gssAndSspiAreRefusedAsUnsupported() throws Exception {
    String[][] cases = {
      {"7", "", "GSSAPI, which Sluice does not support"},
      {"7", "&require_auth=gss", "GSSAPI, which Sluice does not support"},
      {"9", "&require_auth=sspi,gss", "SSPI, which Sluice does not support"},
      {"7", "&require_auth=scram-sha-256", "gss authentication, which require_auth=scram-sha-256"},
      {"9", "&require_auth=!sspi", "sspi authentication, which require_auth=!sspi does not allow"}
    };
    for (String[] c : cases) {
      CopyOnWriteArrayList<Character> seen = new CopyOnWriteArrayList<>();
      try (FakePgServer server = asking(Integer.parseInt(c[0]), seen)) {
        PgException e = refused(server, c[1]);
        assertThat(e).as(c[1]).isNotNull();
        assertThat(e.getMessage()).as(c[1]).contains(c[2]).doesNotContain("secret-pw");
      }
      // Nothing but, at most, a Terminate: no PasswordMessage ('p').
      assertThat(seen).as(c[1]).doesNotContain('p');
    }
  }
}
