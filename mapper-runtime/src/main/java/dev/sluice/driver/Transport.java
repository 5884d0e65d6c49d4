package dev.sluice.driver;

import dev.sluice.driver.config.ConnectionConfig;
import dev.sluice.driver.tls.TlsChannel;
import dev.sluice.driver.tls.TlsSetup;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.ScheduledFuture;
import jdk.net.ExtendedSocketOptions;

/**
 * The byte stream under one connection: a blocking {@link SocketChannel} over TCP or a Unix-domain
 * socket, its input and output streams, the idle probe, and the side connection a CancelRequest
 * travels on. It knows nothing of messages.
 *
 * <p>Deadlines are the caller's: {@link #close()} may be called from any thread, and ends a
 * connect, read or write blocked in another (the connector's deadline does that; a read timeout
 * would leave the socket non-blocking, see {@link ChannelInput}).
 */
final class Transport {
  private static final System.Logger LOG = System.getLogger(Transport.class.getName());

  private final ConnectionConfig.HostPort hostPort;
  private final SocketChannel channel;

  /** Set by {@link #connect()}; replaced by TLS's streams by {@link #startTls}. */
  private InputStream input;

  private OutputStream output;

  /** The channel's plain stream, set by {@link #connect()}; TLS reads through it no more. */
  private volatile ChannelInput plain;

  /** The TLS session over the channel, or null in plain text. */
  private volatile TlsChannel tls;

  /** How {@link #tls} was made, to make the cancel side connection the same way. */
  private TlsSetup tlsSetup;

  /** The address actually connected to (one of the host's addresses), for CancelRequest. */
  private SocketAddress remote;

  private Transport(ConnectionConfig.HostPort hostPort, SocketChannel channel) {
    this.hostPort = hostPort;
    this.channel = channel;
  }

  /** An unconnected channel for {@code hp}, to be {@link #connect() connected}. */
  static Transport open(ConnectionConfig.HostPort hp) throws IOException {
    return new Transport(
        hp,
        hp.isUnixSocket() ? SocketChannel.open(StandardProtocolFamily.UNIX) : SocketChannel.open());
  }

  /**
   * Connects to {@code address} (null for a Unix-domain socket, whose file the host names);
   * blocking, and {@link #close()} from another thread ends it.
   */
  void connect(InetSocketAddress address, ConnectionConfig.Keepalives keepalives)
      throws IOException {
    if (hostPort.isUnixSocket()) {
      channel.connect(socketFile(hostPort));
    } else {
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      channel.setOption(StandardSocketOptions.SO_KEEPALIVE, keepalives.enabled());
      if (keepalives.enabled()) {
        setIfSupported(ExtendedSocketOptions.TCP_KEEPIDLE, keepalives.idleSeconds());
        setIfSupported(ExtendedSocketOptions.TCP_KEEPINTERVAL, keepalives.intervalSeconds());
        setIfSupported(ExtendedSocketOptions.TCP_KEEPCOUNT, keepalives.count());
      }
      channel.connect(address);
    }
    remote = channel.getRemoteAddress();
    plain = new ChannelInput(channel);
    input = plain;
    output = new ChannelOutput(channel);
  }

  /**
   * Starts TLS as {@code setup} says (SSLRequest or direct); returns false, still in plain text, if
   * the server declined and TLS is optional.
   */
  boolean startTls(TlsSetup setup) throws IOException {
    TlsChannel t = setup.start(channel, hostPort);
    if (t == null) {
      return false;
    }
    tls = t;
    tlsSetup = setup;
    input = t.input();
    output = t.output();
    return true;
  }

  /** The TLS session, or null in plain text. */
  TlsChannel tls() {
    return tls;
  }

  /** Sets a keepalive option (0: keep the system's default); not every platform has them. */
  private void setIfSupported(SocketOption<Integer> option, int value) throws IOException {
    if (value > 0) {
      if (!channel.supportedOptions().contains(option)) {
        LOG.log(System.Logger.Level.WARNING, "{0} is not supported on this platform", option);
        return;
      }
      channel.setOption(option, value);
    }
  }

  /** A socket option's value, for tests. */
  <T> T option(SocketOption<T> option) throws IOException {
    return channel.getOption(option);
  }

  private static UnixDomainSocketAddress socketFile(ConnectionConfig.HostPort hp) {
    return UnixDomainSocketAddress.of(Path.of(hp.host(), ".s.PGSQL." + hp.port()));
  }

  InputStream input() {
    return input;
  }

  OutputStream output() {
    return output;
  }

  /** The address connected to (one of the host's), or null before {@link #connect}. */
  SocketAddress remoteAddress() {
    return remote;
  }

  ConnectionConfig.HostPort hostPort() {
    return hostPort;
  }

  boolean isUnixSocket() {
    return hostPort.isUnixSocket();
  }

  /**
   * Looks, without blocking, whether the server sent a byte or closed the connection (a crash, a
   * proxy's idle cut, which no byte announces); either is then seen by the next read.
   */
  void peek() throws IOException {
    if (tls != null) {
      tls.peek();
    } else {
      ((ChannelInput) input).peek();
    }
  }

  /**
   * Waits up to {@code millis} for the server to send something (or close the connection), with the
   * socket left open when the time passes first; true if a read would not block. For waits that
   * must end at a deadline — an idle listener, a timed poll — not for the read path, which blocks
   * in one system call.
   */
  boolean awaitReadable(long millis) throws IOException {
    return tls != null ? tls.awaitReadable(millis) : plain.awaitReadable(millis);
  }

  /**
   * Ends a {@link #awaitReadable} in progress on another thread at once (it returns false), or the
   * next one to start. Any thread.
   */
  void wakeupReader() {
    TlsChannel t = tls;
    if (t != null) {
      t.wakeupReadiness();
      return;
    }
    ChannelInput p = plain;
    if (p != null) {
      p.wakeupReadiness();
    }
  }

  /** Closes the channel; safe from any thread, and more than once. */
  void close() {
    try {
      channel.close();
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "close failed: {0}", e.getMessage());
    }
    ChannelInput p = plain;
    if (p != null) {
      p.closeReadiness();
    }
    TlsChannel t = tls;
    if (t != null) {
      t.closeReadiness();
    }
  }

  /**
   * Sends {@code request} (a CancelRequest) on a new connection to the address this one is
   * connected to, and waits until the server closes it, which it does once it has signalled the
   * backend: so the cancel cannot arrive after a later statement has started.
   */
  void sendOnSideConnection(byte[] request, int connectTimeoutMillis) throws IOException {
    if (tlsSetup != null) {
      cancelOverTls(request, connectTimeoutMillis);
    } else if (hostPort.isUnixSocket()) {
      try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
        ch.connect(socketFile(hostPort));
        exchange(request, Channels.newInputStream(ch), Channels.newOutputStream(ch));
      }
    } else {
      SocketAddress target =
          remote != null ? remote : new InetSocketAddress(hostPort.host(), hostPort.port());
      try (Socket s = new Socket()) {
        s.connect(target, connectTimeoutMillis);
        s.setSoTimeout(10_000);
        exchange(request, s.getInputStream(), s.getOutputStream());
      }
    }
  }

  /** The CancelRequest over TLS, as the connection it cancels (libpq does the same). */
  private void cancelOverTls(byte[] request, int connectTimeoutMillis) throws IOException {
    InetSocketAddress target =
        remote instanceof InetSocketAddress a
            ? a
            : new InetSocketAddress(hostPort.host(), hostPort.port());
    try (SocketChannel ch = SocketChannel.open()) {
      // Blocking channel reads have no timeout: a deadline closes the channel instead.
      ScheduledFuture<?> deadline =
          Deadlines.schedule(
              () -> {
                try {
                  ch.close();
                } catch (IOException e) {
                  LOG.log(System.Logger.Level.DEBUG, "close failed: {0}", e.getMessage());
                }
              },
              (connectTimeoutMillis > 0 ? connectTimeoutMillis : 10_000) + 10_000L);
      try {
        TlsChannel side = tlsSetup.open(ch, target, hostPort);
        exchange(request, side.input(), side.output());
      } finally {
        deadline.cancel(false);
      }
    }
  }

  private static void exchange(byte[] request, InputStream is, OutputStream os) throws IOException {
    os.write(request);
    os.flush();
    while (is.read() >= 0) {
      // nothing to read: wait for the server's close
    }
  }
}
