package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.driver.PgConnection;
import dev.sluice.driver.config.ConnectionConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Intervals whose fields are those of {@link Interval#INFINITY} and {@link
 * Interval#NEGATIVE_INFINITY}: infinite on PostgreSQL 17, ordinary finite values before it. A fake
 * server reports the version (there is no PostgreSQL 15 here) and sends the bytes interval_send
 * sends for them; the embedded PostgreSQL 17 covers the infinite side (TypeRoundTripTest).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LegacyIntervalTest {
  private static final Object[] NONE = new Object[0];

  /** One interval column "iv" (or interval[] "ivs"), rows as interval_send writes them. */
  private static FakePgServer server(String version, boolean array) throws Exception {
    return FakePgServer.start(
        (sync, out) -> {
          if (sync % 2 == 1) {
            out.message('S').putCString("server_version").putCString(version).end();
            out.message('1').end();
            out.message('t').putShort(0).end();
            out.message('T')
                .putShort(1)
                .putCString(array ? "ivs" : "iv")
                .putInt(0)
                .putShort(0)
                .putInt(array ? 1187 : 1186)
                .putShort(array ? -1 : 16)
                .putInt(-1)
                .putShort(0)
                .end();
            out.readyForQuery('I');
            return true;
          }
          out.message('2').end();
          long[][] rows = {
            {1, 2, 3}, {Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE},
          };
          for (long[] r : rows) {
            out.message('D').putShort(1);
            if (array) {
              // ndim 1, no nulls, interval elements, 1 element from 1, then the element.
              out.putInt(12 + 8 + 4 + 16).putInt(1).putInt(0).putInt(1186).putInt(1).putInt(1);
            }
            out.putInt(16);
            out.putInt((int) (r[2] >>> 32))
                .putInt((int) r[2])
                .putInt((int) r[1])
                .putInt((int) r[0]);
            out.end();
          }
          out.message('C').putCString("SELECT 2").end();
          out.readyForQuery('I');
          return true;
        });
  }

  private static <T> List<T> read(FakePgServer fake, Function<RowView, T> getter) {
    try (PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null)) {
      List<T> out = new ArrayList<>();
      c.query("SELECT iv", NONE, columns -> getter::apply, out);
      return out;
    }
  }

  @Test
  void onPostgreSql17TheyAreInfinite() throws Exception {
    try (FakePgServer fake = server("17.2", false)) {
      assertThat(read(fake, r -> r.getInterval(0)))
          .containsExactly(new Interval(1, 2, 3), Interval.INFINITY);
    }
  }

  @Test
  void beforePostgreSql17TheyAreRefusedOnEveryReadPath() throws Exception {
    List<Function<RowView, Object>> getters =
        List.of(r -> r.getInterval(0), r -> r.getObject(0), r -> r.getString(0));
    for (Function<RowView, Object> getter : getters) {
      try (FakePgServer fake = server("15.8 (Debian 15.8-1)", false)) {
        PgException e = catchThrowableOfType(PgException.class, () -> read(fake, getter));
        assertThat(e.sqlState()).isEqualTo("22008");
        assertThat(e.getMessage())
            .contains(
                "interval column \"iv\" holds months 2147483647, days 2147483647, microseconds"
                    + " 9223372036854775807: a finite interval on this server (PostgreSQL before"
                    + " 17), which dev.sluice.Interval cannot tell from infinity");
      }
    }
    try (FakePgServer fake = server("16.4", true)) {
      PgException e =
          catchThrowableOfType(
              PgException.class, () -> read(fake, r -> r.getList(0, Interval.class)));
      assertThat(e.getMessage()).contains("interval column \"ivs\" holds months 2147483647");
    }
  }

  @Test
  void beforePostgreSql17OtherIntervalsReadAsOn17() throws Exception {
    try (FakePgServer fake = server("9.6.24", true)) {
      PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null);
      try (c) {
        List<List<Interval>> out = new ArrayList<>();
        catchThrowableOfType(
            PgException.class,
            () -> c.query("SELECT iv", NONE, columns -> r -> r.getList(0, Interval.class), out));
        assertThat(out).containsExactly(List.of(new Interval(1, 2, 3)));
      }
    }
  }

  /** A server that takes one interval parameter and answers each execution with no rows. */
  private static FakePgServer intervalParameterServer(String version) throws Exception {
    return FakePgServer.start(
        (sync, out) -> {
          // A statement's first two uses each describe it (unnamed, then named and cached): the
          // first and third Syncs answer Parse/Describe, every other one Bind/Execute.
          if (sync == 1 || sync == 3) {
            out.message('S').putCString("server_version").putCString(version).end();
            out.message('1').end();
            out.message('t').putShort(1).putInt(1186).end();
            out.message('n').end();
            out.readyForQuery('I');
            return true;
          }
          out.message('2').end();
          out.message('C').putCString("SELECT 0").end();
          out.readyForQuery('I');
          return true;
        });
  }

  @Test
  void beforePostgreSql17InfiniteIntervalsAreNotBound() throws Exception {
    try (FakePgServer fake = intervalParameterServer("15.8");
        PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null)) {
      List<Integer> out = new ArrayList<>();
      c.query("SELECT $1", new Object[] {Interval.ZERO}, columns -> r -> 1, out);
      c.query("SELECT $1", new Object[] {Interval.ZERO}, columns -> r -> 1, out); // now cached
      for (Object value :
          List.of(Interval.INFINITY, List.of(Interval.ZERO, Interval.NEGATIVE_INFINITY))) {
        PgException e =
            catchThrowableOfType(
                PgException.class,
                () -> c.query("SELECT $1", new Object[] {value}, columns -> r -> 1, out));
        assertThat(e.sqlState()).isEqualTo("22008");
        assertThat(e.getMessage())
            .contains("this server (PostgreSQL before 17) has no infinite intervals");
      }
      // Nothing of the refused Binds was sent: the next one is answered in step.
      c.query("SELECT $1", new Object[] {Interval.ZERO}, columns -> r -> 1, out);
      assertThat(c.isReusable()).isTrue();
    }
    try (FakePgServer fake = intervalParameterServer("17.0");
        PgConnection c = PgConnection.connect(ConnectionConfig.parse(fake.url()), null)) {
      c.query("SELECT $1", new Object[] {Interval.INFINITY}, columns -> r -> 1, new ArrayList<>());
      assertThat(c.isReusable()).isTrue();
    }
  }
}
