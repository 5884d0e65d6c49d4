package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.PgException;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.tls.PemFiles;
import dev.sluice.driver.tls.PemKeys;
import dev.sluice.testkit.TestTls;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A fake server over TLS (the testkit's localhost certificate) that asks for authentication and
 * records what the client answers: the SASL mechanism and GS2 header chosen for each offer and
 * channel_binding (a stripped -PLUS offer must be answered {@code y,,}), the refusals of
 * channel_binding=require before any secret is sent, and the SNI the client sent.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ChannelBindingTest {
  /** What the fake saw on its one connection. */
  record Seen(String sni, String mechanism, String gs2, boolean sentSecret) {}

  /**
   * Accepts one connection: 'S' (or 'N' when {@code tls} is false) to SSLRequest, then asks for
   * {@code authCode} (10: SASL with {@code mechanisms}; 3: cleartext) and records the answer.
   */
  private static CompletableFuture<Seen> serve(
      ServerSocket listener, boolean tls, int authCode, String... mechanisms) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (Socket raw = listener.accept()) {
            DataInputStream in = new DataInputStream(raw.getInputStream());
            in.readFully(new byte[8]); // SSLRequest
            raw.getOutputStream().write(tls ? 'S' : 'N');
            Socket s = raw;
            String[] sni = {null};
            if (tls) {
              SSLSocket ssl =
                  (SSLSocket) serverContext().getSocketFactory().createSocket(raw, null, false);
              ssl.setUseClientMode(false);
              SSLParameters p = ssl.getSSLParameters();
              p.setSNIMatchers(
                  List.of(
                      new SNIMatcher(0) {
                        @Override
                        public boolean matches(SNIServerName name) {
                          sni[0] = new String(name.getEncoded(), StandardCharsets.US_ASCII);
                          return true;
                        }
                      }));
              ssl.setSSLParameters(p);
              ssl.startHandshake();
              s = ssl;
              in = new DataInputStream(s.getInputStream());
            }
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            in.readFully(new byte[in.readInt() - 4]); // StartupMessage
            StringBuilder body = new StringBuilder();
            for (String m : mechanisms) {
              body.append(m).append('\0');
            }
            body.append('\0');
            byte[] b = body.toString().getBytes(StandardCharsets.US_ASCII);
            out.writeByte('R');
            out.writeInt(8 + (authCode == 10 ? b.length : 0));
            out.writeInt(authCode);
            if (authCode == 10) {
              out.write(b);
            }
            out.flush();
            int type = in.read();
            if (type != 'p') {
              return new Seen(sni[0], null, null, false);
            }
            byte[] msg = new byte[in.readInt() - 4];
            in.readFully(msg);
            if (authCode != 10) {
              return new Seen(sni[0], null, null, true);
            }
            String text = new String(msg, StandardCharsets.ISO_8859_1);
            String mechanism = text.substring(0, text.indexOf('\0'));
            String first = text.substring(mechanism.length() + 1 + 4);
            String gs2 = first.substring(0, first.indexOf(',', first.indexOf(',') + 1) + 1);
            return new Seen(sni[0], mechanism, gs2, true);
          } catch (IOException e) {
            return new Seen(null, null, null, false);
          }
        });
  }

  private static SSLContext serverContext() {
    try {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      List<X509Certificate> chain =
          PemFiles.certificates(TestTls.Server.LOCALHOST.certificate().toString(), "cert");
      ks.setKeyEntry(
          "server",
          PemKeys.privateKey(TestTls.Server.LOCALHOST.privateKey().toString(), null),
          new char[0],
          chain.toArray(new X509Certificate[0]));
      KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
      kmf.init(ks, new char[0]);
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(kmf.getKeyManagers(), null, null);
      return c;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Connects (the fake never completes authentication) and returns what it saw. */
  private static Seen attempt(String host, String keywords, boolean tls, int code, String... mechs)
      throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Seen> seen = serve(listener, tls, code, mechs);
      ConnectionConfig config =
          ConnectionConfig.parse(
              "postgresql://u:topsecret@"
                  + host
                  + ":"
                  + listener.getLocalPort()
                  + "/db?"
                  + keywords);
      PgException e =
          catchThrowableOfType(() -> PgConnection.connect(config, null), PgException.class);
      assertThat(e.getMessage()).doesNotContain("topsecret");
      return seen.get(20, TimeUnit.SECONDS);
    }
  }

  private static final String PLUS = "SCRAM-SHA-256-PLUS";
  private static final String SCRAM = "SCRAM-SHA-256";

  @Test
  void bindsWhenTheServerOffersPlus() throws Exception {
    Seen s = attempt("localhost", "sslmode=require", true, 10, PLUS, SCRAM);
    assertThat(s.mechanism()).isEqualTo(PLUS);
    assertThat(s.gs2()).isEqualTo("p=tls-server-end-point,,");
  }

  @Test
  void aStrippedPlusOfferIsAnsweredWithY() throws Exception {
    // Over TLS the client could bind; a server (or attacker) offering no -PLUS gets "y,,", so a
    // real server that did offer it detects the downgrade.
    Seen s = attempt("localhost", "sslmode=require", true, 10, SCRAM);
    assertThat(s.mechanism()).isEqualTo(SCRAM);
    assertThat(s.gs2()).isEqualTo("y,,");
  }

  @Test
  void disableNeverBinds() throws Exception {
    Seen s = attempt("localhost", "sslmode=require&channel_binding=disable", true, 10, PLUS, SCRAM);
    assertThat(s.mechanism()).isEqualTo(SCRAM);
    assertThat(s.gs2()).isEqualTo("n,,");
  }

  @Test
  void plainTextSaysN() throws Exception {
    Seen s = attempt("localhost", "sslmode=prefer", false, 10, SCRAM);
    assertThat(s.gs2()).isEqualTo("n,,");
  }

  @Test
  void requireRefusesBeforeSendingAnything() throws Exception {
    // Only SCRAM-SHA-256 offered (stripped), over TLS.
    assertThat(attempt("localhost", "sslmode=require&channel_binding=require", true, 10, SCRAM))
        .extracting(Seen::sentSecret)
        .isEqualTo(false);
    // A cleartext password request over TLS.
    assertThat(attempt("localhost", "sslmode=require&channel_binding=require", true, 3))
        .extracting(Seen::sentSecret)
        .isEqualTo(false);
    // No TLS at all.
    assertThat(attempt("localhost", "sslmode=prefer&channel_binding=require", false, 10, PLUS))
        .extracting(Seen::sentSecret)
        .isEqualTo(false);
  }

  @Test
  void requireNamesTheReason() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      serve(listener, true, 10, SCRAM);
      PgException e =
          catchThrowableOfType(
              () ->
                  PgConnection.connect(
                      ConnectionConfig.parse(
                          "postgresql://u:pw@localhost:"
                              + listener.getLocalPort()
                              + "/db?sslmode=require&channel_binding=require"),
                      null),
              PgException.class);
      assertThat(e.getMessage())
          .contains("channel binding is required, but the server did not offer")
          .contains("[SCRAM-SHA-256]");
    }
  }

  @Test
  void sniIsSentForHostNamesOnly() throws Exception {
    assertThat(attempt("localhost", "sslmode=require", true, 10, SCRAM).sni())
        .isEqualTo("localhost");
    assertThat(attempt("127.0.0.1", "sslmode=require", true, 10, SCRAM).sni()).isNull();
    assertThat(attempt("localhost", "sslmode=require&sslsni=0", true, 10, SCRAM).sni()).isNull();
  }
}
