package dev.sluice.driver.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.PgException;
import dev.sluice.testkit.TestTls;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key forms openssl writes, read back by {@link PemKeys}: each legacy-encrypted variant gives
 * exactly the key of its plain twin, the EC key signs what its certificate verifies, and every
 * failure names the key file and never the password.
 */
class PemKeysTest {
  private static final String PASSWORD = TestTls.CLIENT_KEY_PASSWORD;

  @TempDir Path dir;

  private static PrivateKey read(Path file, String password) {
    return PemKeys.privateKey(file.toString(), password);
  }

  private static PgException refused(Path file, String password) {
    return catchThrowableOfType(() -> read(file, password), PgException.class);
  }

  private Path write(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text, StandardCharsets.US_ASCII);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  @Test
  void legacyEncryptedRsaKeysDecryptToThePlainKey() {
    byte[] plain = read(TestTls.clientKey(), null).getEncoded();
    for (String cipher : List.of("AES-256-CBC", "AES-128-CBC", "DES-EDE3-CBC")) {
      Path file = TestTls.clientKeyLegacy(cipher);
      assertThat(Files.exists(file)).isTrue();
      assertThat(fileText(file)).contains("DEK-Info: " + cipher + ",");
      PrivateKey key = read(file, PASSWORD);
      assertThat(key.getAlgorithm()).as(cipher).isEqualTo("RSA");
      assertThat(key.getEncoded()).as(cipher).isEqualTo(plain);
    }
  }

  @Test
  void sec1EcKeysPlainAndLegacyEncryptedAreTheCertificatesKey() throws Exception {
    assertThat(fileText(TestTls.clientEcKey())).startsWith("-----BEGIN EC PRIVATE KEY-----\n");
    PrivateKey plain = read(TestTls.clientEcKey(), null);
    assertThat(plain.getAlgorithm()).isEqualTo("EC");
    X509Certificate cert =
        PemFiles.certificates(TestTls.clientEcCertificate().toString(), "sslcert").get(0);
    byte[] message = "proof of possession".getBytes(StandardCharsets.UTF_8);
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(plain);
    signer.update(message);
    byte[] signature = signer.sign();
    Signature verifier = Signature.getInstance("SHA256withECDSA");
    verifier.initVerify(cert.getPublicKey());
    verifier.update(message);
    assertThat(verifier.verify(signature)).isTrue();
    for (String cipher : List.of("AES-256-CBC", "DES-EDE3-CBC")) {
      PrivateKey key = read(TestTls.clientEcKeyLegacy(cipher), PASSWORD);
      assertThat(key.getEncoded()).as(cipher).isEqualTo(plain.getEncoded());
    }
  }

  @Test
  void anEcParametersBlockBeforeTheKeyIsSkipped() throws Exception {
    // openssl ecparam -genkey without -noout writes the curve's block first.
    String text =
        "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n"
            + fileText(TestTls.clientEcKey());
    Path file = write("with-params.key", text);
    assertThat(read(file, null).getEncoded())
        .isEqualTo(read(TestTls.clientEcKey(), null).getEncoded());
  }

  @Test
  void anyWrongPasswordIsAClearErrorNamingTheFile() {
    // About one wrong password in 256 leaves valid CBC padding and so garbage DER: each of these
    // must still be reported as a wrong password, never as a malformed key or an exception.
    for (Path file :
        List.of(
            TestTls.clientKeyLegacy("AES-256-CBC"),
            TestTls.clientKeyLegacy("DES-EDE3-CBC"),
            TestTls.clientEcKeyLegacy("AES-256-CBC"))) {
      String cipher = file.toString().contains("des3") ? "DES-EDE3-CBC" : "AES-256-CBC";
      for (int i = 0; i < 600; i++) {
        String wrong = "wrong-" + i;
        PgException e = refused(file, wrong);
        assertThat(e).as(wrong).isNotNull();
        assertThat(e.sqlState()).isEqualTo("08001");
        assertThat(e.serverMessage())
            .as(wrong)
            .isEqualTo(
                "could not decrypt sslkey file \""
                    + file
                    + "\" ("
                    + cipher
                    + "): wrong sslpassword")
            .doesNotContain(wrong);
      }
    }
  }

  @Test
  void aLegacyEncryptedKeyWithoutPasswordIsRefused() {
    Path file = TestTls.clientEcKeyLegacy("AES-256-CBC");
    assertThat(refused(file, null).serverMessage())
        .isEqualTo("sslkey file \"" + file + "\" is encrypted and no sslpassword was given");
  }

  @Test
  void anUnknownLegacyCipherIsNamed() throws Exception {
    String text =
        fileText(TestTls.clientKeyLegacy("AES-256-CBC"))
            .replaceFirst("DEK-Info: AES-256-CBC,", "DEK-Info: CAMELLIA-256-CBC,");
    Path file = write("camellia.key", text);
    assertThat(refused(file, PASSWORD).serverMessage())
        .startsWith(
            "sslkey file \""
                + file
                + "\" is encrypted with CAMELLIA-256-CBC, which Sluice does"
                + " not read");
  }

  @Test
  void aSec1KeyWithoutItsCurveIsRefusedWithAHint() throws Exception {
    String text = fileText(TestTls.clientEcKey());
    String body = text.substring(text.indexOf('\n') + 1, text.indexOf("-----END"));
    Der.Element key = Der.parse(Base64.getMimeDecoder().decode(body));
    List<Der.Element> fields = key.children();
    // Keep version and private key; drop [0] parameters and [1] public key.
    byte[] bare = Der.tlv(Der.SEQUENCE, fields.get(0).encoded(), fields.get(1).encoded());
    Path file =
        write(
            "bare.key",
            "-----BEGIN EC PRIVATE KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(bare)
                + "\n-----END EC PRIVATE KEY-----\n");
    assertThat(refused(file, null).serverMessage())
        .startsWith("sslkey file \"" + file + "\" holds an EC key without its curve");
  }

  @Test
  void aMalformedTraditionalKeyIsNamed() throws Exception {
    Path file =
        write(
            "junk.key", "-----BEGIN EC PRIVATE KEY-----\nMAMCAQE=\n-----END EC PRIVATE KEY-----\n");
    assertThat(refused(file, null).serverMessage())
        .startsWith("sslkey file \"" + file + "\" holds a malformed EC PRIVATE KEY:");
  }

  @Test
  void bytesToKeyIsOpensslsDerivation() throws Exception {
    // openssl enc -aes-256-cbc -pass pass:keypass -S 0102030405060708 -P -md md5 prints this.
    byte[] key =
        PemKeys.bytesToKey(
            "keypass".getBytes(StandardCharsets.UTF_8), new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 32);
    assertThat(java.util.HexFormat.of().withUpperCase().formatHex(key))
        .isEqualTo("C7A5E5B727D74A20278E8538E24DB7EDD79F9C149A74BDCF90FC78063199B0AF");
  }

  private static String fileText(Path file) {
    try {
      return Files.readString(file, StandardCharsets.US_ASCII);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
