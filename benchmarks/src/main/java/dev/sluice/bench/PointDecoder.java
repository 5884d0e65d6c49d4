package dev.sluice.bench;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.util.List;

/** The decoder the processor will generate for {@link Point}; hand-written in its shape. */
public final class PointDecoder implements RowDecoder<Point> {
  @Override
  public RowDecoder.Bound<Point> bind(Columns columns) {
    return new Bound(
        columns.require("id", "component id of Point"),
        columns.require("name", "component name of Point"),
        columns.require("val", "component val of Point"));
  }

  private static final class Bound implements RowDecoder.Bound<Point> {
    private final int c0;
    private final int c1;
    private final int c2;

    Bound(int c0, int c1, int c2) {
      this.c0 = c0;
      this.c1 = c1;
      this.c2 = c2;
    }

    @Override
    public Point decode(RowView row) {
      return new Point(row.getInt(c0), row.getString(c1), row.getLong(c2));
    }

    @Override
    public void decodeAll(RowView rows, List<? super Point> out) {
      int c0 = this.c0;
      int c1 = this.c1;
      int c2 = this.c2;
      while (rows.next()) {
        out.add(new Point(rows.getInt(c0), rows.getString(c1), rows.getLong(c2)));
      }
    }
  }
}
