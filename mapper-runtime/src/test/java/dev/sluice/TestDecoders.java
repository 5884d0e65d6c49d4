package dev.sluice;

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
}
