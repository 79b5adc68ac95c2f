package io.edgesim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A plain-text table with right-aligned numeric columns, for the terminal; also renders the same rows as a Markdown
 * table.
 */
final class Tables {

    // a cell that begins with a number, signed or in dollars, maybe a share or a factor, and then ends or goes on after
    // a space ("8 (<0.1%)", "+4.72 ms"): not an address ("203.0.113.5") or a name ("10k-tier") that begins with digits
    private static final Pattern NUMBER_FIRST = Pattern.compile("[-+]?\\$?[0-9][0-9,]*(\\.[0-9]+)?[x%]?(?=$| )");
    private static final Set<String> NO_VALUE = Set.of("", "-", "n/a", "unbounded");

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

    /**
     * The rows as a Markdown table: the first column and every column of text (a limiter, a tier, a period) aligned
     * left, the columns of numbers right; a {@code |} in a cell (a key of anon-token+ip is "token|address") escaped,
     * so that it stays in its cell.
     */
    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", escaped(header))).append(" |\n|");
        for (int c = 0; c < header.size(); c++) {
            out.append(c == 0 || !numbers(c) ? "---|" : "---:|");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append("| ").append(String.join(" | ", escaped(row))).append(" |\n");
        }
        return out.toString();
    }

    // a column of numbers: each cell starts with one ("251.5", "$8.63", "-0.60", "+4.72 ms", "8 (<0.1%)",
    // "86.50 / 86.50"), or is "-", empty, "n/a" or "unbounded" (a figure without a value, and why)
    private boolean numbers(int column) {
        return rows.stream().map(row -> row.get(column)).allMatch(cell -> NO_VALUE.contains(cell)
                || NUMBER_FIRST.matcher(cell).lookingAt());
    }

    private static List<String> escaped(List<String> cells) {
        return cells.stream().map(cell -> cell.replace("|", "\\|")).toList();
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
