package dev.sluice.dsl;

/**
 * One end of a window frame: {@code UNBOUNDED PRECEDING}, {@code n PRECEDING}, {@code CURRENT ROW},
 * {@code n FOLLOWING}, {@code UNBOUNDED FOLLOWING}. The offset {@code n} is bound. Made by {@link
 * Windows#unboundedPreceding()}, {@link Windows#preceding(long)} and the like; immutable.
 */
public final class FrameBound extends QueryPart {
  static final FrameBound UNBOUNDED_PRECEDING = new FrameBound("UNBOUNDED PRECEDING", -1);
  static final FrameBound CURRENT_ROW = new FrameBound("CURRENT ROW", -1);
  static final FrameBound UNBOUNDED_FOLLOWING = new FrameBound("UNBOUNDED FOLLOWING", -1);

  /** The keywords, after the offset if there is one. */
  private final String keywords;

  /** The offset, bound; -1 for none. */
  private final long offset;

  private FrameBound(String keywords, long offset) {
    this.keywords = keywords;
    this.offset = offset;
  }

  static FrameBound offset(long offset, String direction) {
    if (offset < 0) {
      throw new IllegalArgumentException("frame offset < 0: " + offset + " " + direction);
    }
    return new FrameBound(direction, offset);
  }

  @Override
  void render(SqlWriter w) {
    if (offset >= 0) {
      w.bind(offset).append(' ');
    }
    w.append(keywords);
  }
}
