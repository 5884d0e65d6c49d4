package dev.sluice.driver;

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
 * <p>One SQL text may have a few variants: Parse declares parameter types from the Java values of
 * the first call, so a later call whose values do not fit the described types (a Long beyond an
 * int4 parameter, say) gets a statement of its own. The capacity counts statements, variants
 * included.
 */
final class StatementCache {
  /** Most statements kept for one SQL text; beyond it the oldest variant is closed. */
  static final int MAX_VARIANTS = 4;

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
        toClose.add(head.name);
        statementCount--;
      }
    }
    statementCount++;
    trim(p.sql);
  }

  /**
   * Evicts whole SQL texts, least recently used first, down to the capacity: never {@code keep}
   * (the text just added), never a text with a pinned statement.
   */
  private void trim(String keep) {
    Iterator<Map.Entry<String, Prepared>> eldest = bySql.entrySet().iterator();
    while (statementCount > capacity && eldest.hasNext()) {
      Map.Entry<String, Prepared> e = eldest.next();
      if (e.getKey().equals(keep) || hasPinned(e.getValue())) {
        continue;
      }
      eldest.remove();
      for (Prepared v = e.getValue(); v != null; v = v.next) {
        toClose.add(v.name);
        statementCount--;
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
    pinned.clear();
  }

  /** Forgets {@code p} (invalidated by DDL, say) and queues its name to be closed. */
  void evict(Prepared p) {
    Prepared head = bySql.get(p.sql);
    if (head == p) {
      if (p.next == null) {
        bySql.remove(p.sql);
      } else {
        bySql.put(p.sql, p.next);
      }
      statementCount--;
    } else {
      for (Prepared v = head; v != null; v = v.next) {
        if (v.next == p) {
          v.next = p.next;
          statementCount--;
          break;
        }
      }
    }
    p.next = null;
    toClose.add(p.name);
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
}
