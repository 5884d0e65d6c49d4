import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Makes the testkit's TLS test certificates with the JDK alone (keytool, and this program to write
 * keys as PEM; openssl only for the encrypted PKCS #8 key, which JDK 17 cannot write, and the CRL): run {@code java mapper-testkit/tls/MakeTestCertificates.java} from the repository
 * root (with the argument {@code openssl-keys}: only the keys openssl writes, see {@link
 * #opensslKeys}); it rewrites mapper-testkit/src/main/resources/dev/sluice/testkit/tls/. The certificates are
 * valid for 100 years, so this is run again only to change what they are.
 */
public class MakeTestCertificates {
  static final String PASS = "testkit-store";
  static final Path OUT = Path.of("mapper-testkit/src/main/resources/dev/sluice/testkit/tls");
  static Path work;

  public static void main(String[] args) throws Exception {
    work = Files.createTempDirectory("sluice-certs");
    Files.createDirectories(OUT);
    if (args.length == 1 && args[0].equals("openssl-keys")) {
      // Only the files below that need openssl, from the committed CA and client key.
      opensslKeys();
      return;
    }
    // The test CA (RSA 4096, so that keytool's RSASSA-PSS parameters name SHA-384) and another CA
    // no client trusts.
    keytool("-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "4096",
        "-dname", "CN=Sluice Test CA", "-ext", "bc:c", "-keystore", store("ca"));
    export("ca", "ca.crt");
    writeKey("ca", "ca.key");
    keytool("-genkeypair", "-alias", "untrusted-ca", "-keyalg", "RSA", "-keysize", "2048",
        "-dname", "CN=Sluice Untrusted CA", "-ext", "bc:c", "-keystore", store("untrusted-ca"));
    export("untrusted-ca", "untrusted-ca.crt");
    issue("server-localhost", "ca", "RSA", "SHA256withRSA", "CN=localhost", "SAN=dns:localhost");
    issue("server-untrusted", "untrusted-ca", "RSA", "SHA256withRSA", "CN=localhost",
        "SAN=dns:localhost,ip:127.0.0.1");
    issue("server-sha384", "ca", "RSA", "SHA384withRSA", "CN=localhost",
        "SAN=dns:localhost,ip:127.0.0.1");
    issue("server-pss", "ca", "RSA", "RSASSA-PSS", "CN=localhost",
        "SAN=dns:localhost,ip:127.0.0.1");
    keytool("-genkeypair", "-alias", "server-ed25519", "-keyalg", "Ed25519",
        "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
        "-keystore", store("server-ed25519"));
    export("server-ed25519", "server-ed25519.crt");
    writeKey("server-ed25519", "server-ed25519.key");
    issue("server-revoked", "ca", "RSA", "SHA256withRSA", "CN=localhost",
        "SAN=dns:localhost,ip:127.0.0.1");
    // A CRL of the test CA that revokes server-revoked (openssl ca: keytool makes no CRLs).
    Path db = work.resolve("index.txt");
    Files.writeString(db, "");
    Files.writeString(work.resolve("crlnumber"), "01\n");
    Path cnf = work.resolve("ca.cnf");
    Files.writeString(cnf, "[ca]\ndefault_ca = test\n[test]\ndatabase = " + db
        + "\ncrlnumber = " + work.resolve("crlnumber")
        + "\ndefault_md = sha256\ndefault_crl_days = 36500\n");
    String caKey = OUT.resolve("ca.key").toString();
    String caCrt = OUT.resolve("ca.crt").toString();
    exec("openssl", "ca", "-config", cnf.toString(), "-keyfile", caKey, "-cert", caCrt,
        "-revoke", OUT.resolve("server-revoked.crt").toString());
    exec("openssl", "ca", "-config", cnf.toString(), "-keyfile", caKey, "-cert", caCrt,
        "-gencrl", "-out", OUT.resolve("ca.crl").toString());
    issue("client", "ca", "RSA", "SHA256withRSA", "CN=certuser", null);
    // The client key as openssl writes it too: PKCS #1 RSA, and PKCS #8 encrypted (PBES2, AES-256).
    PrivateKey key = key("client");
    write("client-pkcs1.key", pem("RSA PRIVATE KEY", pkcs1(key.getEncoded())));
    // JDK 17 cannot encode PBES2 parameters (EncryptedPrivateKeyInfo); openssl writes this one.
    exec("openssl", "pkcs8", "-topk8", "-v2", "aes-256-cbc", "-v2prf", "hmacWithSHA256",
        "-in", OUT.resolve("client.key").toString(),
        "-out", OUT.resolve("client-encrypted.key").toString(), "-passout", "pass:keypass");
    opensslKeys();
  }

  /**
   * Keys in the forms only openssl writes: an EC client certificate whose key is SEC1 ({@code
   * openssl ecparam -genkey}), plain and in OpenSSL's legacy encryption (Proc-Type/DEK-Info), the
   * RSA client key in legacy encryption with three ciphers, and the CRL in a hashed directory
   * ({@code <issuer hash>.r0}, as {@code openssl rehash} names it) for sslcrldir.
   */
  static void opensslKeys() throws Exception {
    String ecKey = OUT.resolve("client-ec.key").toString();
    exec("openssl", "ecparam", "-genkey", "-name", "prime256v1", "-noout", "-out", ecKey);
    String csr = work.resolve("client-ec.csr").toString();
    exec("openssl", "req", "-new", "-key", ecKey, "-subj", "/CN=certuser", "-out", csr);
    exec("openssl", "x509", "-req", "-in", csr, "-CA", OUT.resolve("ca.crt").toString(),
        "-CAkey", OUT.resolve("ca.key").toString(), "-set_serial", "0x5c1e0ec0001",
        "-days", "36500", "-sha256", "-out", OUT.resolve("client-ec.crt").toString());
    exec("openssl", "ec", "-in", ecKey, "-aes256", "-passout", "pass:keypass",
        "-out", OUT.resolve("client-ec-legacy.key").toString());
    exec("openssl", "ec", "-in", ecKey, "-des3", "-passout", "pass:keypass",
        "-out", OUT.resolve("client-ec-legacy-des3.key").toString());
    String rsaKey = OUT.resolve("client.key").toString();
    for (String[] c : new String[][] {{"-aes256", ""}, {"-aes128", "-aes128"}, {"-des3", "-des3"}}) {
      exec("openssl", "rsa", "-in", rsaKey, "-traditional", c[0], "-passout", "pass:keypass",
          "-out", OUT.resolve("client-legacy" + c[1] + ".key").toString());
    }
    // Self-signed certificates for libpq's CN fallback, checked by host name alone (no server
    // uses them; their keys are thrown away): a SAN of one type only, and the CN of the other.
    String[][] names = {{"name-dns-san-ip-cn", "127.0.0.1", "DNS:localhost"},
        {"name-ip-san-dns-cn", "localhost", "IP:127.0.0.1"}};
    for (String[] n : names) {
      exec("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
          "-nodes", "-keyout", work.resolve(n[0] + ".key").toString(), "-subj", "/CN=" + n[1],
          "-addext", "subjectAltName=" + n[2], "-days", "36500",
          "-out", OUT.resolve(n[0] + ".crt").toString());
    }
    Path crlDir = OUT.resolve("crldir");
    Files.createDirectories(crlDir);
    try (var old = Files.list(crlDir)) {
      for (Path f : (Iterable<Path>) old::iterator) {
        Files.delete(f);
      }
    }
    String hash = output("openssl", "crl", "-hash", "-noout", "-in", OUT.resolve("ca.crl").toString());
    Files.copy(OUT.resolve("ca.crl"), crlDir.resolve(hash + ".r0"));
    Files.writeString(OUT.resolve("crldir.txt"), hash + ".r0\n", StandardCharsets.US_ASCII);
  }

  static String store(String name) {
    return work.resolve(name + ".p12").toString();
  }

  static void issue(String name, String ca, String keyalg, String sigalg, String dname, String san)
      throws Exception {
    List<String> gen = new ArrayList<>(List.of("-genkeypair", "-alias", name, "-keyalg", keyalg,
        "-dname", dname, "-keystore", store(name)));
    if (keyalg.equals("RSA")) {
      gen.addAll(List.of("-keysize", "2048"));
    }
    keytool(gen.toArray(new String[0]));
    String csr = work.resolve(name + ".csr").toString();
    keytool("-certreq", "-alias", name, "-keystore", store(name), "-file", csr);
    List<String> sign = new ArrayList<>(List.of("-gencert", "-alias", ca, "-keystore", store(ca),
        "-infile", csr, "-outfile", OUT.resolve(name + ".crt").toString(), "-rfc",
        "-sigalg", sigalg));
    if (san != null) {
      sign.addAll(List.of("-ext", san));
    }
    keytool(sign.toArray(new String[0]));
    writeKey(name, name + ".key");
  }

  static void export(String alias, String file) throws Exception {
    keytool("-exportcert", "-rfc", "-alias", alias, "-keystore", store(alias),
        "-file", OUT.resolve(file).toString());
  }

  static PrivateKey key(String alias) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(Path.of(store(alias)))) {
      ks.load(in, PASS.toCharArray());
    }
    return (PrivateKey) ks.getKey(alias, PASS.toCharArray());
  }

  static void writeKey(String alias, String file) throws Exception {
    write(file, pem("PRIVATE KEY", key(alias).getEncoded()));
  }

  static void write(String file, String text) throws Exception {
    Files.writeString(OUT.resolve(file), text, StandardCharsets.US_ASCII);
  }

  static void keytool(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(Arrays.asList(args));
    cmd.addAll(List.of("-storetype", "PKCS12", "-storepass", PASS, "-keypass", PASS,
        "-validity", "36500", "-noprompt"));
    if (args[0].equals("-exportcert") || args[0].equals("-certreq")) {
      cmd.remove("-validity");
      cmd.remove("36500");
    }
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + ": " + out);
    }
  }

  static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n"
        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }

  /** The RSAPrivateKey inside a PKCS #8 PrivateKeyInfo: its OCTET STRING, the third element. */
  static byte[] pkcs1(byte[] pkcs8) {
    int[] p = {0};
    header(pkcs8, p); // SEQUENCE
    skip(pkcs8, p); // version
    skip(pkcs8, p); // algorithm
    int len = header(pkcs8, p); // OCTET STRING
    return Arrays.copyOfRange(pkcs8, p[0], p[0] + len);
  }

  static int header(byte[] d, int[] p) {
    p[0]++; // tag
    int b = d[p[0]++] & 0xff;
    if (b < 0x80) {
      return b;
    }
    int n = 0;
    for (int i = 0; i < (b & 0x7f); i++) {
      n = (n << 8) | (d[p[0]++] & 0xff);
    }
    return n;
  }

  static void skip(byte[] d, int[] p) {
    int len = header(d, p);
    p[0] += len;
  }

  static void exec(String... cmd) throws Exception {
    output(cmd);
  }

  static String output(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + ": " + out);
    }
    return out.trim();
  }
}
