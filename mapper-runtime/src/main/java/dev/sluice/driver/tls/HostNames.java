package dev.sluice.driver.tls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * verify-full's host name check, as libpq makes it: the host as given (never a reverse lookup)
 * against the certificate's subjectAltName entries, DNS names (a leading {@code *.} matching one
 * label) and IP addresses; the subject's CN only when the certificate has no entry of the host's
 * type (PostgreSQL 15's libpq: for an IP address, a certificate with DNS entries only still has its
 * CN checked, and for a name, one with IP entries only). SNI as libpq sends it: {@link #sendsSni}.
 */
final class HostNames {
  private HostNames() {}

  private static final int SAN_DNS = 2;
  private static final int SAN_IP = 7;

  /** Whether {@code host} is an IPv4 or IPv6 literal (checked without any name lookup). */
  static boolean isIpLiteral(String host) {
    if (host.indexOf(':') >= 0) {
      return true;
    }
    String[] parts = host.split("\\.", -1);
    if (parts.length != 4) {
      return false;
    }
    for (String p : parts) {
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether libpq would send {@code host} as SNI: not for an IPv6 literal (any ':') nor for a host
   * of digits and dots only (RFC 6066 forbids IP literals; libpq's test is this broad).
   */
  static boolean sendsSni(String host) {
    if (host.isEmpty() || host.indexOf(':') >= 0) {
      return false;
    }
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      if (c != '.' && (c < '0' || c > '9')) {
        return true;
      }
    }
    return false;
  }

  static boolean matches(X509Certificate cert, String host) {
    InetAddress ip = null;
    if (isIpLiteral(host)) {
      try {
        ip = InetAddress.getByName(host); // a literal: parsed, not looked up
      } catch (UnknownHostException e) {
        ip = null;
      }
    }
    // libpq (PostgreSQL 15+): a SAN of the host's own type (DNS for a name, IP for an address)
    // rules out the CN; one only of the other type does not.
    int hostType = ip != null ? SAN_IP : SAN_DNS;
    boolean checkCn = true;
    Collection<List<?>> sans;
    try {
      sans = cert.getSubjectAlternativeNames();
    } catch (CertificateParsingException e) {
      return false;
    }
    if (sans != null) {
      for (List<?> san : sans) {
        int type = (Integer) san.get(0);
        if (type == hostType) {
          checkCn = false;
        }
        if (type == SAN_DNS) {
          if (nameMatches((String) san.get(1), host)) {
            return true;
          }
        } else if (type == SAN_IP) {
          if (ip != null && ipMatches((String) san.get(1), ip)) {
            return true;
          }
        }
      }
    }
    if (!checkCn) {
      return false;
    }
    String cn = commonName(cert);
    return cn != null && nameMatches(cn, host);
  }

  /** The names a certificate is for, for an error message. */
  static String describe(X509Certificate cert) {
    StringBuilder sb = new StringBuilder();
    try {
      Collection<List<?>> sans = cert.getSubjectAlternativeNames();
      if (sans != null) {
        for (List<?> san : sans) {
          int type = (Integer) san.get(0);
          if (type == SAN_DNS || type == SAN_IP) {
            sb.append(sb.length() == 0 ? "" : "\", \"").append(san.get(1));
          }
        }
      }
    } catch (CertificateParsingException e) {
      // fall back to the CN
    }
    if (sb.length() == 0) {
      String cn = commonName(cert);
      sb.append(cn != null ? cn : cert.getSubjectX500Principal().getName());
    }
    return sb.toString();
  }

  private static boolean ipMatches(String san, InetAddress ip) {
    try {
      return InetAddress.getByName(san).equals(ip);
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Case-insensitive; {@code *.example.com} matches {@code db.example.com}, not deeper names. */
  private static boolean nameMatches(String pattern, String host) {
    String p = pattern.toLowerCase(Locale.ROOT);
    String h = host.toLowerCase(Locale.ROOT);
    if (p.startsWith("*.") && p.length() > 2) {
      String suffix = p.substring(1); // ".example.com"
      if (!h.endsWith(suffix) || h.length() == suffix.length()) {
        return false;
      }
      return h.substring(0, h.length() - suffix.length()).indexOf('.') < 0;
    }
    return p.equals(h);
  }

  private static String commonName(X509Certificate cert) {
    try {
      for (Rdn rdn : new LdapName(cert.getSubjectX500Principal().getName()).getRdns()) {
        if (rdn.getType().equalsIgnoreCase("CN")) {
          return rdn.getValue().toString();
        }
      }
    } catch (InvalidNameException e) {
      return null;
    }
    return null;
  }
}
