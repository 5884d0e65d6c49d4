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
 */
final class StatementCache {
  private final int capacity;
  private final LinkedHashMap<String, Prepared> bySql;
  /** Names of evicted statements not yet closed on the server. */
  private final List<String> toClose = new ArrayList<>();
  /** Next statement number; names are "s1", "s2", … and never reused on a connection. */
  private long counter;

  StatementCache(int capacity) {
    this.capacity = capacity;
    this.bySql = new LinkedHashMap<>(Math.min(capacity, 64) * 2, 0.75f, true);
  }

  Prepared get(String sql) {
    return bySql.get(sql);
  }

  String nextName() {
    return "s" + (++counter);
  }

  void put(Prepared p) {
    bySql.put(p.sql, p);
    if (bySql.size() > capacity) {
      Iterator<Map.Entry<String, Prepared>> eldest = bySql.entrySet().iterator();
      Prepared e = eldest.next().getValue();
      eldest.remove();
      toClose.add(e.name);
    }
  }

  /** Forgets {@code p} (invalidated by DDL, say) and queues its name to be closed. */
  void evict(Prepared p) {
    if (bySql.get(p.sql) == p) {
      bySql.remove(p.sql);
    }
    toClose.add(p.name);
  }

  /** Queues a name that may or may not exist on the server to be closed (closing none is no error). */
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

  int size() {
    return bySql.size();
  }

  void clear() {
    bySql.clear();
    toClose.clear();
  }
}
