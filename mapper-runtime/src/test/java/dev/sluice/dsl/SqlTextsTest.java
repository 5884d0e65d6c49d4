package dev.sluice.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The render cache's table: found by content, never by hash alone. */
class SqlTextsTest {
  @Test
  void aTextGetsItsCanonicalString() {
    String first = SqlTexts.intern(new StringBuilder("SELECT t.a FROM t WHERE t.a = $1"));
    String again = SqlTexts.intern(new StringBuilder("SELECT t.a FROM t WHERE t.a = $1"));
    assertThat(again).isSameAs(first).isEqualTo("SELECT t.a FROM t WHERE t.a = $1");
  }

  @Test
  void textsOfTheSameHashStayApart() {
    // "Aa" and "BB" have the same String.hashCode, so these two land in the same slot.
    String a = "SELECT t.a FROM t WHERE t.Aa = $1";
    String b = "SELECT t.a FROM t WHERE t.BB = $1";
    assertThat(a.hashCode()).isEqualTo(b.hashCode());
    assertThat(SqlTexts.intern(new StringBuilder(a))).isEqualTo(a);
    assertThat(SqlTexts.intern(new StringBuilder(b))).isEqualTo(b);
    assertThat(SqlTexts.intern(new StringBuilder(a))).isEqualTo(a);
  }

  @Test
  void aLongTextIsNotKept() {
    StringBuilder text = new StringBuilder("SELECT ");
    while (text.length() <= SqlTexts.MAX_LENGTH) {
      text.append("1, ");
    }
    text.append('1');
    String first = SqlTexts.intern(text);
    assertThat(first).isEqualTo(text.toString());
    assertThat(SqlTexts.intern(text)).isNotSameAs(first).isEqualTo(first);
  }
}
