package dev.sluice.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The render cache's table: found by content, never by hash alone. */
class SqlTextsTest {
  private static String intern(CharSequence text) {
    char[] chars = text.toString().toCharArray();
    return SqlTexts.intern(chars, chars.length);
  }

  @Test
  void aTextGetsItsCanonicalString() {
    String first = intern(new StringBuilder("SELECT t.a FROM t WHERE t.a = $1"));
    String again = intern(new StringBuilder("SELECT t.a FROM t WHERE t.a = $1"));
    assertThat(again).isSameAs(first).isEqualTo("SELECT t.a FROM t WHERE t.a = $1");
  }

  @Test
  void textsOfTheSameHashStayApart() {
    // 31 * 'A' + 'a' == 31 * 'B' + 'B', four characters apart (one of the hash's lanes): the two
    // texts have the same hash, so they land in the same slot.
    String a = "SELECT t.a FROM t WHERE t.A___a = $1";
    String b = "SELECT t.a FROM t WHERE t.B___B = $1";
    assertThat(SqlTexts.hash(a.toCharArray(), a.length()))
        .isEqualTo(SqlTexts.hash(b.toCharArray(), b.length()));
    assertThat(intern(new StringBuilder(a))).isEqualTo(a);
    assertThat(intern(new StringBuilder(b))).isEqualTo(b);
    assertThat(intern(new StringBuilder(a))).isEqualTo(a);
  }

  @Test
  void everyCharacterCounts() {
    // Texts of every length around the lanes' width, each differing from the last in one place.
    StringBuilder text = new StringBuilder();
    for (int length = 1; length <= 12; length++) {
      text.append((char) ('a' + length));
      for (int at = 0; at < length; at++) {
        StringBuilder other = new StringBuilder(text);
        other.setCharAt(at, 'Z');
        assertThat(intern(new StringBuilder(text))).isEqualTo(text.toString());
        assertThat(intern(other)).isEqualTo(other.toString());
        assertThat(intern(new StringBuilder(text))).isEqualTo(text.toString());
      }
    }
  }

  @Test
  void aLongTextIsNotKept() {
    StringBuilder text = new StringBuilder("SELECT ");
    while (text.length() <= SqlTexts.MAX_LENGTH) {
      text.append("1, ");
    }
    text.append('1');
    String first = intern(text);
    assertThat(first).isEqualTo(text.toString());
    assertThat(intern(text)).isNotSameAs(first).isEqualTo(first);
  }
}
