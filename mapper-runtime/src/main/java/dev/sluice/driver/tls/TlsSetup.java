package dev.sluice.driver.tls;

import dev.sluice.PgException;
import dev.sluice.driver.Causes;
import dev.sluice.driver.Protocol;
import dev.sluice.driver.ProtocolException;
import dev.sluice.driver.config.ConnectionConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertStore;
import java.security.cert.CertificateException;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.X509CRL;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * How one configuration makes TLS connections, with libpq's rules: the trust (the root certificates
 * of sslrootcert or {@code ~/.postgresql/root.crt}, checked whenever there are any, as libpq checks
 * them even under require or prefer; the JDK's trust store for sslrootcert=system; none at all for
 * require without roots), the CRLs, the client certificate, the protocol range, SNI and ALPN; then,
 * per connection, the SSLRequest (or direct TLS), the handshake and, for verify-full, the host name
 * check. Built once per connect attempt; config errors come first.
 */
public final class TlsSetup {
  /** The ALPN protocol name PostgreSQL 17 registers, required for direct TLS. */
  static final String ALPN = "postgresql";

  private final ConnectionConfig.SslMode mode;
  private final TlsOptions options;
  private final SSLContext context;

  private TlsSetup(ConnectionConfig.SslMode mode, TlsOptions options, SSLContext context) {
    this.mode = mode;
    this.options = options;
    this.context = context;
  }

  /** The setup for {@code config}; fails (before any connection) on a configuration error. */
  public static TlsSetup create(ConnectionConfig config) {
    ConnectionConfig.SslMode mode = config.sslMode();
    TlsOptions o = config.tls();
    String root = o.effectiveRootCert();
    boolean verifyMode =
        mode == ConnectionConfig.SslMode.VERIFY_CA || mode == ConnectionConfig.SslMode.VERIFY_FULL;
    if (verifyMode && root == null) {
      throw new PgException(
          "08001",
          "root certificate file \""
              + o.home.resolve(".postgresql").resolve("root.crt")
              + "\" does not exist; either provide the file (sslrootcert), use the system's"
              + " trusted roots with sslrootcert=system, or change sslmode to disable server"
              + " certificate verification");
    }
    try {
      TrustManager[] trust;
      if (root == null) {
        trust = new TrustManager[] {TrustAll.INSTANCE}; // require without roots: encryption only
      } else if (root.equals(TlsOptions.SYSTEM)) {
        TrustManagerFactory f =
            TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init((KeyStore) null);
        trust = f.getTrustManagers();
      } else {
        trust = rootTrust(root, o.effectiveCrl(), o.effectiveCrlDir());
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keyManagers(o), trust, null);
      return new TlsSetup(mode, o, context);
    } catch (GeneralSecurityException e) {
      throw new PgException("08001", "could not set up TLS: " + Causes.describe(e), null, e);
    }
  }

  private static TrustManager[] rootTrust(String file, String crlFile, String crlDir)
      throws GeneralSecurityException {
    KeyStore roots = KeyStore.getInstance("PKCS12");
    try {
      roots.load(null, null);
    } catch (IOException e) {
      throw new GeneralSecurityException(e);
    }
    int i = 0;
    for (X509Certificate c : PemFiles.certificates(file, "sslrootcert")) {
      roots.setCertificateEntry("root" + i++, c);
    }
    PKIXBuilderParameters params = new PKIXBuilderParameters(roots, new X509CertSelector());
    if (crlFile != null || crlDir != null) {
      // libpq gives OpenSSL both, and any certificate whose issuer has no CRL among them fails
      // (X509_V_FLAG_CRL_CHECK_ALL); so does PKIX with revocation on and no other source.
      List<X509CRL> crls = new ArrayList<>();
      if (crlFile != null) {
        crls.addAll(PemFiles.crls(crlFile));
      }
      if (crlDir != null) {
        crls.addAll(PemFiles.crlDirectory(crlDir));
      }
      params.addCertStore(
          CertStore.getInstance("Collection", new CollectionCertStoreParameters(crls)));
      params.setRevocationEnabled(true); // against these CRLs only (no OCSP, no fetching)
    } else {
      params.setRevocationEnabled(false);
    }
    TrustManagerFactory f = TrustManagerFactory.getInstance("PKIX");
    f.init(new CertPathTrustManagerParameters(params));
    return f.getTrustManagers();
  }

  private static KeyManager[] keyManagers(TlsOptions o) throws GeneralSecurityException {
    String certFile = o.effectiveCert();
    if (certFile == null) {
      return null;
    }
    List<X509Certificate> chain = PemFiles.certificates(certFile, "sslcert");
    PrivateKey key = PemKeys.privateKey(o.effectiveKey(), o.password);
    KeyStore store = KeyStore.getInstance("PKCS12");
    try {
      store.load(null, null);
    } catch (IOException e) {
      throw new GeneralSecurityException(e);
    }
    char[] none = new char[0];
    store.setKeyEntry("client", key, none, chain.toArray(new X509Certificate[0]));
    KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    f.init(store, none);
    return f.getKeyManagers();
  }

  boolean direct() {
    return options.negotiation == TlsOptions.Negotiation.DIRECT;
  }

  /** Whether a server without TLS is refused (require, verify-ca, verify-full). */
  boolean required() {
    return mode == ConnectionConfig.SslMode.REQUIRE
        || mode == ConnectionConfig.SslMode.VERIFY_CA
        || mode == ConnectionConfig.SslMode.VERIFY_FULL;
  }

  TlsOptions options() {
    return options;
  }

  /**
   * Starts TLS on a connected channel: the SSLRequest and its answer (or nothing, for direct TLS),
   * then the handshake and the checks. Returns null when the server answered 'N' and TLS is not
   * required; throws when it is.
   */
  public TlsChannel start(SocketChannel channel, ConnectionConfig.HostPort hp) throws IOException {
    if (!direct()) {
      ByteBuffer request = ByteBuffer.allocate(8);
      request.putInt(8).putInt(Protocol.SSL_REQUEST_CODE).flip();
      while (request.hasRemaining()) {
        channel.write(request);
      }
      // Read with room for more than the one byte expected, to see bytes that should not be there.
      ByteBuffer answer = ByteBuffer.allocate(64);
      int n;
      do {
        n = channel.read(answer);
      } while (n == 0);
      if (n < 0) {
        throw new java.io.EOFException("the server closed the connection after SSLRequest");
      }
      byte b = answer.get(0);
      switch (b) {
        case 'S':
          // CVE-2021-23222: anything sent with the 'S' was sent before TLS began, so by anyone on
          // the path; reading it as if it came over TLS would let them inject messages.
          if (answer.position() > 1 || channel.socket().getInputStream().available() > 0) {
            throw new ProtocolException(
                "the server sent unencrypted bytes after accepting SSLRequest (a man in the middle"
                    + " injecting data, CVE-2021-23222)");
          }
          break;
        case 'N':
          if (required()) {
            throw new PgException(
                "08001",
                "server "
                    + hp
                    + " does not support SSL, but SSL was required (sslmode="
                    + keyword()
                    + ")");
          }
          return null;
        case 'E':
          // CVE-2024-10977: an error before TLS is unauthenticated; its text could be anyone's.
          // As libpq, do not even read it: report that there was one.
          throw new PgException(
              "08001",
              "server "
                  + hp
                  + " sent an error response during SSL exchange (its text is not"
                  + " shown: it was not sent over an authenticated connection)");
        default:
          throw new ProtocolException(
              "received invalid response to SSL negotiation: 0x" + Integer.toHexString(b & 0xff));
      }
    }
    SSLEngine engine = engine(hp);
    TlsChannel tls = new TlsChannel(channel, engine);
    tls.handshake();
    check(engine, hp);
    return tls;
  }

  private SSLEngine engine(ConnectionConfig.HostPort hp) {
    SSLEngine engine = context.createSSLEngine(hp.host(), hp.port());
    engine.setUseClientMode(true);
    SSLParameters p = engine.getSSLParameters();
    List<String> protocols = new ArrayList<>();
    int min = TlsOptions.PROTOCOLS.indexOf(options.minProtocol);
    int max =
        options.maxProtocol == null
            ? TlsOptions.PROTOCOLS.size() - 1
            : TlsOptions.PROTOCOLS.indexOf(options.maxProtocol);
    List<String> supported = List.of(context.getSupportedSSLParameters().getProtocols());
    for (int i = min; i <= max; i++) {
      if (supported.contains(TlsOptions.PROTOCOLS.get(i))) {
        protocols.add(TlsOptions.PROTOCOLS.get(i));
      }
    }
    p.setProtocols(protocols.toArray(new String[0]));
    // SNI for a DNS name only (never an IP literal), unless sslsni=0; cloud proxies route on it.
    if (options.sni && HostNames.sendsSni(hp.host())) {
      p.setServerNames(List.of(new SNIHostName(hp.host())));
    } else {
      p.setServerNames(List.of());
    }
    p.setApplicationProtocols(new String[] {ALPN}); // as libpq 17 does, whatever the negotiation
    engine.setSSLParameters(p);
    return engine;
  }

  private void check(SSLEngine engine, ConnectionConfig.HostPort hp) throws IOException {
    if (direct() && !ALPN.equals(engine.getApplicationProtocol())) {
      throw new PgException(
          "08001",
          "server " + hp + " did not accept the ALPN protocol \"postgresql\" of direct TLS");
    }
    if (mode == ConnectionConfig.SslMode.VERIFY_FULL) {
      X509Certificate leaf = serverCertificate(engine);
      if (!HostNames.matches(leaf, hp.host())) {
        throw new PgException(
            "08001",
            "server certificate for \""
                + HostNames.describe(leaf)
                + "\" does not match host name \""
                + hp.host()
                + "\" (sslmode=verify-full)");
      }
    }
  }

  static X509Certificate serverCertificate(SSLEngine engine) throws SSLPeerUnverifiedException {
    return (X509Certificate) engine.getSession().getPeerCertificates()[0];
  }

  private String keyword() {
    return mode.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** A new connection to {@code address} with TLS as this setup makes it (for CancelRequest). */
  public TlsChannel open(
      SocketChannel channel, InetSocketAddress address, ConnectionConfig.HostPort hp)
      throws IOException {
    channel.connect(address);
    TlsChannel tls = start(channel, hp);
    if (tls == null) {
      throw new IOException("the server refused TLS for the cancel request");
    }
    return tls;
  }

  /**
   * sslmode=require without root certificates: encryption without authentication, as libpq does it
   * (an attacker on the path can impersonate the server; verify-ca/verify-full exist for that).
   */
  private static final class TrustAll extends X509ExtendedTrustManager {
    static final TrustAll INSTANCE = new TrustAll();

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      // trusts any server: see the class comment
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
      // as above
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
      // as above
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      throw new CertificateException("a client does not check clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      throw new CertificateException("a client does not check clients");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      throw new CertificateException("a client does not check clients");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
