package dev.sluice.bench;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.util.List;

/** The decoder the processor will generate for {@link Narrow}; hand-written in its shape. */
public final class NarrowDecoder implements RowDecoder<Narrow> {
  @Override
  public RowDecoder.Bound<Narrow> bind(Columns columns) {
    return new Bound(
        columns.require("a", "component a of Narrow"),
        columns.require("b", "component b of Narrow"),
        columns.require("c", "component c of Narrow"));
  }

  private static final class Bound implements RowDecoder.Bound<Narrow> {
    private final int c0;
    private final int c1;
    private final int c2;

    Bound(int c0, int c1, int c2) {
      this.c0 = c0;
      this.c1 = c1;
      this.c2 = c2;
    }

    @Override
    public Narrow decode(RowView row) {
      return new Narrow(row.getLong(c0), row.getLong(c1), row.getLong(c2));
    }

    @Override
    public void decodeAll(RowView rows, List<? super Narrow> out) {
      int c0 = this.c0;
      int c1 = this.c1;
      int c2 = this.c2;
      while (rows.next()) {
        out.add(new Narrow(rows.getLong(c0), rows.getLong(c1), rows.getLong(c2)));
      }
    }
  }
}
