package dev.sluice.driver.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.TestTls;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.Test;

/**
 * verify-full's name check and SNI as PostgreSQL 15+'s libpq makes them: the CN is consulted unless
 * the certificate has a subjectAltName of the host's own type (DNS for a name, IP for an address),
 * and SNI is withheld from any host of digits and dots.
 */
class HostNamesTest {
  private static X509Certificate cert(Path path) {
    return PemFiles.certificates(path.toString(), "sslrootcert").get(0);
  }

  private static X509Certificate nameCheck(String kind) {
    return cert(TestTls.nameCheckCertificate(kind));
  }

  @Test
  void anIpHostFallsBackToTheCnWhenTheSansAreDnsOnly() {
    X509Certificate c = nameCheck("dns-san-ip-cn"); // SAN DNS:localhost, CN 127.0.0.1
    assertThat(HostNames.matches(c, "localhost")).isTrue();
    assertThat(HostNames.matches(c, "127.0.0.1")).isTrue(); // by the CN
    assertThat(HostNames.matches(c, "127.0.0.2")).isFalse();
    // A DNS host does not get the CN: the certificate has a DNS SAN.
    assertThat(HostNames.matches(c, "db.example")).isFalse();
  }

  @Test
  void aDnsHostFallsBackToTheCnWhenTheSansAreIpOnly() {
    X509Certificate c = nameCheck("ip-san-dns-cn"); // SAN IP:127.0.0.1, CN localhost
    assertThat(HostNames.matches(c, "127.0.0.1")).isTrue();
    assertThat(HostNames.matches(c, "LOCALHOST")).isTrue(); // by the CN, case-insensitively
    assertThat(HostNames.matches(c, "::1")).isFalse(); // an IP host: the IP SAN rules the CN out
  }

  @Test
  void aSanOfTheHostsTypeRulesOutTheCn() {
    // server-localhost: CN localhost, SAN DNS:localhost only; 127.0.0.1 has no IP SAN and the CN
    // is not 127.0.0.1, so it is refused (TlsCertificateTest sees the same over a real server).
    X509Certificate c = cert(TestTls.Server.LOCALHOST.certificate());
    assertThat(HostNames.matches(c, "localhost")).isTrue();
    assertThat(HostNames.matches(c, "127.0.0.1")).isFalse();
  }

  @Test
  void sniIsWithheldFromDigitsAndDotsAndIpv6() {
    assertThat(HostNames.sendsSni("db.example.com")).isTrue();
    assertThat(HostNames.sendsSni("localhost")).isTrue();
    assertThat(HostNames.sendsSni("1db.example")).isTrue();
    assertThat(HostNames.sendsSni("127.0.0.1")).isFalse();
    assertThat(HostNames.sendsSni("127.1")).isFalse(); // not an IPv4 literal, but libpq's rule
    assertThat(HostNames.sendsSni("::1")).isFalse();
    assertThat(HostNames.sendsSni("fe80::1%eth0")).isFalse();
  }
}
