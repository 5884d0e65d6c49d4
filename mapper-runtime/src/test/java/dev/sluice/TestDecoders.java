package dev.sluice;

import dev.sluice.generated.InOrderRow;
import java.util.ArrayList;
import java.util.List;

/** Hand-written decoders for driver tests, which need no generated records. */
final class TestDecoders {
  private TestDecoders() {}

  /** The first column as an int. */
  static final RowDecoder<Integer> INT = columns -> row -> row.getInt(0);

  /** The first column as a long. */
  static final RowDecoder<Long> LONG = columns -> row -> row.getLong(0);

  /** The first column as a String (any type, formatted). */
  static final RowDecoder<String> STRING = columns -> row -> row.getString(0);

  /** Every column of the row as a String, in result order. */
  static final RowDecoder<List<String>> ALL_STRINGS =
      columns ->
          row -> {
            List<String> values = new ArrayList<>(row.columnCount());
            for (int i = 0; i < row.columnCount(); i++) {
              values.add(row.getString(i));
            }
            return values;
          };

  /** The result's column names (one entry per row). */
  static final RowDecoder<List<String>> COLUMN_NAMES =
      columns ->
          row -> {
            List<String> names = new ArrayList<>(columns.count());
            for (int i = 0; i < columns.count(); i++) {
              names.add(columns.name(i));
            }
            return names;
          };

  /**
   * The first column as an int, read as generated decoders read rows whose columns are in order:
   * {@code decodeAll} reads every column with {@link InOrderRow#readInt} in one pass ({@link
   * InOrderRow#nextRow}), then {@link InOrderRow#endRow}; {@code decode} (one row) reads by
   * position.
   */
  static final RowDecoder<Integer> INTS_IN_ORDER =
      columns ->
          new RowDecoder.Bound<>() {
            @Override
            public Integer decode(RowView row) {
              return row.getInt(0);
            }

            @Override
            public void decodeAll(RowView rows, List<? super Integer> out) {
              InOrderRow reader = InOrderRow.of(rows);
              while (reader.nextRow()) {
                int first = reader.readInt("component first of Ints");
                for (int c = 1; c < columns.count(); c++) {
                  reader.readInt("component next of Ints");
                }
                reader.endRow();
                out.add(first);
              }
            }
          };
}
