package dev.sluice.dsl;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The render cache: one canonical String for each SQL text the DSL has rendered lately, found by
 * the text's content. A query built inline on every call renders into a reused buffer ({@link
 * SqlWriter#borrow()}) and gets back the String it got last time, so a repeated query makes no
 * String, and the driver's statement cache finds its prepared statement by a String whose hash is
 * already computed and which equals its key by identity.
 *
 * <p>Keyed by the whole text, compared character for character on every hit, so it is safe by
 * construction: two queries share an entry only if they render the same SQL, whatever their nodes
 * (no hand-written "shape" key that a new kind of node could forget to extend). The parameter
 * layout needs no entry of its own: the values are collected in placeholder order while rendering,
 * into the buffer's reused list.
 *
 * <p>Direct-mapped and lock-free: slot {@code hash & MASK} holds the last text that hashed there; a
 * text that finds another one in its slot replaces it. Strings are immutable and published through
 * the atomic array, so any thread may read any slot. Bounded: {@link #SLOTS} texts at most, about 1
 * MiB for texts of 200 characters.
 */
final class SqlTexts {
  /** Slots in the table; a power of two. */
  static final int SLOTS = 4096;

  private static final int MASK = SLOTS - 1;

  /** Texts longer than this are not kept (an insert of many rows, say): rarely repeated. */
  static final int MAX_LENGTH = 4096;

  private static final AtomicReferenceArray<String> TABLE = new AtomicReferenceArray<>(SLOTS);

  private SqlTexts() {}

  /** The canonical String with the content of {@code text}: the cached one, or a new one kept. */
  static String intern(StringBuilder text) {
    int length = text.length();
    if (length > MAX_LENGTH) {
      return text.toString();
    }
    // String.hashCode's own formula, so a cached String's (memoized) hash is compared first.
    int h = 0;
    for (int i = 0; i < length; i++) {
      h = 31 * h + text.charAt(i);
    }
    int slot = spread(h) & MASK;
    String cached = TABLE.get(slot);
    if (cached != null && cached.hashCode() == h && cached.contentEquals(text)) {
      return cached;
    }
    String s = text.toString();
    TABLE.set(slot, s);
    return s;
  }

  /** Mixes the high bits in, as HashMap does: SQL texts often differ only near their end. */
  private static int spread(int h) {
    return h ^ (h >>> 16);
  }
}
