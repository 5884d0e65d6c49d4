package dev.sluice.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The render cache's table: found by the fragments' content, never by hash alone. */
class SqlTextsTest {
  /** The canonical text of these fragments, written as a rendering would. */
  private static String intern(String... fragments) {
    SqlWriter w = SqlWriter.checked();
    for (String f : fragments) {
      w.append(f);
    }
    return w.sql();
  }

  @Test
  void aTextGetsItsCanonicalString() {
    String first = intern("SELECT ", "t.a", " FROM ", "t", " WHERE ", "t.a", " = ", "$1");
    String again = intern("SELECT ", "t.a", " FROM ", "t", " WHERE ", "t.a", " = ", "$1");
    assertThat(again).isSameAs(first).isEqualTo("SELECT t.a FROM t WHERE t.a = $1");
  }

  @Test
  void fragmentsAreComparedByContentNotIdentity() {
    String first = intern("SELECT ", new String("t.b"), " FROM t");
    String again = intern("SELECT ", new String("t.b"), " FROM t");
    assertThat(again).isSameAs(first).isEqualTo("SELECT t.b FROM t");
  }

  @Test
  void fragmentsOfTheSameHashStayApart() {
    // "Aa" and "BB" have the same String hash, so the two renderings have the same hash and land
    // in the same slot; each must still get its own text.
    assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
    String a = intern("SELECT t.", "Aa", " FROM t");
    String b = intern("SELECT t.", "BB", " FROM t");
    assertThat(a).isEqualTo("SELECT t.Aa FROM t");
    assertThat(b).isEqualTo("SELECT t.BB FROM t");
    assertThat(intern("SELECT t.", "Aa", " FROM t")).isEqualTo("SELECT t.Aa FROM t");
  }

  @Test
  void everyFragmentCounts() {
    // Renderings of every length up to 12 fragments, each differing from the last in one place.
    String[] parts = new String[12];
    for (int n = 1; n <= parts.length; n++) {
      parts[n - 1] = "p" + n;
      for (int at = 0; at < n; at++) {
        String[] text = java.util.Arrays.copyOf(parts, n);
        String[] other = text.clone();
        other[at] = "Z";
        assertThat(intern(text)).isEqualTo(String.join("", text));
        assertThat(intern(other)).isEqualTo(String.join("", other));
        assertThat(intern(text)).isEqualTo(String.join("", text));
      }
    }
  }

  @Test
  void theSameTextOfOtherFragmentsIsAnEqualString() {
    assertThat(intern("SELECT ", "1")).isEqualTo(intern("SELECT 1")).isEqualTo("SELECT 1");
  }

  @Test
  void anEmptyFragmentAddsNothingToTheText() {
    String first = intern("SELECT ", "a", ", ", "b");
    String again = intern("", "SELECT ", "a", "", ", ", "b", "");
    assertThat(again).isEqualTo(first).isEqualTo("SELECT a, b");
    assertThat(intern("", "SELECT ", "a", "", ", ", "b", "")).isSameAs(again);
  }

  @Test
  void charactersAndPlaceholdersAreFragmentsToo() {
    SqlWriter w = SqlWriter.checked();
    w.append("f").append('(').bind(7).append(", ").bind("x").append(')').append('é');
    assertThat(w.sql()).isEqualTo("f($1, $2)é");
    assertThat(w.params()).containsExactly(7, "x");
    SqlWriter many = SqlWriter.checked();
    for (int i = 0; i < 70; i++) {
      many.append(i == 0 ? "" : ",").bind(i);
    }
    assertThat(many.sql()).startsWith("$1,$2,").endsWith(",$69,$70");
  }

  @Test
  void aLongTextIsNotKept() {
    String column = "c".repeat(SqlTexts.MAX_LENGTH);
    String first = intern("SELECT ", column, " FROM t");
    assertThat(first).isEqualTo("SELECT " + column + " FROM t");
    assertThat(intern("SELECT ", column, " FROM t")).isNotSameAs(first).isEqualTo(first);
  }

  @Test
  void aTextOfManyFragmentsIsNotKept() {
    String[] parts = new String[SqlTexts.MAX_PARTS + 1];
    parts[0] = "SELECT 1";
    for (int i = 1; i < parts.length; i++) {
      parts[i] = ",1";
    }
    String first = intern(parts);
    assertThat(first).isEqualTo(String.join("", parts));
    assertThat(intern(parts)).isNotSameAs(first).isEqualTo(first);
  }
}
