package dev.sluice.dsl;

import java.util.List;

/**
 * A window for {@link Expression#over}: {@code PARTITION BY … ORDER BY …} and an optional frame
 * ({@code ROWS BETWEEN 2 PRECEDING AND CURRENT ROW}). Immutable; start from {@link Dsl#partitionBy}
 * or {@link Dsl#orderedBy}.
 *
 * <p>Named with {@link #as(String)}, it is declared once in the query's {@code WINDOW} clause
 * ({@code .window(w)}) and each {@code over(w)} refers to it by name: {@code rank() OVER w}.
 */
public final class Window extends QueryPart {
  private final List<Expression<?>> partitionBy;
  private final List<SortField> orderBy;

  /** "ROWS", "RANGE" or "GROUPS"; null for PostgreSQL's default frame. */
  private final String frameUnits;

  private final FrameBound frameStart;
  private final FrameBound frameEnd;

  /** The name in the WINDOW clause; null for a window written out in each OVER. */
  private final String name;

  Window(List<Expression<?>> partitionBy, List<SortField> orderBy) {
    this(partitionBy, orderBy, null, null, null, null);
  }

  private Window(
      List<Expression<?>> partitionBy,
      List<SortField> orderBy,
      String frameUnits,
      FrameBound frameStart,
      FrameBound frameEnd,
      String name) {
    this.partitionBy = partitionBy;
    this.orderBy = orderBy;
    this.frameUnits = frameUnits;
    this.frameStart = frameStart;
    this.frameEnd = frameEnd;
    this.name = name;
  }

  /** This window, its rows ordered by {@code keys}. */
  public Window orderBy(SortField... keys) {
    return new Window(partitionBy, List.of(keys), frameUnits, frameStart, frameEnd, name);
  }

  /**
   * {@code ROWS BETWEEN start AND end}: the frame counts rows, so rows that tie in the ORDER BY
   * (peers) are apart.
   */
  public Window rowsBetween(FrameBound start, FrameBound end) {
    return frame("ROWS", start, end);
  }

  /**
   * {@code RANGE BETWEEN start AND end}: the frame goes by the ORDER BY value, so peers are always
   * in or out together; an offset ({@code preceding(10)}) is a distance in that value.
   */
  public Window rangeBetween(FrameBound start, FrameBound end) {
    return frame("RANGE", start, end);
  }

  /** {@code GROUPS BETWEEN start AND end}: the frame counts groups of peers. */
  public Window groupsBetween(FrameBound start, FrameBound end) {
    return frame("GROUPS", start, end);
  }

  /** This window under {@code name}, to declare in the query's {@code WINDOW} clause. */
  public Window as(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a named window needs a name: '" + name + "'");
    }
    return new Window(partitionBy, orderBy, frameUnits, frameStart, frameEnd, name);
  }

  /** The name, or null for an anonymous window. */
  String name() {
    return name;
  }

  private Window frame(String units, FrameBound start, FrameBound end) {
    return new Window(partitionBy, orderBy, units, start, end, name);
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

  /** {@code (PARTITION BY … ORDER BY … frame)}, for OVER or the WINDOW clause. */
  void renderDefinition(SqlWriter w) {
    w.append('(');
    if (!partitionBy.isEmpty()) {
      w.append("PARTITION BY ");
      SelectQuery.list(w, partitionBy);
    }
    if (!orderBy.isEmpty()) {
      w.append(partitionBy.isEmpty() ? "ORDER BY " : " ORDER BY ");
      SelectQuery.list(w, orderBy);
    }
    if (frameUnits != null) {
      w.append(partitionBy.isEmpty() && orderBy.isEmpty() ? "" : " ").append(frameUnits);
      w.append(" BETWEEN ");
      frameStart.render(w);
      w.append(" AND ");
      frameEnd.render(w);
    }
    w.append(')');
  }
}
