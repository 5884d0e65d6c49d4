package dev.sluice.dsl;

import java.util.Arrays;
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
 * into the writer's reused array.
 *
 * <p>Direct-mapped and lock-free: slot {@code hash & MASK} holds the last text that hashed there; a
 * text that finds another one in its slot replaces it. Strings are immutable and published through
 * the atomic array, so any thread may read any slot. Bounded: {@link #SLOTS} texts at most, each
 * kept as its String and a char array: about 2.5 MiB for texts of 200 characters.
 */
final class SqlTexts {
  /** Slots in the table; a power of two. */
  static final int SLOTS = 4096;

  private static final int MASK = SLOTS - 1;

  /** Texts longer than this are not kept (an insert of many rows, say): rarely repeated. */
  static final int MAX_LENGTH = 4096;

  private static final AtomicReferenceArray<Entry> TABLE = new AtomicReferenceArray<>(SLOTS);

  /**
   * A cached text with a copy of its characters: a hit is then found by one vectorized {@link
   * Arrays#equals(char[], int, int, char[], int, int)}, not a character-by-character comparison
   * with the String.
   */
  private static final class Entry {
    final String text;
    final char[] chars;
    final int hash; // of hash(chars), not String.hashCode

    Entry(String text, char[] chars, int hash) {
      this.text = text;
      this.chars = chars;
      this.hash = hash;
    }
  }

  private SqlTexts() {}

  /**
   * The canonical String with the content of {@code chars[0, length)}: the cached one, or a new one
   * kept. The chars are a renderer's scratch copy of its text, which this neither keeps nor
   * changes.
   */
  static String intern(char[] chars, int length) {
    if (length > MAX_LENGTH) {
      return new String(chars, 0, length);
    }
    int h = hash(chars, length);
    int slot = spread(h) & MASK;
    Entry cached = TABLE.get(slot);
    if (cached != null
        && cached.hash == h
        && Arrays.equals(cached.chars, 0, cached.chars.length, chars, 0, length)) {
      return cached.text;
    }
    char[] copy = Arrays.copyOf(chars, length);
    String s = new String(copy);
    TABLE.set(slot, new Entry(s, copy, h));
    return s;
  }

  /**
   * A hash of {@code chars[0, length)} in four interleaved lanes, so the multiplications do not
   * wait on each other (String's one chain of {@code 31 * h + c} costs a multiply's latency per
   * character). Only the slot depends on it: a hit is confirmed by comparing every character.
   */
  static int hash(char[] chars, int length) {
    int h0 = 0;
    int h1 = 0;
    int h2 = 0;
    int h3 = 0;
    int i = 0;
    for (; i + 3 < length; i += 4) {
      h0 = 31 * h0 + chars[i];
      h1 = 31 * h1 + chars[i + 1];
      h2 = 31 * h2 + chars[i + 2];
      h3 = 31 * h3 + chars[i + 3];
    }
    for (; i < length; i++) {
      h0 = 31 * h0 + chars[i];
    }
    return ((h0 * 31 + h1) * 31 + h2) * 31 + h3 + length;
  }

  /** Mixes the high bits in, as HashMap does: SQL texts often differ only near their end. */
  private static int spread(int h) {
    return h ^ (h >>> 16);
  }
}
