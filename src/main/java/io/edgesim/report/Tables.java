package io.edgesim.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with right-aligned numeric columns, for the terminal; also renders the same rows as a Markdown
 * table.
 */
final class Tables {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    Tables(List<String> header) {
        this.header = List.copyOf(header);
    }

    Tables row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    String text() {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, header, widths);
        for (List<String> row : rows) {
            line(out, row, widths);
        }
        return out.toString();
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int c = 0; c < header.size(); c++) {
            out.append(c == 0 ? "---|" : "---:|");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            if (c == 0) {
                out.append(cell).append(" ".repeat(widths[c] - cell.length()));
            } else {
                out.append("  ").append(" ".repeat(widths[c] - cell.length())).append(cell);
            }
        }
        out.append('\n');
    }
}
