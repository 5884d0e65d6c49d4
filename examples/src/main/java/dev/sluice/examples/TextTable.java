package dev.sluice.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns: text to the left, numbers to the right, as a terminal
 * shows them best. Cells are added as Strings; format numbers before (grouping, scale).
 */
final class TextTable {
  private final String[] headers;
  private final boolean[] rightAligned;
  private final List<String[]> rows = new ArrayList<>();

  /** Headers; one starting with '>' is a right-aligned (numeric) column, the '>' not shown. */
  TextTable(String... headers) {
    this.headers = new String[headers.length];
    this.rightAligned = new boolean[headers.length];
    for (int i = 0; i < headers.length; i++) {
      rightAligned[i] = headers[i].startsWith(">");
      this.headers[i] = rightAligned[i] ? headers[i].substring(1) : headers[i];
    }
  }

  TextTable row(Object... cells) {
    if (cells.length != headers.length) {
      throw new IllegalArgumentException(
          "a row of " + cells.length + " cells in a table of " + headers.length + " columns");
    }
    String[] text = new String[cells.length];
    for (int i = 0; i < cells.length; i++) {
      text[i] = String.valueOf(cells[i]);
    }
    rows.add(text);
    return this;
  }

  void print(PrintStream out) {
    int[] widths = new int[headers.length];
    for (int i = 0; i < headers.length; i++) {
      widths[i] = headers[i].length();
      for (String[] row : rows) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    printLine(out, headers, widths);
    StringBuilder rule = new StringBuilder("  ");
    for (int i = 0; i < widths.length; i++) {
      rule.append(i == 0 ? "" : "  ").append("-".repeat(widths[i]));
    }
    out.println(rule);
    for (String[] row : rows) {
      printLine(out, row, widths);
    }
  }

  private void printLine(PrintStream out, String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder("  ");
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        line.append("  ");
      }
      String pad = " ".repeat(widths[i] - cells[i].length());
      line.append(rightAligned[i] ? pad + cells[i] : cells[i] + pad);
    }
    out.println(line.toString().stripTrailing());
  }
}
