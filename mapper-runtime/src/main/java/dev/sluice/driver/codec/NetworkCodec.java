package dev.sluice.driver.codec;

import dev.sluice.InetNetwork;
import dev.sluice.PgException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The network family: inet and cidr, read as {@link InetNetwork} (an address and its prefix
 * length), written from an InetNetwork or an {@link InetAddress} (a host: all its bits).
 */
public final class NetworkCodec {
  private NetworkCodec() {}

  static final List<BuiltinType> TYPES =
      List.of(
          BuiltinType.of(
              Oids.INET,
              Oids.INET_ARRAY,
              "inet",
              "inet",
              -1,
              NetworkCodec::inet,
              NetworkCodec::encode),
          BuiltinType.of(
              Oids.CIDR,
              Oids.CIDR_ARRAY,
              "cidr",
              "cidr",
              -1,
              NetworkCodec::inet,
              NetworkCodec::encode));

  /** inet/cidr: int8 family, int8 bits, int8 is_cidr, int8 address length, address bytes. */
  public static InetNetwork inet(byte[] b, int off, int len) {
    if (len < 4) {
      throw new PgException("08P01", "inet value of " + len + " bytes, shorter than its header");
    }
    int family = b[off];
    int bits = b[off + 1] & 0xff;
    int n = b[off + 3] & 0xff;
    if (family == 2 ? n != 4 : family != 3 || n != 16) {
      throw new PgException(
          "08P01", "inet value of family " + family + " with an address of " + n + " bytes");
    }
    if (len != 4 + n || bits > 8 * n) {
      throw new PgException(
          "08P01",
          "inet value with an address of "
              + n
              + " bytes and "
              + bits
              + " bits in "
              + len
              + " bytes");
    }
    byte[] addr = new byte[n];
    System.arraycopy(b, off + 4, addr, 0, n);
    try {
      // Inet6Address.getByAddress keeps an IPv4-mapped address (::ffff:a.b.c.d) IPv6, as the server
      // does; InetAddress.getByAddress would turn it into an Inet4Address, losing its prefix
      // length.
      InetAddress address =
          n == 4 ? InetAddress.getByAddress(addr) : Inet6Address.getByAddress(null, addr, -1);
      return new InetNetwork(address, bits);
    } catch (UnknownHostException | IllegalArgumentException e) {
      throw new PgException(
          "08P01", "bad inet value of " + n + " address bytes and " + bits + " bits");
    }
  }

  /** The address of a host value; fails for a network (fewer bits than the address has). */
  public static InetAddress hostAddress(InetNetwork net) {
    if (!net.isHost()) {
      throw new PgException(
          "22000",
          "inet value " + net + " is a network, not a host address; read it as InetNetwork");
    }
    return net.address();
  }

  /** inet_recv's form of {@code v}, with the is_cidr flag of type {@code oid}. */
  private static boolean encode(dev.sluice.driver.WriteBuffer w, Object v, int oid, int index) {
    InetNetwork net =
        v instanceof InetAddress a ? InetNetwork.host(a) : v instanceof InetNetwork n ? n : null;
    if (net == null) {
      return false;
    }
    byte[] addr = net.address().getAddress();
    w.putByte(addr.length == 4 ? 2 : 3);
    w.putByte(net.bits());
    w.putByte(oid == Oids.CIDR ? 1 : 0);
    w.putByte(addr.length);
    w.putBytes(addr);
    return true;
  }
}
