package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * results/latest.svg: one panel per workload with a horizontal bar per client. Read workloads (W1,
 * W2, W5) show wall and CPU ms side by side (lower is better); W3 shows queries per second and W4
 * rows per second (higher is better). Sluice's bars are orange. Plain SVG, no script or fonts.
 */
final class SvgChart {
  private static final int WIDTH = 760;
  private static final int LABEL = 130;
  private static final int BAR_AREA = 500;
  private static final int BAR = 12;
  private static final int GAP = 6;
  private static final String SLUICE = "#e8590c";
  private static final String SLUICE_LIGHT = "#ffc078";
  private static final String OTHER = "#4263eb";
  private static final String OTHER_LIGHT = "#a5b4fc";

  private SvgChart() {}

  private record Series(String name, List<String> clients, List<Double> values, boolean light) {}

  /**
   * The chart; {@code warnings} (a smoke-size run, a busy machine) are printed in red under the
   * title, so a chart copied out of its report still says what it is worth.
   */
  static String render(Results results, String subtitle, List<String> warnings) {
    StringBuilder body = new StringBuilder();
    int y = 56;
    for (String warning : warnings) {
      body.append(text(10, y, warning, "warning", 11));
      y += 16;
    }
    y += 12;
    for (Workload w : results.workloads()) {
      List<CellResult> cells = new ArrayList<>();
      for (CellResult r : results.of(w)) {
        if (r.ok()) {
          cells.add(r);
        }
      }
      if (cells.isEmpty()) {
        continue;
      }
      boolean rate = w.isLookup() || w.isInsert();
      String title =
          w.id()
              + ": "
              + (rate
                  ? (w.isLookup() ? "queries/s" : "rows/s") + " (higher is better)"
                  : "wall ms (dark) and CPU ms (light), lower is better");
      body.append(text(10, y, title, "bold", 13));
      y += 10;
      double max = 0;
      for (CellResult r : cells) {
        max = Math.max(max, rate ? r.unitsPerSecond() : Math.max(r.wallMillis(), r.cpuMillis()));
      }
      for (CellResult r : cells) {
        boolean sluice = r.client() == Client.SLUICE;
        body.append(text(LABEL - 8, y + BAR - 1, r.client().id(), "end", 11));
        if (rate) {
          y =
              bar(
                  body,
                  y,
                  r.unitsPerSecond(),
                  max,
                  sluice ? SLUICE : OTHER,
                  formatRate(r.unitsPerSecond()));
        } else {
          y =
              bar(
                  body,
                  y,
                  r.wallMillis(),
                  max,
                  sluice ? SLUICE : OTHER,
                  Targets.fmt(r.wallMillis()) + " ms");
          y =
              bar(
                  body,
                  y - GAP + 2,
                  r.cpuMillis(),
                  max,
                  sluice ? SLUICE_LIGHT : OTHER_LIGHT,
                  Targets.fmt(r.cpuMillis()) + " ms CPU");
        }
      }
      y += 24;
    }
    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(y)
        .append("\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(y)
        .append("\" font-family=\"sans-serif\">\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    svg.append(text(10, 20, "Sluice benchmarks: medians per cell", "bold", 15));
    svg.append(text(10, 38, subtitle, "", 11));
    svg.append(body);
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** One bar at {@code y}; returns the y of the next. */
  private static int bar(
      StringBuilder sb, int y, double value, double max, String color, String label) {
    int w = max <= 0 ? 0 : (int) Math.round(value / max * BAR_AREA);
    sb.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
            LABEL,
            y,
            Math.max(w, 1),
            BAR,
            color));
    sb.append(text(LABEL + Math.max(w, 1) + 5, y + BAR - 2, label, "", 10));
    return y + BAR + GAP;
  }

  private static String formatRate(double perSecond) {
    return perSecond >= 1e6
        ? String.format(Locale.ROOT, "%.2fM/s", perSecond / 1e6)
        : String.format(Locale.ROOT, "%,.0f/s", perSecond);
  }

  private static String text(int x, int y, String s, String style, int size) {
    String anchor = style.equals("end") ? " text-anchor=\"end\"" : "";
    String weight = style.equals("bold") ? " font-weight=\"bold\"" : "";
    String fill = style.equals("warning") ? " fill=\"#c92a2a\"" : "";
    return String.format(
        Locale.ROOT,
        "<text x=\"%d\" y=\"%d\" font-size=\"%d\"%s%s%s>%s</text>\n",
        x,
        y,
        size,
        anchor,
        weight,
        fill,
        escape(s));
  }

  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
