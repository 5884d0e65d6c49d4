package dev.sluice;

import java.net.InetAddress;

/**
 * An inet or cidr value with its prefix length: {@code 192.168.0.0/16}. A host address (all bits)
 * is also readable as a plain {@link InetAddress}.
 */
public record InetNetwork(InetAddress address, int bits) {
  /**
   * Checks the prefix length against the address's family.
   *
   * @param address the address (IPv4 or IPv6); for cidr, the network's
   * @param bits the prefix length
   * @throws IllegalArgumentException if {@code bits} is negative or longer than the address (32 for
   *     IPv4, 128 for IPv6)
   */
  public InetNetwork {
    int max = address.getAddress().length * 8;
    if (bits < 0 || bits > max) {
      throw new IllegalArgumentException(
          "bits " + bits + " not in [0, " + max + "] for " + address);
    }
  }

  /**
   * A host address: all bits.
   *
   * @param address the address, IPv4 or IPv6
   * @return the address with a prefix of 32 (IPv4) or 128 (IPv6) bits
   */
  public static InetNetwork host(InetAddress address) {
    return new InetNetwork(address, address.getAddress().length * 8);
  }

  /**
   * Whether this is a host address rather than a network.
   *
   * @return true when the prefix covers all the address's bits
   */
  public boolean isHost() {
    return bits == address.getAddress().length * 8;
  }

  @Override
  public String toString() {
    return address.getHostAddress() + "/" + bits;
  }
}
