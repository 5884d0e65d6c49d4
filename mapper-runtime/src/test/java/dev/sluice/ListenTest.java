package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * LISTEN/NOTIFY against the real server: delivery to a handler and to a poller, UNLISTEN, quoted
 * (case-sensitive) channel names, the byte limits counted in the server's encoding, a listener
 * whose backend is terminated (it reconnects, listens again and says notifications may have been
 * missed), a burst into a slow consumer (bounded queue, gap marked), and a dead peer found by the
 * heartbeat.
 */
@PgTest
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ListenTest {

  private static Database database(String url) {
    return Database.builder()
        .url(url)
        .listenerHeartbeat(Duration.ofMillis(500))
        .listenerQueueCapacity(1000)
        .build();
  }

  /** Waits up to 20 s for {@code events} to hold at least {@code n}. */
  private static void awaitSize(List<?> events, int n) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (events.size() < n && System.nanoTime() < end) {
      Thread.sleep(10);
    }
  }

  @Test
  void aHandlerGetsEachNotificationAndNoneAfterClose(TestDatabase tdb) throws Exception {
    try (Database db = database(tdb.url())) {
      List<ListenEvent> events = new CopyOnWriteArrayList<>();
      Listening l = db.listen("orders", events::add);
      db.notify("orders", "first");
      db.notify("orders", null);
      db.execute("SELECT pg_notify('orders', 'third')");
      awaitSize(events, 3);
      assertThat(events)
          .extracting(e -> ((Notification) e).payload())
          .containsExactly("first", "", "third");
      assertThat(((Notification) events.get(0)).channel()).isEqualTo("orders");
      assertThat(((Notification) events.get(0)).senderPid()).isPositive();
      l.close();
      db.notify("orders", "after close");
      Thread.sleep(300);
      assertThat(events).hasSize(3);
      db.listen("orders", events::add);
    }
    // Closing the database ends the listener's threads, the subscriptions' too.
    Thread.sleep(300);
    assertThat(
            Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(n -> n.startsWith("sluice-listen")))
        .isEmpty();
  }

  @Test
  void aPollerTakesEventsAndQuotedNamesAreCaseSensitive(TestDatabase tdb) throws Exception {
    try (Database db = database(tdb.url());
        Listening mixed = db.listen("MixedCase");
        Listening lower = db.listen("mixedcase")) {
      db.notify("MixedCase", "quoted");
      db.execute("NOTIFY MixedCase, 'unquoted'"); // an unquoted name means mixedcase
      ListenEvent e = mixed.poll(Duration.ofSeconds(20));
      assertThat(e)
          .isEqualTo(new Notification("MixedCase", "quoted", ((Notification) e).senderPid()));
      ListenEvent f = lower.poll(Duration.ofSeconds(20));
      assertThat(((Notification) f).payload()).isEqualTo("unquoted");
      assertThat(mixed.poll(Duration.ofMillis(200))).isNull();
      assertThat(lower.poll(Duration.ofMillis(200))).isNull();
    }
  }

  @Test
  void namesAndPayloadsOverThePostgresLimitsAreRefusedByTheClient(TestDatabase tdb) {
    try (Database db = database(tdb.url())) {
      String sixtyFourBytes = "é".repeat(32); // 32 characters, 64 bytes in UTF8
      PgException tooLong =
          catchThrowableOfType(PgException.class, () -> db.listen(sixtyFourBytes));
      assertThat(tooLong.sqlState()).isEqualTo("42622");
      assertThat(tooLong.getMessage()).contains("is 64 bytes").contains("at most 63");
      assertThat(db.listen("é".repeat(31) + "x")).isNotNull(); // 63 bytes: allowed
      PgException channel =
          catchThrowableOfType(PgException.class, () -> db.notify(sixtyFourBytes, "p"));
      assertThat(channel.sqlState()).isEqualTo("42622");
      PgException payload =
          catchThrowableOfType(PgException.class, () -> db.notify("c", "é".repeat(4000)));
      assertThat(payload.sqlState()).isEqualTo("22023");
      assertThat(payload.getMessage()).contains("under 8,000 bytes").contains("8000");
      db.notify("c", "x".repeat(7999)); // the largest payload there is
    }
  }

  @Test
  void aTerminatedListenerReconnectsListensAgainAndSaysWhatMayBeMissed(TestDatabase tdb)
      throws Exception {
    try (Database db = database(tdb.url())) {
      List<ListenEvent> events = new CopyOnWriteArrayList<>();
      db.listen("jobs", events::add);
      db.notify("jobs", "before");
      awaitSize(events, 1);
      db.query(
          "SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity"
              + " WHERE query = 'LISTEN \"jobs\"' AND pid <> pg_backend_pid()",
          TestDecoders.STRING);
      awaitSize(events, 2);
      assertThat(events.get(1))
          .isEqualTo(new MissedNotifications("jobs", MissedNotifications.Reason.RECONNECTED));
      db.notify("jobs", "after");
      awaitSize(events, 3);
      assertThat(((Notification) events.get(2)).payload()).isEqualTo("after");
    }
  }

  @Test
  void aBurstIntoASlowConsumerStaysBoundedAndMarksTheGap(TestDatabase tdb) throws Exception {
    try (Database db = database(tdb.url())) {
      List<ListenEvent> events = new CopyOnWriteArrayList<>();
      Listening l =
          db.listen(
              "burst",
              e -> {
                events.add(e);
                if (events.size() < 50) {
                  sleepQuietly(20); // slow at first: the queue fills behind it
                }
              });
      db.execute("SELECT count(pg_notify('burst', g::text)) FROM generate_series(1, 100000) g");
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < end
          && events.stream().noneMatch(e -> e instanceof MissedNotifications)) {
        Thread.sleep(20);
      }
      Thread.sleep(500);
      assertThat(l.peakQueued()).isLessThanOrEqualTo(1000);
      assertThat(events)
          .contains(new MissedNotifications("burst", MissedNotifications.Reason.QUEUE_FULL));
      long delivered = events.stream().filter(e -> e instanceof Notification).count();
      assertThat(delivered).isLessThan(100_000).isGreaterThan(0);
      // What came through came in order.
      List<Integer> payloads = new ArrayList<>();
      for (ListenEvent e : events) {
        if (e instanceof Notification n) {
          payloads.add(Integer.parseInt(n.payload()));
        }
      }
      assertThat(payloads).isSorted();
    }
  }

  @Test
  void aDeadPeerIsFoundByTheHeartbeat(TestDatabase tdb) throws Exception {
    try (FaultProxy proxy = new FaultProxy(tdb.host(), tdb.port());
        Database direct = database(tdb.url());
        Database db = database(proxy.url(tdb))) {
      List<ListenEvent> events = new CopyOnWriteArrayList<>();
      db.listen("pulse", events::add);
      direct.notify("pulse", "one");
      awaitSize(events, 1);
      proxy.stall(); // the peer stops answering, sockets open
      long stalled = System.nanoTime();
      Thread.sleep(1_500); // past a heartbeat and its round trip's limit
      proxy.resume();
      awaitSize(events, 2);
      assertThat(events.get(1))
          .isEqualTo(new MissedNotifications("pulse", MissedNotifications.Reason.RECONNECTED));
      assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stalled)).isLessThan(20);
      direct.notify("pulse", "two");
      awaitSize(events, 3);
      assertThat(((Notification) events.get(2)).payload()).isEqualTo("two");
    }
  }

  private static void sleepQuietly(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
