package dev.sluice;

import java.net.InetAddress;

/**
 * An inet or cidr value with its prefix length: {@code 192.168.0.0/16}. A host address (all bits)
 * is also readable as a plain {@link InetAddress}.
 */
public record InetNetwork(InetAddress address, int bits) {
  public InetNetwork {
    int max = address.getAddress().length * 8;
    if (bits < 0 || bits > max) {
      throw new IllegalArgumentException(
          "bits " + bits + " not in [0, " + max + "] for " + address);
    }
  }

  /** A host address: all bits. */
  public static InetNetwork host(InetAddress address) {
    return new InetNetwork(address, address.getAddress().length * 8);
  }

  public boolean isHost() {
    return bits == address.getAddress().length * 8;
  }

  @Override
  public String toString() {
    return address.getHostAddress() + "/" + bits;
  }
}
