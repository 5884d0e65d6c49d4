package dev.sluice.dsl;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The render cache: one canonical String for each SQL text the DSL has rendered lately, found by
 * the fragments it was written as. A query built inline on every call renders into a reused writer
 * ({@link SqlWriter#borrow()}) as a list of fragments, mostly constants (key words, a column's
 * qualified name, "$1"), and gets back the String it got last time: a repeated query copies no
 * characters and makes no String, and the driver's statement cache finds its prepared statement by
 * a String whose hash is already computed and which equals its key by identity.
 *
 * <p>Keyed by the whole text, as fragments compared one by one on every hit (by identity, or else
 * by content), so it is safe by construction: two renderings share an entry only if their fragments
 * are equal in order, and then their texts, the fragments' concatenations, are equal too, whatever
 * their nodes (no hand-written "shape" key that a new kind of node could forget to extend). The
 * same text written as other fragments ("a" + "bc", "ab" + "c") gets an entry of its own, with an
 * equal String: harmless, since the statement cache compares texts by content. The parameter layout
 * needs no entry of its own: the values are collected in placeholder order while rendering, into
 * the writer's reused array.
 *
 * <p>Direct-mapped and lock-free: slot {@code hash & MASK} holds the last text that hashed there; a
 * text that finds another one in its slot replaces it. Entries are immutable and published through
 * the atomic array, so any thread may read any slot. Bounded: {@link #SLOTS} texts at most, each
 * kept as its String and its fragments (most of them constants shared with the query's nodes).
 */
final class SqlTexts {
  /** Slots in the table; a power of two. */
  static final int SLOTS = 4096;

  private static final int MASK = SLOTS - 1;

  /**
   * Texts longer than this are not kept (an insert of many rows, say): rarely repeated. Nor are
   * renderings of more fragments than {@link #MAX_PARTS}, which are told without adding up their
   * lengths.
   */
  static final int MAX_LENGTH = 4096;

  static final int MAX_PARTS = 1024;

  private static final AtomicReferenceArray<Entry> TABLE = new AtomicReferenceArray<>(SLOTS);

  /** A cached text with the fragments it was rendered as, and their hash. */
  private static final class Entry {
    final String text;
    final String[] parts;
    final int hash;

    Entry(String text, String[] parts, int hash) {
      this.text = text;
      this.parts = parts;
      this.hash = hash;
    }
  }

  private SqlTexts() {}

  /**
   * The canonical String of the text {@code w} holds: the cached one when an entry has the same
   * fragments, or a new one kept. Reads the writer's fragments; neither keeps nor changes them.
   */
  static String intern(SqlWriter w) {
    if (w.partCount() > MAX_PARTS) {
      return w.text();
    }
    int h = w.partsHash();
    int slot = spread(h) & MASK;
    Entry cached = TABLE.get(slot);
    if (cached != null && cached.hash == h && w.sameParts(cached.parts)) {
      return cached.text;
    }
    String s = w.text();
    if (s.length() <= MAX_LENGTH) {
      TABLE.set(slot, new Entry(s, w.partsCopy(), h));
    }
    return s;
  }

  /** Mixes the high bits in, as HashMap does: SQL texts often differ only near their end. */
  private static int spread(int h) {
    return h ^ (h >>> 16);
  }
}
