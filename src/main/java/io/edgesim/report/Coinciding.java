package io.edgesim.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which lines of a chart lie on top of each other: series whose values differ nowhere by more than 0.5 % of the
 * largest value on the chart, the width of a line or less. Captions name them, so a reader who sees one line knows
 * that it stands for several.
 */
final class Coinciding {

    private static final double TOLERANCE = 0.005;

    private Coinciding() {
    }

    /**
     * The groups of two or more series that coincide, each in the order given, groups in order of their first
     * series. Series of different lengths never coincide.
     *
     * @param lines the series' values by name, in drawing order
     */
    static List<List<String>> groups(Map<String, double[]> lines) {
        double largest = lines.values().stream().flatMapToDouble(Arrays::stream).filter(v -> !Double.isNaN(v))
                .map(Math::abs).max().orElse(0);
        return groups(lines, TOLERANCE * largest);
    }

    private static List<List<String>> groups(Map<String, double[]> lines, double tolerance) {
        // a line with no value at all is not drawn, so it lies on top of nothing
        List<String> names = lines.entrySet().stream()
                .filter(e -> Arrays.stream(e.getValue()).anyMatch(v -> !Double.isNaN(v))).map(Map.Entry::getKey)
                .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        List<List<String>> groups = new ArrayList<>();
        boolean[] grouped = new boolean[names.size()];
        for (int i = 0; i < names.size(); i++) {
            if (grouped[i]) {
                continue;
            }
            List<String> group = new ArrayList<>(List.of(names.get(i)));
            for (int j = i + 1; j < names.size(); j++) {
                if (!grouped[j] && close(lines.get(names.get(i)), lines.get(names.get(j)), tolerance)) {
                    grouped[j] = true;
                    group.add(names.get(j));
                }
            }
            if (group.size() > 1) {
                groups.add(List.copyOf(group));
            }
        }
        return groups;
    }

    /**
     * {@link #groups} of lines drawn on log axes, where nearness is a ratio: values (all above 0) compared by their
     * logarithms, within 0.5 % of the decades they span.
     */
    static List<List<String>> groupsOnLogAxes(Map<String, double[]> lines) {
        Map<String, double[]> logs = new LinkedHashMap<>();
        lines.forEach((name, values) -> logs.put(name, Arrays.stream(values).map(Math::log10).toArray()));
        double low = logs.values().stream().flatMapToDouble(Arrays::stream).filter(v -> !Double.isNaN(v)).min()
                .orElse(0);
        double high = logs.values().stream().flatMapToDouble(Arrays::stream).filter(v -> !Double.isNaN(v)).max()
                .orElse(0);
        // 0.5 % of the decades the values span, at least one decade's
        return groups(logs, TOLERANCE * Math.max(1, high - low));
    }

    /**
     * A caption's ending naming the groups ("; lines that coincide, told apart by dash and marker: a and b; c, d
     * and e"), or "" when there are none.
     */
    static String sentence(List<List<String>> groups) {
        if (groups.isEmpty()) {
            return "";
        }
        return "; lines that coincide, told apart by dash and marker: "
                + String.join("; ", groups.stream().map(Coinciding::and).toList());
    }

    private static String and(List<String> names) {
        return names.size() == 2 ? names.get(0) + " and " + names.get(1)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    private static boolean close(double[] a, double[] b, double tolerance) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            // a gap (NaN: no value there) coincides only with a gap
            if (Double.isNaN(a[i]) || Double.isNaN(b[i]) ? Double.isNaN(a[i]) != Double.isNaN(b[i])
                    : Math.abs(a[i] - b[i]) > tolerance) {
                return false;
            }
        }
        return true;
    }
}
