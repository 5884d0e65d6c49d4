package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table padded to aligned columns, so the same text reads well in a terminal and renders
 * in results/latest.md. The first {@code leftAligned} columns (names, prose) are left-aligned, the
 * rest right-aligned (numbers).
 */
final class Table {
  private final List<String> headers;
  private final int leftAligned;
  private final List<List<String>> rows = new ArrayList<>();

  Table(int leftAligned, List<String> headers) {
    this.headers = List.copyOf(headers);
    this.leftAligned = leftAligned;
  }

  Table row(List<String> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.size() + " cells for " + headers.size() + " columns: " + cells);
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  String render() {
    int n = headers.size();
    int[] width = new int[n];
    for (int c = 0; c < n; c++) {
      width[c] = Math.max(3, headers.get(c).length());
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    line(sb, headers, width);
    sb.append('|');
    for (int c = 0; c < n; c++) {
      boolean left = c < leftAligned;
      sb.append(left ? ":" : "-").append("-".repeat(width[c])).append(left ? "-" : ":").append('|');
    }
    sb.append('\n');
    for (List<String> r : rows) {
      line(sb, r, width);
    }
    return sb.toString();
  }

  private void line(StringBuilder sb, List<String> cells, int[] width) {
    sb.append('|');
    for (int c = 0; c < cells.size(); c++) {
      String v = cells.get(c);
      String pad = " ".repeat(width[c] - v.length());
      sb.append(' ').append(c < leftAligned ? v + pad : pad + v).append(" |");
    }
    sb.append('\n');
  }
}
