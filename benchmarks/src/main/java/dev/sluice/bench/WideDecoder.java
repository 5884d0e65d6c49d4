package dev.sluice.bench;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.util.List;

/**
 * The decoder the annotation processor will generate for {@link Wide}, written by hand until it
 * lands, in the same shape: positions resolved once in {@link #bind}, kept in final fields, and
 * {@code decodeAll} with the loop inlined. {@code db.query(sql, Wide.class)} finds it by name.
 */
public final class WideDecoder implements RowDecoder<Wide> {
  @Override
  public RowDecoder.Bound<Wide> bind(Columns columns) {
    return new Bound(
        columns.require("f", "component f of Wide"),
        columns.require("i", "component i of Wide"),
        columns.require("s", "component s of Wide"),
        columns.require("u", "component u of Wide"),
        columns.require("n", "component n of Wide"));
  }

  private static final class Bound implements RowDecoder.Bound<Wide> {
    private final int c0;
    private final int c1;
    private final int c2;
    private final int c3;
    private final int c4;

    Bound(int c0, int c1, int c2, int c3, int c4) {
      this.c0 = c0;
      this.c1 = c1;
      this.c2 = c2;
      this.c3 = c3;
      this.c4 = c4;
    }

    @Override
    public Wide decode(RowView row) {
      return new Wide(
          row.getDouble(c0), row.getInt(c1), row.getString(c2), row.getUuid(c3), row.getString(c4));
    }

    @Override
    public void decodeAll(RowView rows, List<? super Wide> out) {
      int c0 = this.c0;
      int c1 = this.c1;
      int c2 = this.c2;
      int c3 = this.c3;
      int c4 = this.c4;
      while (rows.next()) {
        out.add(new Wide(
            rows.getDouble(c0), rows.getInt(c1), rows.getString(c2), rows.getUuid(c3),
            rows.getString(c4)));
      }
    }
  }
}
