package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The statement cache's bounds on the server's cost, with no server: the named texts together stay
 * under {@link StatementCache#MAX_TEXT_CHARS} (the eldest closed first), a text is named only from
 * its second use, and a text over {@link StatementCache#MAX_NAMED_CHARS} never.
 */
class StatementCacheBudgetTest {
  private static final int[] NO_PARAMETERS = new int[0];

  private static Prepared statement(StatementCache cache, String sql) {
    return new Prepared(cache.nextName(), sql, NO_PARAMETERS, null);
  }

  @Test
  void namedTextsStayUnderTheTextBudgetEldestClosedFirst() {
    StatementCache cache = new StatementCache(256);
    String filler = "x".repeat(StatementCache.MAX_NAMED_CHARS - 100);
    int fit = (int) (StatementCache.MAX_TEXT_CHARS / StatementCache.MAX_NAMED_CHARS);
    for (int i = 0; i < fit + 10; i++) {
      cache.put(statement(cache, "SELECT " + i + " /* " + filler + " */"));
      assertThat(cache.textChars()).isLessThanOrEqualTo(StatementCache.MAX_TEXT_CHARS);
    }
    assertThat(cache.size()).isLessThan(fit + 10).isGreaterThan(fit - 2);
    // The first statements were closed to make room: s1 first.
    assertThat(cache.drainToClose()).startsWith("s1", "s2");
    assertThat(cache.find("SELECT 0 /* " + filler + " */", new Object[0])).isNull();
  }

  @Test
  void aTextIsNamedFromItsSecondUseAndALongOneNever() {
    StatementCache cache = new StatementCache(16);
    assertThat(cache.nameOnThisUse("SELECT 1")).isFalse();
    assertThat(cache.nameOnThisUse("SELECT 2")).isFalse();
    assertThat(cache.nameOnThisUse("SELECT 1")).isTrue();
    String longText = "SELECT 3 /* " + "y".repeat(StatementCache.MAX_NAMED_CHARS) + " */";
    assertThat(cache.nameOnThisUse(longText)).isFalse();
    assertThat(cache.nameOnThisUse(longText)).isFalse();
  }

  @Test
  void forgettingAndEvictingGiveTheirTextBack() {
    StatementCache cache = new StatementCache(16);
    Prepared a = statement(cache, "SELECT 'a'");
    Prepared b = statement(cache, "SELECT 'bb'");
    cache.put(a);
    cache.put(b);
    assertThat(cache.textChars()).isEqualTo(a.sql.length() + b.sql.length());
    cache.evict(a);
    assertThat(cache.textChars()).isEqualTo(b.sql.length());
    cache.evict(new Prepared("", "SELECT 'unnamed'", NO_PARAMETERS, null));
    assertThat(cache.textChars()).isEqualTo(b.sql.length());
    cache.forgetAll();
    assertThat(cache.textChars()).isZero();
  }
}
