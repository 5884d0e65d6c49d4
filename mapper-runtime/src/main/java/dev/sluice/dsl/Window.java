package dev.sluice.dsl;

import java.util.List;

/**
 * A window for {@link WindowFunction#over}: {@code PARTITION BY … ORDER BY …}, an optional frame
 * ({@code ROWS BETWEEN 2 PRECEDING AND CURRENT ROW}) and the frame's exclusion ({@code EXCLUDE
 * TIES}). Immutable; start from {@link Windows#partitionBy} or {@link Windows#orderedBy}.
 *
 * <p>Named with {@link #as(String)}, it is declared once in the query's {@code WINDOW} clause
 * ({@code .window(w)}) and each {@code over(w)} refers to it by name: {@code rank() OVER w}. A
 * named window may be extended ({@link #extend()}): {@code OVER (w ORDER BY …)}, or {@code w2 AS (w
 * …)} in the WINDOW clause. PostgreSQL's rules for that are checked as the window is built: the
 * extension takes the base's PARTITION BY (it has no {@code partitionBy} of its own), adds an ORDER
 * BY only if the base has none, and the base has no frame.
 */
public final class Window extends QueryPart {
  private final List<Expression<?>> partitionBy;
  private final List<SortField> orderBy;

  /** "ROWS", "RANGE" or "GROUPS"; null for PostgreSQL's default frame. */
  private final String frameUnits;

  private final FrameBound frameStart;
  private final FrameBound frameEnd;

  /** The frame exclusion's keywords after EXCLUDE ("TIES"); null for none. */
  private final String exclusion;

  /** The name in the WINDOW clause; null for a window written out in each OVER. */
  private final String name;

  /** The named window this one extends ({@code (base ORDER BY …)}); null for none. */
  private final Window base;

  Window(List<Expression<?>> partitionBy, List<SortField> orderBy) {
    this(partitionBy, orderBy, null, null, null, null, null, null);
  }

  private Window(
      List<Expression<?>> partitionBy,
      List<SortField> orderBy,
      String frameUnits,
      FrameBound frameStart,
      FrameBound frameEnd,
      String exclusion,
      String name,
      Window base) {
    this.partitionBy = partitionBy;
    this.orderBy = orderBy;
    this.frameUnits = frameUnits;
    this.frameStart = frameStart;
    this.frameEnd = frameEnd;
    this.exclusion = exclusion;
    this.name = name;
    this.base = base;
  }

  /**
   * This window, its rows ordered by {@code keys}. On an extension ({@link #extend()}) only if the
   * base window has no ORDER BY: PostgreSQL cannot override a base's ORDER BY.
   *
   * @param keys the sort keys, most significant first
   * @return a new window
   * @throws IllegalStateException if this extends a window that has an ORDER BY
   */
  public Window orderBy(SortField... keys) {
    if (base != null && base.ordered()) {
      throw new IllegalStateException(
          "window "
              + base.name
              + " has an ORDER BY already; a window extending it may not order it again"
              + " (PostgreSQL: cannot override ORDER BY clause of window): order the base, or"
              + " extend a base without ORDER BY");
    }
    return new Window(
        partitionBy, List.of(keys), frameUnits, frameStart, frameEnd, exclusion, name, base);
  }

  /**
   * {@code ROWS BETWEEN start AND end}: the frame counts rows, so rows that tie in the ORDER BY
   * (peers) are apart.
   *
   * @param start the frame's start ({@link Windows#unboundedPreceding()}, {@code preceding(n)}, …)
   * @param end the frame's end
   * @return a new window with the frame
   */
  public Window rowsBetween(FrameBound start, FrameBound end) {
    return frame("ROWS", start, end);
  }

  /**
   * {@code RANGE BETWEEN start AND end}: the frame goes by the ORDER BY value, so peers are always
   * in or out together; an offset ({@code preceding(10)}) is a distance in that value.
   *
   * @param start the frame's start ({@link Windows#unboundedPreceding()}, {@code preceding(n)}, …)
   * @param end the frame's end
   * @return a new window with the frame
   */
  public Window rangeBetween(FrameBound start, FrameBound end) {
    return frame("RANGE", start, end);
  }

  /**
   * {@code GROUPS BETWEEN start AND end}: the frame counts groups of peers.
   *
   * @param start the frame's start ({@link Windows#unboundedPreceding()}, {@code preceding(n)}, …)
   * @param end the frame's end
   * @return a new window with the frame
   */
  public Window groupsBetween(FrameBound start, FrameBound end) {
    return frame("GROUPS", start, end);
  }

  /**
   * {@code EXCLUDE CURRENT ROW}: the frame without the current row.
   *
   * @return a new window
   * @throws IllegalStateException if the window has no frame
   */
  public Window excludeCurrentRow() {
    return exclude("CURRENT ROW");
  }

  /**
   * {@code EXCLUDE GROUP}: the frame without the current row and its peers.
   *
   * @return a new window
   * @throws IllegalStateException if the window has no frame
   */
  public Window excludeGroup() {
    return exclude("GROUP");
  }

  /**
   * {@code EXCLUDE TIES}: the frame without the current row's peers, the row itself kept.
   *
   * @return a new window
   * @throws IllegalStateException if the window has no frame
   */
  public Window excludeTies() {
    return exclude("TIES");
  }

  /**
   * {@code EXCLUDE NO OTHERS}: nothing excluded, said explicitly (PostgreSQL's default).
   *
   * @return a new window
   * @throws IllegalStateException if the window has no frame
   */
  public Window excludeNoOthers() {
    return exclude("NO OTHERS");
  }

  /**
   * A window extending this named one: {@code rank().over(w.extend().orderBy(…))} renders {@code
   * rank() OVER (w ORDER BY …)}, and {@code w.extend().orderBy(…).as("w2")} declares {@code w2 AS
   * (w ORDER BY …)} (list {@code w} before {@code w2} in {@code window(…)}). The extension has this
   * window's PARTITION BY and may add an ORDER BY (if this one has none), a frame and an exclusion.
   * This window must be named and have no frame, as PostgreSQL requires.
   *
   * @return a new, unnamed window based on this one
   * @throws IllegalStateException if this window has no name, or has a frame
   */
  public Window extend() {
    if (name == null) {
      throw new IllegalStateException(
          "only a named window can be extended: name " + this + " with as(\"name\") first");
    }
    if (frameUnits != null) {
      throw new IllegalStateException(
          "window "
              + name
              + " has a frame ("
              + frameUnits
              + " BETWEEN …); PostgreSQL cannot copy a window with a frame: give the frame to"
              + " the window extending it instead");
    }
    return new Window(List.of(), List.of(), null, null, null, null, null, this);
  }

  /**
   * This window under {@code name}, to declare in the query's {@code WINDOW} clause.
   *
   * @param name the window's name
   * @return a new window, named
   * @throws IllegalArgumentException if {@code name} is null or empty
   */
  public Window as(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a named window needs a name: '" + name + "'");
    }
    return new Window(
        partitionBy, orderBy, frameUnits, frameStart, frameEnd, exclusion, name, base);
  }

  /** The name, or null for an anonymous window. */
  String name() {
    return name;
  }

  /** The named window this one extends, or null. */
  Window base() {
    return base;
  }

  /** Whether it has an ORDER BY, its own or its base's. */
  private boolean ordered() {
    return !orderBy.isEmpty() || (base != null && base.ordered());
  }

  private Window frame(String units, FrameBound start, FrameBound end) {
    return new Window(partitionBy, orderBy, units, start, end, exclusion, name, base);
  }

  private Window exclude(String what) {
    if (frameUnits == null) {
      // The grammar has EXCLUDE only after a frame; PostgreSQL's default frame cannot take one.
      throw new IllegalStateException(
          "EXCLUDE "
              + what
              + " needs a frame: give "
              + this
              + " rowsBetween, rangeBetween or groupsBetween first");
    }
    return new Window(partitionBy, orderBy, frameUnits, frameStart, frameEnd, what, name, base);
  }

  /** {@code (…)}, or the name alone for a named window. */
  @Override
  void render(SqlWriter w) {
    if (name != null) {
      w.identifier(name);
    } else {
      renderDefinition(w);
    }
  }

  /** {@code (base PARTITION BY … ORDER BY … frame EXCLUDE …)}, for OVER or the WINDOW clause. */
  void renderDefinition(SqlWriter w) {
    w.append('(');
    // What comes before each part: nothing at the start of the parentheses, a space after a part.
    boolean empty = true;
    if (base != null) {
      w.identifier(base.name);
      empty = false;
    }
    if (!partitionBy.isEmpty()) {
      w.append("PARTITION BY ");
      SelectQuery.list(w, partitionBy);
      empty = false;
    }
    if (!orderBy.isEmpty()) {
      w.append(empty ? "ORDER BY " : " ORDER BY ");
      SelectQuery.list(w, orderBy);
      empty = false;
    }
    if (frameUnits != null) {
      w.append(empty ? "" : " ").append(frameUnits);
      w.append(" BETWEEN ");
      frameStart.render(w);
      w.append(" AND ");
      frameEnd.render(w);
      if (exclusion != null) {
        w.append(" EXCLUDE ").append(exclusion);
      }
    }
    w.append(')');
  }
}
