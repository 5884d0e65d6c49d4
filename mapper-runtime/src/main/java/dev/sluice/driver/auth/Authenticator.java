package dev.sluice.driver.auth;

import dev.sluice.PgException;
import dev.sluice.driver.MessageReader;
import dev.sluice.driver.MessageWriter;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.ProtocolException;
import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.config.PassFile;
import dev.sluice.driver.tls.TlsOptions;
import dev.sluice.driver.tls.TlsServerEndPoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Answers the server's Authentication requests during startup: trust (AuthenticationOk at once),
 * cleartext password, MD5, and SCRAM-SHA-256 (whose server signature is verified before
 * AuthenticationOk is believed). One per connection attempt: the password is found at most once per
 * attempt, when the server first asks for it: the one given, else the password supplier's, else the
 * password file's.
 */
public final class Authenticator {
  private final ConnectionConfig config;
  private final MessageWriter writer;
  private final ConnectionConfig.HostPort hostPort;

  /** Whether the connect deadline has passed (a long SCRAM key derivation stops then). */
  private final BooleanSupplier deadlinePassed;

  /** The password of this attempt, once found. */
  private String password;

  /** The SCRAM exchange under way, from AuthenticationSASL to its verified final message. */
  private ScramSha256 scram;

  /** Whether the server asked for any method at all before AuthenticationOk. */
  private boolean authenticated;

  /** The server's leaf certificate when the connection uses TLS, else null. */
  private final X509Certificate serverCertificate;

  /** Whether SCRAM-SHA-256-PLUS (with channel binding) was chosen. */
  private boolean bound;

  public Authenticator(
      ConnectionConfig config,
      MessageWriter writer,
      ConnectionConfig.HostPort hostPort,
      BooleanSupplier deadlinePassed,
      X509Certificate serverCertificate) {
    this.config = config;
    this.writer = writer;
    this.hostPort = hostPort;
    this.deadlinePassed = deadlinePassed;
    this.serverCertificate = serverCertificate;
  }

  private boolean bindingRequired() {
    return config.tls().channelBinding == TlsOptions.ChannelBinding.REQUIRE;
  }

  /** channel_binding=require refuses any method but SCRAM-SHA-256-PLUS, before sending a secret. */
  private void refuseUnboundUnderRequire(String method) {
    if (bindingRequired()) {
      throw new PgException(
          "08001",
          "channel binding required, but the server asked for "
              + method
              + ", which cannot bind to the TLS channel (channel_binding=require)");
    }
  }

  /**
   * Answers the Authentication message at the reader's position, which it consumes; returns whether
   * it was AuthenticationOk. An answer is encoded for the caller to send.
   */
  public boolean answer(MessageReader r) throws IOException {
    int code = r.authenticationCode();
    switch (code) {
      case Protocol.AUTH_OK:
        r.skip();
        if (!authenticated) {
          config.requireAuth().check(RequireAuth.Method.NONE);
        }
        if (bindingRequired() && !bound) {
          throw new PgException(
              "08001",
              "channel binding required, but the server authenticated the client without channel"
                  + " binding (channel_binding=require)");
        }
        if (scram != null) {
          // A SCRAM exchange is only over once the server proved it knows the password (its
          // signature in SASLFinal, verified). An AuthenticationOk before that could come from
          // anyone: refuse it rather than talk to an unauthenticated server.
          throw new PgException(
              "28000",
              "the server sent AuthenticationOk before completing SCRAM authentication (its"
                  + " signature was never verified); refusing the connection");
        }
        return true;
      case Protocol.AUTH_CLEARTEXT_PASSWORD:
        r.skip();
        config.requireAuth().check(RequireAuth.Method.PASSWORD);
        refuseUnboundUnderRequire("a cleartext password");
        authenticated = true;
        writer.passwordMessage(requirePassword("password").getBytes(StandardCharsets.UTF_8));
        return false;
      case Protocol.AUTH_MD5_PASSWORD:
        {
          byte[] salt = r.authenticationData();
          r.skip();
          config.requireAuth().check(RequireAuth.Method.MD5);
          refuseUnboundUnderRequire("an MD5 password");
          authenticated = true;
          if (salt.length != 4) {
            throw new ProtocolException(
                "AuthenticationMD5Password with a salt of " + salt.length + " bytes");
          }
          writer.passwordMessage(Md5Password.response(config.user(), requirePassword("md5"), salt));
          return false;
        }
      case Protocol.AUTH_SASL:
        {
          List<String> mechanisms = r.saslMechanisms();
          r.skip();
          config.requireAuth().check(RequireAuth.Method.SCRAM_SHA_256);
          authenticated = true;
          scram = startScram(mechanisms);
          return false;
        }
      case Protocol.AUTH_SASL_CONTINUE:
        {
          if (scram == null) {
            throw new ProtocolException("SASLContinue before SASL");
          }
          String serverFirst = new String(r.authenticationData(), StandardCharsets.UTF_8);
          r.skip();
          writer.saslResponse(scram.clientFinalMessage(serverFirst));
          return false;
        }
      case Protocol.AUTH_SASL_FINAL:
        {
          if (scram == null) {
            throw new ProtocolException("SASLFinal before SASL");
          }
          String serverFinal = new String(r.authenticationData(), StandardCharsets.UTF_8);
          r.skip();
          scram.verifyServerFinal(serverFinal);
          scram = null;
          return false;
        }
      case Protocol.AUTH_GSS:
      case Protocol.AUTH_GSS_CONTINUE:
        r.skip();
        config.requireAuth().check(RequireAuth.Method.GSS);
        throw unsupported(code);
      case Protocol.AUTH_SSPI:
        r.skip();
        config.requireAuth().check(RequireAuth.Method.SSPI);
        throw unsupported(code);
      default:
        throw unsupported(code);
    }
  }

  /**
   * Picks the mechanism and GS2 header (RFC 5802 section 6, PostgreSQL's channel_binding): over TLS
   * with binding data and the server offering SCRAM-SHA-256-PLUS, bind ({@code p=}); over TLS with
   * binding data but no -PLUS offered, {@code y,,}, so a server that did offer it sees the offer
   * was stripped; otherwise {@code n,,}. channel_binding=require refuses all but binding, and
   * disable never binds.
   */
  private ScramSha256 startScram(List<String> mechanisms) {
    TlsOptions.ChannelBinding mode = config.tls().channelBinding;
    boolean plus = mechanisms.contains(ScramSha256.MECHANISM_PLUS);
    byte[] data =
        serverCertificate != null && mode != TlsOptions.ChannelBinding.DISABLE
            ? TlsServerEndPoint.of(serverCertificate)
            : null;
    if (mode == TlsOptions.ChannelBinding.REQUIRE) {
      if (serverCertificate == null) {
        throw new PgException(
            "08001", "channel binding required, but SSL not in use (channel_binding=require)");
      }
      if (!plus) {
        throw new PgException(
            "08001",
            "channel binding is required, but the server did not offer an authentication method"
                + " that supports channel binding (it offered "
                + mechanisms
                + ")");
      }
      if (data == null || data.length == 0) {
        throw new PgException(
            "08001",
            "channel binding required, but the server certificate's signature algorithm ("
                + serverCertificate.getSigAlgName()
                + ") defines no hash for tls-server-end-point (RFC 5929)");
      }
    }
    String password = requirePassword("SCRAM-SHA-256");
    ScramSha256 s;
    String mechanism;
    if (plus && data != null && data.length > 0) {
      mechanism = ScramSha256.MECHANISM_PLUS;
      s = scram(password, ScramSha256.GS2_BINDING, data);
      bound = true;
    } else if (mechanisms.contains(ScramSha256.MECHANISM)) {
      mechanism = ScramSha256.MECHANISM;
      s =
          scram(
              password,
              data != null && data.length > 0
                  ? ScramSha256.GS2_SERVER_CANNOT
                  : ScramSha256.GS2_NONE,
              new byte[0]);
    } else {
      throw new PgException(
          "08001",
          "the server offers SASL mechanisms "
              + mechanisms
              + "; Sluice supports "
              + ScramSha256.MECHANISM
              + " and "
              + ScramSha256.MECHANISM_PLUS
              + " (which needs TLS)");
    }
    writer.saslInitialResponse(mechanism, s.clientFirstMessage());
    return s;
  }

  private ScramSha256 scram(String password, String gs2Header, byte[] bindingData) {
    return new ScramSha256(
        password, gs2Header, bindingData, config.scramMaxIterations(), deadlinePassed);
  }

  private static PgException unsupported(int code) {
    return new PgException(
        "08001",
        "the server asks for authentication method "
            + methodName(code)
            + ", which Sluice does not support (trust, password, md5 and scram-sha-256 are)");
  }

  private String requirePassword(String method) {
    if (password == null) {
      password = findPassword(method);
    }
    return password;
  }

  private String findPassword(String method) {
    if (config.password() != null && !config.password().isEmpty()) {
      return config.password();
    }
    Supplier<String> supplier = config.passwordSupplier();
    if (supplier != null) {
      String supplied;
      try {
        supplied = supplier.get();
      } catch (RuntimeException e) {
        throw new PgException(
            "08001",
            "the password supplier failed ("
                + e.getClass().getName()
                + ") for user \""
                + config.user()
                + "\" connecting to "
                + hostPort
                + "; see the cause",
            null,
            e);
      }
      if (supplied == null) {
        throw new PgException(
            "08001",
            "the password supplier returned null for user \""
                + config.user()
                + "\" connecting to "
                + hostPort);
      }
      return supplied;
    }
    String fromFile =
        PassFile.lookup(config.passFile(), hostPort, config.database(), config.user());
    if (fromFile != null) {
      return fromFile;
    }
    throw new PgException(
        "28P01",
        "the server requires "
            + method
            + " authentication for user \""
            + config.user()
            + "\" but no password was given"
            + (config.passFile() != null
                ? " (nor found in password file \"" + config.passFile() + "\")"
                : ""));
  }

  private static String methodName(int code) {
    switch (code) {
      case Protocol.AUTH_KERBEROS_V5:
        return "Kerberos V5";
      case Protocol.AUTH_GSS:
      case Protocol.AUTH_GSS_CONTINUE:
        return "GSSAPI";
      case Protocol.AUTH_SSPI:
        return "SSPI";
      default:
        return "code " + code;
    }
  }
}
