package dev.sluice.driver;

import dev.sluice.PgException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Answers the server's Authentication requests during startup: trust (AuthenticationOk at once),
 * cleartext password, MD5, and SCRAM-SHA-256 (whose server signature is verified before
 * AuthenticationOk is believed).
 */
final class Authenticator {
  private final ConnectionConfig config;
  private final MessageWriter writer;

  /** The SCRAM exchange under way, from AuthenticationSASL to its verified final message. */
  private ScramSha256 scram;

  /** Whether the server asked for any method at all before AuthenticationOk. */
  private boolean authenticated;

  Authenticator(ConnectionConfig config, MessageWriter writer) {
    this.config = config;
    this.writer = writer;
  }

  /**
   * Answers the Authentication message at the reader's position, which it consumes; returns whether
   * it was AuthenticationOk. An answer is encoded for the caller to send.
   */
  boolean answer(MessageReader r) throws IOException {
    int code = r.authenticationCode();
    switch (code) {
      case Protocol.AUTH_OK:
        r.skip();
        if (!authenticated) {
          config.requireAuth().check(RequireAuth.Method.NONE);
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
        authenticated = true;
        writer.passwordMessage(requirePassword("password").getBytes(StandardCharsets.UTF_8));
        return false;
      case Protocol.AUTH_MD5_PASSWORD:
        {
          byte[] salt = r.authenticationData();
          r.skip();
          config.requireAuth().check(RequireAuth.Method.MD5);
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
          if (!mechanisms.contains(ScramSha256.MECHANISM)) {
            throw new PgException(
                "08001",
                "the server offers SASL mechanisms "
                    + mechanisms
                    + "; Sluice supports "
                    + ScramSha256.MECHANISM
                    + " (channel binding needs TLS)");
          }
          scram = new ScramSha256(requirePassword("SCRAM-SHA-256"));
          writer.saslInitialResponse(ScramSha256.MECHANISM, scram.clientFirstMessage());
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

  private static PgException unsupported(int code) {
    return new PgException(
        "08001",
        "the server asks for authentication method "
            + methodName(code)
            + ", which Sluice does not support (trust, password, md5 and scram-sha-256 are)");
  }

  private String requirePassword(String method) {
    if (config.password() == null) {
      throw new PgException(
          "28P01",
          "the server requires "
              + method
              + " authentication for user \""
              + config.user()
              + "\" but no password was given");
    }
    return config.password();
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
