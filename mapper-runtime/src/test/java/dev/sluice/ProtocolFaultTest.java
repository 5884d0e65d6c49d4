package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that breaks the protocol, played by {@link FakePgServer}: the driver fails with 08P01
 * (protocol violation) or 08006 (connection lost), marks the connection broken, and the pool
 * discards it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProtocolFaultTest {
  private static final Object[] NONE = new Object[0];

  /**
   * Runs a one-int query on a fresh connection to {@code fake}, with the decoder that frames each
   * row and again with the one that reads the columns in order ({@link
   * dev.sluice.generated.InOrderRow#nextRow}): both fail alike. Returns the failure.
   */
  private static PgException queryFails(FakePgServer fake, String expectedState) {
    PgException framed = queryFails(fake, expectedState, TestDecoders.INT);
    PgException inOrder = queryFails(fake, expectedState, TestDecoders.INTS_IN_ORDER);
    assertThat(inOrder.getMessage()).isEqualTo(framed.getMessage());
    return framed;
  }

  private static PgException queryFails(
      FakePgServer fake, String expectedState, RowDecoder<Integer> decoder) {
    PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null);
    List<Integer> out = new ArrayList<>();
    PgException e =
        catchThrowableOfType(() -> c.query("SELECT n", NONE, decoder, out), PgException.class);
    assertThat(e).isNotNull();
    assertThat(e.sqlState()).isEqualTo(expectedState);
    assertThat(c.isBroken()).isTrue();
    PgException after =
        catchThrowableOfType(
            () -> c.query("SELECT n", NONE, TestDecoders.INT, out), PgException.class);
    assertThat(after.sqlState()).isEqualTo("08003");
    assertThat(after.getMessage()).contains("broken");
    return e;
  }

  @Test
  void garbageInsteadOfAReply() throws Exception {
    byte[] http =
        "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    try (FakePgServer fake = FakePgServer.start((sync, out) -> out.raw(http) != null)) {
      PgException e = queryFails(fake, "08P01");
      assertThat(e.getMessage()).contains("protocol violation").contains("length");
    }
  }

  @Test
  void anUnknownMessageType() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start((sync, out) -> out.message('Y').putInt(1).end() != null)) {
      PgException e = queryFails(fake, "08P01");
      assertThat(e.getMessage()).contains("unexpected message 'Y'");
    }
  }

  @Test
  void aDataRowWithTheWrongColumnCount() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              if (sync == 1) {
                out.describeOneIntColumn();
              } else {
                out.message('2').end();
                out.intRow(1);
                out.message('D').putShort(2).putInt(4).putInt(2).putInt(4).putInt(3).end();
                out.message('C').putCString("SELECT 2").end();
                out.readyForQuery('I');
              }
              return true;
            })) {
      PgException e = queryFails(fake, "08P01");
      assertThat(e.getMessage()).contains("2 columns");
    }
  }

  @Test
  void aDataRowWhoseValueOverrunsTheMessage() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              if (sync == 1) {
                out.describeOneIntColumn();
              } else {
                out.message('2').end();
                out.message('D').putShort(1).putInt(100).putInt(5).end();
                out.message('C').putCString("SELECT 1").end();
                out.readyForQuery('I');
              }
              return true;
            })) {
      queryFails(fake, "08P01");
    }
  }

  @Test
  void aDataRowWithANegativeLengthOtherThanNull() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              if (sync == 1) {
                out.describeOneIntColumn();
              } else {
                out.message('2').end();
                out.message('D').putShort(1).putInt(-7).end();
                out.message('C').putCString("SELECT 1").end();
                out.readyForQuery('I');
              }
              return true;
            })) {
      PgException e = queryFails(fake, "08P01");
      assertThat(e.getMessage()).contains("length -7");
    }
  }

  @Test
  void aDataRowThatEndsBeforeItsColumnCount() throws Exception {
    // Two columns announced, one length present: the second length would be read past the message.
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              if (sync == 1) {
                out.describeTwoIntColumns();
              } else {
                out.message('2').end();
                out.message('D').putShort(2).putInt(-1).end();
                out.message('C').putCString("SELECT 1").end();
                out.readyForQuery('I');
              }
              return true;
            })) {
      PgException e = queryFails(fake, "08P01");
      assertThat(e.getMessage()).contains("does not match its columns");
    }
  }

  @Test
  void aTruncatedMessageThenClose() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> out.raw(new byte[] {'1', 0, 0, 0, 4, 'Z', 0, 0, 0, 5}) == null)) {
      PgException e = queryFails(fake, "08006");
      assertThat(e.getMessage()).contains("the server closed the connection");
    }
  }

  @Test
  void theServerClosesInTheMiddleOfAResult() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              if (sync == 1) {
                out.describeOneIntColumn();
                return true;
              }
              out.message('2').end();
              out.intRow(1).intRow(2).intRow(3);
              return false;
            })) {
      PgException e = queryFails(fake, "08006");
      assertThat(e.getMessage())
          .contains("lost")
          .contains("the server closed the connection")
          .contains("127.0.0.1");
      assertThat(e.statement()).isEqualTo("SELECT n");
    }
  }

  @Test
  void aFatalErrorBeforeTheCloseIsReportedAsItself() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              out.message('E')
                  .putCString("SFATAL")
                  .putCString("VFATAL")
                  .putCString("C57P01")
                  .putCString("Mterminating connection due to administrator command")
                  .putBytes(new byte[] {0})
                  .end();
              return false;
            })) {
      PgException e = queryFails(fake, "57P01");
      assertThat(e.severity()).isEqualTo("FATAL");
      assertThat(e.getMessage()).contains("terminating connection due to administrator command");
    }
  }

  @Test
  void thePoolDiscardsABrokenConnection() throws Exception {
    try (FakePgServer fake =
            FakePgServer.start((sync, out) -> out.message('Y').putInt(1).end() != null);
        Database db = Database.connect(fake.url())) {
      for (int attempt = 1; attempt <= 2; attempt++) {
        PgException e =
            catchThrowableOfType(() -> db.query("SELECT n", TestDecoders.INT), PgException.class);
        assertThat(e.sqlState()).isEqualTo("08P01");
        assertThat(db.poolSize()).isZero();
        assertThat(fake.accepted()).isEqualTo(attempt);
      }
    }
  }
}
