package io.toolgate.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns; the last column may be clipped to a width. */
final class Table {
  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();
  private int lastColumnMax = Integer.MAX_VALUE;

  Table(String... headers) {
    this.headers = List.of(headers);
  }

  Table clipLast(int width) {
    this.lastColumnMax = width;
    return this;
  }

  Table row(Object... cells) {
    List<String> row = new ArrayList<>();
    for (Object c : cells) {
      row.add(c == null ? "" : String.valueOf(c));
    }
    rows.add(row);
    return this;
  }

  void print(PrintWriter out) {
    int n = headers.size();
    int[] widths = new int[n];
    for (int i = 0; i < n; i++) {
      widths[i] = headers.get(i).length();
      for (List<String> r : rows) {
        widths[i] = Math.max(widths[i], cell(r, i, n).length());
      }
    }
    line(out, headers, widths, n);
    List<String> rule = new ArrayList<>();
    for (int w : widths) {
      rule.add("-".repeat(w));
    }
    line(out, rule, widths, n);
    for (List<String> r : rows) {
      line(out, r, widths, n);
    }
    out.flush();
  }

  private String cell(List<String> row, int i, int n) {
    String s = i < row.size() ? row.get(i) : "";
    if (i == n - 1 && s.length() > lastColumnMax) {
      return s.substring(0, Math.max(0, lastColumnMax - 1)) + "…";
    }
    return s;
  }

  private void line(PrintWriter out, List<String> row, int[] widths, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      String c = cell(row, i, n);
      b.append(c);
      if (i < n - 1) {
        b.append(" ".repeat(widths[i] - c.length() + 2));
      }
    }
    out.println(b.toString().stripTrailing());
  }
}
