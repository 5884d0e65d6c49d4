package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The message reader's limits, against a server ({@link FakePgServer}) that sends messages whose
 * framing is right but whose insides are not: every length at least 4 even on a complete message,
 * every offset inside RowDescription, ParameterDescription, ErrorResponse and ReadyForQuery checked
 * against the message's end. Each is a protocol violation (08P01) naming the message, and the
 * connection is broken — never a value read out of the next message, nor an index exception.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MessageLimitsTest {
  private static final Object[] NONE = new Object[0];

  private static PgException queryFails(FakePgServer fake) {
    PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null);
    List<Integer> out = new ArrayList<>();
    PgException e =
        catchThrowableOfType(
            PgException.class, () -> c.query("SELECT n", NONE, TestDecoders.INT, out));
    assertThat(e).isNotNull();
    assertThat(e.sqlState()).isEqualTo("08P01");
    assertThat(c.isBroken()).isTrue();
    assertThat(c.isReusable()).isFalse();
    return e;
  }

  @Test
  void aCompleteMessageWithALengthBelowFour() throws Exception {
    // Length 3 would not even cover the length word; with the bytes after it buffered, the message
    // looks complete. It must still be refused, not stepped over by 4 bytes into garbage.
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> out.raw(new byte[] {'1', 0, 0, 0, 3, 'Z', 0, 0, 0, 5, 'I'}) != null)) {
      assertThat(queryFails(fake).getMessage()).contains("message '1' has length 3");
    }
  }

  @Test
  void aRowDescriptionWhoseFieldRunsPastItsEnd() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              out.message('1').end();
              out.message('t').putShort(0).end();
              // One field announced: its name, then 6 of the 18 bytes that must follow it.
              out.message('T').putShort(1).putCString("n").putInt(0).putShort(0).end();
              out.readyForQuery('I');
              return true;
            })) {
      assertThat(queryFails(fake).getMessage())
          .contains("malformed RowDescription: field 0 runs past the end of the message");
    }
  }

  @Test
  void aRowDescriptionWithBytesAfterItsLastField() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              out.message('1').end();
              out.message('t').putShort(0).end();
              out.message('T')
                  .putShort(1)
                  .putCString("n")
                  .putInt(0)
                  .putShort(0)
                  .putInt(23)
                  .putShort(4)
                  .putInt(-1)
                  .putShort(0)
                  .putInt(7)
                  .end();
              out.readyForQuery('I');
              return true;
            })) {
      assertThat(queryFails(fake).getMessage())
          .contains("malformed RowDescription: 4 bytes after the last field");
    }
  }

  @Test
  void aParameterDescriptionShorterThanItsCount() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              out.message('1').end();
              out.message('t').putShort(5).putInt(23).end();
              out.message('n').end();
              out.readyForQuery('I');
              return true;
            })) {
      assertThat(queryFails(fake).getMessage())
          .contains("malformed ParameterDescription: 5 parameters in 4 bytes");
    }
  }

  @Test
  void anErrorResponseFieldWithoutItsNul() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> {
              out.message('E')
                  .putCString("SERROR")
                  .putBytes("Mthe message goes on past the end".getBytes())
                  .end();
              out.readyForQuery('I');
              return true;
            })) {
      assertThat(queryFails(fake).getMessage())
          .contains("malformed ErrorResponse: field M is not NUL-terminated");
    }
  }

  @Test
  void aReadyForQueryWithAnUnknownStatus() throws Exception {
    try (FakePgServer fake = FakePgServer.start((sync, out) -> out.readyForQuery('X') != null)) {
      assertThat(queryFails(fake).getMessage())
          .contains("malformed ReadyForQuery: transaction status 0x58");
    }
  }

  @Test
  void aReadyForQueryOfTheWrongLength() throws Exception {
    try (FakePgServer fake =
        FakePgServer.start(
            (sync, out) -> out.message('Z').putShort(('I' << 8) | 'I').end() != null)) {
      assertThat(queryFails(fake).getMessage())
          .contains("malformed ReadyForQuery: length 6 instead of 5");
    }
  }

  @Test
  void aMessageThatTheExchangeDoesNotExpectIsNamedWithTheExchange() throws Exception {
    // CopyData while a statement is described: nothing in Parse/Describe allows it.
    try (FakePgServer fake =
        FakePgServer.start((sync, out) -> out.message('d').putInt(1).end() != null)) {
      assertThat(queryFails(fake).getMessage())
          .contains("unexpected message 'd' (0x64) during Parse/Describe");
    }
  }
}
