package dev.sluice.driver;

import dev.sluice.driver.config.StatementMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The named prepared statements of one connection, by SQL text, least recently used first. When
 * full, the eldest is evicted and its name queued to be closed on the server (Close 'S') with the
 * next round trip: a name must be closed before it is parsed again, and the server keeps every
 * statement's plan in memory until then.
 *
 * <p>The server's cost is bounded three ways, because a named statement holds its parse tree and
 * plan in the backend's memory until closed (150 distinct literal INSERTs once grew a backend to
 * 240 MB): a text is named only from its second use ({@link #nameOnThisUse}: a one-shot runs as the
 * unnamed statement, which the next one replaces), never when it is longer than {@link
 * #MAX_NAMED_CHARS}, and the named texts together stay under {@link #MAX_TEXT_CHARS} as well as
 * under the count.
 *
 * <p>One SQL text may have a few variants: Parse declares parameter types from the Java values of
 * the first call, so a later call whose values do not fit the described types (a Long beyond an
 * int4 parameter, say) gets a statement of its own. The capacity counts statements, variants
 * included.
 */
final class StatementCache {
  /** Most statements kept for one SQL text; beyond it the oldest variant is closed. */
  static final int MAX_VARIANTS = 4;

  /** A text longer than this always runs as the unnamed statement. */
  static final int MAX_NAMED_CHARS = 64 * 1024;

  /** The most characters of SQL text the named statements hold together, variants included. */
  static final long MAX_TEXT_CHARS = 4L << 20;

  /** Hashes of texts whose one use so far ran unnamed, most recent last (see nameOnThisUse). */
  private final LinkedHashMap<Integer, Boolean> usedOnce;

  /** Characters of SQL text of the statements in the cache, variants included. */
  private long textChars;

  private final int capacity;

  /** The first variant of each SQL text; the others hang off {@link Prepared#next}. */
  private final LinkedHashMap<String, Prepared> bySql;

  /** Statements in the cache, variants included. */
  private int statementCount;

  /** Names of evicted statements not yet closed on the server. */
  private final List<String> toClose = new ArrayList<>();

  /** Next statement number; names are "s1", "s2", … and never reused on a connection. */
  private long counter;

  /**
   * Statements one call uses together (the groups of a multi-row batch, all bound in one pipeline):
   * never evicted until {@link #unpinAll}, even beyond the capacity, or a Close sent ahead of the
   * pipeline would remove a statement the pipeline then binds.
   */
  private final List<Prepared> pinned = new ArrayList<>();

  StatementCache(int capacity) {
    this.capacity = capacity;
    this.bySql = new LinkedHashMap<>(Math.min(capacity, 64) * 2, 0.75f, true);
    int remembered = Math.max(64, 4 * capacity);
    this.usedOnce =
        new LinkedHashMap<>(64, 0.75f, false) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
            return size() > remembered;
          }
        };
  }

  /**
   * Whether {@code sql}, which has no statement here, should be prepared as a named statement on
   * this use: only when it ran before (unnamed) and is at most {@link #MAX_NAMED_CHARS} long. Only
   * the text's hash is remembered, for the last {@code 4 × capacity} texts: a collision just names
   * a statement one use early.
   */
  boolean nameOnThisUse(String sql) {
    if (sql.length() > MAX_NAMED_CHARS) {
      return false;
    }
    Integer hash = sql.hashCode();
    if (usedOnce.remove(hash) != null) {
      return true;
    }
    usedOnce.put(hash, Boolean.TRUE);
    return false;
  }

  /** The statement for {@code sql} whose parameter types take {@code params}, or null. */
  Prepared find(String sql, Object[] params) {
    for (Prepared p = bySql.get(sql); p != null; p = p.next) {
      if (p.accepts(params)) {
        return p;
      }
    }
    return null;
  }

  String nextName() {
    return "s" + (++counter);
  }

  void put(Prepared p) {
    Prepared head = bySql.get(p.sql);
    if (head == null) {
      bySql.put(p.sql, p);
    } else {
      int variants = 1;
      Prepared last = head;
      while (last.next != null) {
        last = last.next;
        variants++;
      }
      last.next = p;
      if (variants >= Math.min(MAX_VARIANTS, capacity) && !pinned.contains(head)) {
        bySql.put(p.sql, head.next);
        head.next = null;
        retire(head);
        statementCount--;
        textChars -= head.sql.length();
      }
    }
    statementCount++;
    textChars += p.sql.length();
    trim(p.sql);
  }

  /**
   * Evicts whole SQL texts, least recently used first, down to the capacity and the text budget:
   * never {@code keep} (the text just added), never a text with a pinned statement.
   */
  private void trim(String keep) {
    Iterator<Map.Entry<String, Prepared>> eldest = bySql.entrySet().iterator();
    while ((statementCount > capacity || textChars > MAX_TEXT_CHARS) && eldest.hasNext()) {
      Map.Entry<String, Prepared> e = eldest.next();
      if (e.getKey().equals(keep) || hasPinned(e.getValue())) {
        continue;
      }
      eldest.remove();
      for (Prepared v = e.getValue(); v != null; v = v.next) {
        retire(v);
        statementCount--;
        textChars -= v.sql.length();
      }
    }
  }

  private boolean hasPinned(Prepared head) {
    if (pinned.isEmpty()) {
      return false;
    }
    for (Prepared v = head; v != null; v = v.next) {
      if (pinned.contains(v)) {
        return true;
      }
    }
    return false;
  }

  /** Keeps {@code p} from eviction until {@link #unpinAll}. */
  void pin(Prepared p) {
    pinned.add(p);
  }

  /** Ends every pin, evicting down to the capacity again. */
  void unpinAll() {
    if (!pinned.isEmpty()) {
      pinned.clear();
      trim(null);
    }
  }

  /**
   * Forgets every statement without closing it: the server dropped them all (DISCARD ALL,
   * DEALLOCATE ALL), and Close of a name that no longer exists would be wasted.
   */
  void forgetAll() {
    bySql.clear();
    statementCount = 0;
    textChars = 0;
    pinned.clear();
  }

  /**
   * Queues the name of {@code p}, which left the cache, to be closed; an unnamed one (a description
   * cached in {@link StatementMode#UNNAMED}) has nothing on the server to close.
   */
  private void retire(Prepared p) {
    if (!p.isUnnamed()) {
      toClose.add(p.name);
    }
  }

  /**
   * Forgets {@code p} (invalidated by DDL, say) and queues its name to be closed. The unnamed
   * statement of a one-shot text is not in the cache: then nothing changes.
   */
  void evict(Prepared p) {
    Prepared head = bySql.get(p.sql);
    if (head == p) {
      if (p.next == null) {
        bySql.remove(p.sql);
      } else {
        bySql.put(p.sql, p.next);
      }
      statementCount--;
      textChars -= p.sql.length();
    } else {
      for (Prepared v = head; v != null; v = v.next) {
        if (v.next == p) {
          v.next = p.next;
          statementCount--;
          textChars -= p.sql.length();
          break;
        }
      }
    }
    p.next = null;
    retire(p);
  }

  /**
   * Queues a name that may or may not exist on the server to be closed (closing none is no error).
   */
  void closeLater(String name) {
    toClose.add(name);
  }

  /** Takes the names waiting to be closed. */
  List<String> drainToClose() {
    if (toClose.isEmpty()) {
      return List.of();
    }
    List<String> names = new ArrayList<>(toClose);
    toClose.clear();
    return names;
  }

  /** Statements cached, variants included. */
  int size() {
    return statementCount;
  }

  /** Characters of SQL text the cached statements hold. */
  long textChars() {
    return textChars;
  }
}
