package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which statements and command tags mark a session as needing a reset before it is handed on. */
class SessionResidueTest {
  private static int tag(String tag) {
    byte[] b = tag.getBytes(StandardCharsets.US_ASCII);
    return SessionResidue.ofTag(b, 0, b.length);
  }

  @Test
  void commandTagsThatLeaveStateBehind() {
    assertThat(tag("SET")).isEqualTo(SessionResidue.SETTINGS);
    assertThat(tag("LISTEN")).isEqualTo(SessionResidue.LISTENING);
    assertThat(tag("DECLARE CURSOR")).isEqualTo(SessionResidue.CURSORS);
    assertThat(tag("PREPARE")).isEqualTo(SessionResidue.SQL_PREPARED);
    assertThat(tag("SELECT 3")).isZero();
    assertThat(tag("SET CONSTRAINTS")).isZero();
    assertThat(tag("LISTENING")).isZero();
    assertThat(tag("DELETE 2")).isZero();
    assertThat(tag("PREPARE TRANSACTION")).isZero();
  }

  @Test
  void statementTextsThatLeaveStateBehindAndOnesThatDoNot() {
    assertThat(SessionResidue.ofText("CREATE TEMP TABLE t (id int)"))
        .isEqualTo(SessionResidue.TEMP_OBJECTS);
    assertThat(SessionResidue.ofText("select * into temporary t from x"))
        .isEqualTo(SessionResidue.TEMP_OBJECTS);
    assertThat(SessionResidue.ofText("SELECT pg_advisory_lock(1)"))
        .isEqualTo(SessionResidue.ADVISORY_LOCKS);
    assertThat(SessionResidue.ofText("SELECT set_config('a.b', 'c', false)"))
        .isEqualTo(SessionResidue.SETTINGS);
    assertThat(SessionResidue.ofText("CREATE TABLE pg_temp.t (id int)"))
        .isEqualTo(SessionResidue.TEMP_OBJECTS);
    assertThat(SessionResidue.ofText("SET search_path = pg_temp_3, public"))
        .isEqualTo(SessionResidue.TEMP_OBJECTS);
    assertThat(SessionResidue.ofText("SELECT nextval('s')")).isEqualTo(SessionResidue.SEQUENCES);
    assertThat(SessionResidue.ofText("SELECT setval('s', 1)")).isEqualTo(SessionResidue.SEQUENCES);
    // Words that merely contain "temp" cost no reset.
    assertThat(SessionResidue.ofText("SELECT temperature, created_at FROM readings")).isZero();
    assertThat(SessionResidue.ofText("CREATE TABLE templates (id int)")).isZero();
    assertThat(SessionResidue.ofText("SELECT 1")).isZero();
  }

  @Test
  void theResetClearsOnlyWhatWasLeft() {
    // RESET ALL leaves SET ROLE and SET SESSION AUTHORIZATION in force: they are reset first.
    assertThat(SessionResidue.resetStatement(SessionResidue.SETTINGS))
        .isEqualTo("SET SESSION AUTHORIZATION DEFAULT; RESET ROLE; RESET ALL;");
    assertThat(SessionResidue.resetStatement(SessionResidue.SEQUENCES))
        .isEqualTo("DISCARD SEQUENCES;");
    assertThat(SessionResidue.resetStatement(SessionResidue.TEMP_OBJECTS))
        .isEqualTo("DISCARD TEMP; DISCARD SEQUENCES;");
    assertThat(
            SessionResidue.resetStatement(SessionResidue.LISTENING | SessionResidue.ADVISORY_LOCKS))
        .isEqualTo("UNLISTEN *; SELECT pg_catalog.pg_advisory_unlock_all();");
  }
}
