package dev.sluice.bench;

import dev.sluice.Columns;
import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.util.List;

/**
 * The decoder the processor will generate for {@link FilmRow}; hand-written in its shape. Nullable
 * boxed components test {@code isNull} first, as generated code will.
 */
public final class FilmRowDecoder implements RowDecoder<FilmRow> {
  @Override
  public RowDecoder.Bound<FilmRow> bind(Columns columns) {
    return new Bound(
        columns.require("film_id", "component filmId of FilmRow"),
        columns.require("title", "component title of FilmRow"),
        columns.require("description", "component description of FilmRow"),
        columns.require("release_year", "component releaseYear of FilmRow"),
        columns.require("rental_rate", "component rentalRate of FilmRow"),
        columns.require("length", "component length of FilmRow"),
        columns.require("rating", "component rating of FilmRow"),
        columns.require("last_update", "component lastUpdate of FilmRow"),
        columns.require("language", "component language of FilmRow"),
        columns.require("category", "component category of FilmRow"));
  }

  private static final class Bound implements RowDecoder.Bound<FilmRow> {
    private final int c0;
    private final int c1;
    private final int c2;
    private final int c3;
    private final int c4;
    private final int c5;
    private final int c6;
    private final int c7;
    private final int c8;
    private final int c9;

    Bound(int c0, int c1, int c2, int c3, int c4, int c5, int c6, int c7, int c8, int c9) {
      this.c0 = c0;
      this.c1 = c1;
      this.c2 = c2;
      this.c3 = c3;
      this.c4 = c4;
      this.c5 = c5;
      this.c6 = c6;
      this.c7 = c7;
      this.c8 = c8;
      this.c9 = c9;
    }

    @Override
    public FilmRow decode(RowView row) {
      return new FilmRow(
          row.getInt(c0),
          row.getString(c1),
          row.getString(c2),
          row.isNull(c3) ? null : row.getInt(c3),
          row.getBigDecimal(c4),
          row.isNull(c5) ? null : row.getShort(c5),
          row.getString(c6),
          row.getInstant(c7),
          row.getString(c8),
          row.getString(c9));
    }

    @Override
    public void decodeAll(RowView rows, List<? super FilmRow> out) {
      int c0 = this.c0;
      int c1 = this.c1;
      int c2 = this.c2;
      int c3 = this.c3;
      int c4 = this.c4;
      int c5 = this.c5;
      int c6 = this.c6;
      int c7 = this.c7;
      int c8 = this.c8;
      int c9 = this.c9;
      while (rows.next()) {
        out.add(new FilmRow(
            rows.getInt(c0),
            rows.getString(c1),
            rows.getString(c2),
            rows.isNull(c3) ? null : rows.getInt(c3),
            rows.getBigDecimal(c4),
            rows.isNull(c5) ? null : rows.getShort(c5),
            rows.getString(c6),
            rows.getInstant(c7),
            rows.getString(c8),
            rows.getString(c9)));
      }
    }
  }
}
