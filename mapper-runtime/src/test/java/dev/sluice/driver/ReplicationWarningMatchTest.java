package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.Notice;
import org.junit.jupiter.api.Test;

/**
 * The commit-not-replicated WARNING is recognised by its routine, which the server never
 * translates; the English text is only the fallback for a server that names no routine. (The
 * server's own WARNING, routine included, is met in CommitNeverCancelledTest.)
 */
class ReplicationWarningMatchTest {
  @Test
  void aTranslatedWarningIsRecognisedByItsRoutine() {
    Notice german =
        new Notice(
            "WARNING",
            "01000",
            "Warten auf synchrone Replikation wird abgebrochen wegen Benutzeraufforderung",
            "Die Transaktion wurde lokal bereits committet, aber möglicherweise noch nicht zum"
                + " Standby repliziert.",
            null,
            "SyncRepWaitForLSN");
    assertThat(CommitCall.replicationUncertain(german)).isTrue();
  }

  @Test
  void anotherRoutinesWarningIsNotTakenForItWhateverItsText() {
    Notice raised =
        new Notice(
            "WARNING",
            "01000",
            "committed locally, but might not have been replicated",
            null,
            null,
            "exec_stmt_raise");
    assertThat(CommitCall.replicationUncertain(raised)).isFalse();
  }

  @Test
  void withoutARoutineTheEnglishTextDecides() {
    assertThat(
            CommitCall.replicationUncertain(
                new Notice(
                    "WARNING",
                    "01000",
                    "canceling wait for synchronous replication due to user request",
                    null,
                    null)))
        .isTrue();
    assertThat(
            CommitCall.replicationUncertain(
                new Notice("WARNING", "01000", "something else", null, null)))
        .isFalse();
  }
}
