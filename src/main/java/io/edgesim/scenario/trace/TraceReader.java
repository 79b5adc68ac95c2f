package io.edgesim.scenario.trace;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.ConfigReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Streams the rows of a trace CSV one at a time (a trace of any length is never held in memory). The header names
 * the columns, in any order: {@code time_ms}, {@code pop} and {@code key} are required; {@code cost}, {@code ip},
 * {@code xff}, {@code anon_token} and {@code path} are optional. Times are milliseconds from the start of the run and
 * may be fractional; rows must be in nondecreasing time. Fields may be double-quoted (RFC 4180), so an xff column
 * may hold a whole "a, b, c" chain; only its first entry is kept. Blank lines are skipped. Any bad row is an
 * {@link InputException} naming the file and line.
 */
public final class TraceReader extends TraceFile {

    /** The columns a trace may have. */
    public static final List<String> COLUMNS = List.of("time_ms", "pop", "key", "cost", "ip", "xff", "anon_token",
            "path");
    private static final List<String> REQUIRED = List.of("time_ms", "pop", "key");
    private static final String HEADER = "a header time_ms,pop,key[,cost][,ip][,xff][,anon_token][,path]";
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final double MAX_MILLIS = (double) ConfigReader.MAX_DURATION_NANOS / Durations.NANOS_PER_MILLI;
    private static final String TIME = "milliseconds from the start, from 0 to "
            + Durations.formatNumber(MAX_MILLIS) + " (" + Durations.format(ConfigReader.MAX_DURATION_NANOS) + ")";
    private static final String COST = "empty (1) or a whole number from 1 to 1,000,000";

    private final Set<String> pops;
    private final int[] columnOf = new int[COLUMNS.size()];
    private final int width;
    private double previousMillis = Double.NEGATIVE_INFINITY;

    private TraceReader(Path path, Collection<String> pops) {
        super(path);
        this.pops = Set.copyOf(pops);
        try {
            this.width = readHeader();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Opens {@code path} and reads its header.
     *
     * @param pops the PoPs a row may name (the scenario's regions)
     */
    public static TraceReader open(Path path, Collection<String> pops) {
        return new TraceReader(path, pops);
    }

    @Override
    public TraceRow next() {
        String text = nextLine();
        return text == null ? null : row(split(text));
    }

    private int readHeader() {
        String text = nextLine();
        if (text == null) {
            // an empty file: the header is missing from line 1
            throw InputException.at(file, "line 1", "no header; allowed: " + HEADER);
        }
        List<String> header = split(text);
        Arrays.fill(columnOf, -1);
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).trim();
            int column = COLUMNS.indexOf(name);
            if (column < 0) {
                throw error("unknown column '" + name + "'", String.join(", ", COLUMNS));
            }
            if (columnOf[column] >= 0) {
                throw error("column '" + name + "' appears twice", "each column once");
            }
            columnOf[column] = i;
        }
        for (String required : REQUIRED) {
            if (columnOf[COLUMNS.indexOf(required)] < 0) {
                throw error("no column '" + required + "'", HEADER);
            }
        }
        return header.size();
    }

    private TraceRow row(List<String> fields) {
        if (fields.size() != width) {
            throw error(fields.size() + " fields where the header has " + width, "one field per column");
        }
        String timeText = field(fields, "time_ms");
        if (timeText == null) {
            throw error("time_ms is empty", TIME);
        }
        // Double.parseDouble alone would also take 5d, 5f, 0x1p3, NaN and Infinity
        if (!DECIMAL.matcher(timeText).matches()) {
            throw error("time_ms '" + timeText + "' is not a number", TIME);
        }
        double millis = Double.parseDouble(timeText);
        if (!(millis >= 0) || millis > MAX_MILLIS) {
            throw error("time_ms " + timeText + " is out of range", TIME);
        }
        if (millis < previousMillis) {
            throw InputException.at(file, "line " + line(), "time_ms " + timeText + " is before the previous row ("
                    + Durations.formatNumber(previousMillis) + "); allowed: rows in nondecreasing time_ms (sort "
                    + "the rows by time_ms first)");
        }
        previousMillis = millis;
        String pop = field(fields, "pop");
        if (pop == null) {
            throw error("pop is empty", "a region of the scenario: " + CodeList.of(pops.stream().sorted().toList()));
        }
        if (!pops.contains(pop)) {
            throw error("pop '" + pop + "' is not a region of the scenario",
                    CodeList.of(pops.stream().sorted().toList(), pop));
        }
        return new TraceRow(line(), Math.round(millis * Durations.NANOS_PER_MILLI), pop, field(fields, "key"),
                cost(fields), field(fields, "ip"), firstEntry(field(fields, "xff")), field(fields, "anon_token"),
                field(fields, "path"));
    }

    private int cost(List<String> fields) {
        String text = field(fields, "cost");
        if (text == null) {
            return 1;
        }
        try {
            int cost = Integer.parseInt(text);
            if (cost >= 1 && cost <= TraceRow.MAX_COST) {
                return cost;
            }
        } catch (NumberFormatException e) {
            // reported below with the allowed values
        }
        throw error("cost '" + text + "' is not a whole number from 1 to 1,000,000", COST);
    }

    /** The trimmed field of {@code column}, or null when the column is absent or the field empty. */
    private String field(List<String> fields, String column) {
        int i = columnOf[COLUMNS.indexOf(column)];
        if (i < 0) {
            return null;
        }
        String value = fields.get(i).trim();
        return value.isEmpty() ? null : value;
    }

    private static String firstEntry(String xff) {
        if (xff == null) {
            return null;
        }
        int comma = xff.indexOf(',');
        String first = (comma < 0 ? xff : xff.substring(0, comma)).trim();
        return first.isEmpty() ? null : first;
    }

    /** Splits one CSV line; double quotes group a field and "" inside quotes is a quote. */
    private List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw error("a quoted field is not closed", "fields in double quotes closed on the same line");
        }
        out.add(field.toString());
        return out;
    }

}
