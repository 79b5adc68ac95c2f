package io.edgesim.report;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CoincidingTest {

    @Test
    void groupsLinesWithinHalfAPercentOfTheLargestValue() {
        Map<String, double[]> lines = new LinkedHashMap<>();
        lines.put("a", new double[]{100, 50});
        lines.put("b", new double[]{10, 10});
        lines.put("c", new double[]{100.4, 50});
        lines.put("d", new double[]{10, 10});
        lines.put("e", new double[]{100, 49});

        assertThat(Coinciding.groups(lines)).containsExactly(List.of("a", "c"), List.of("b", "d"));
    }

    @Test
    void sentenceNamesEachGroup() {
        assertThat(Coinciding.sentence(List.of(List.of("a", "b"), List.of("c", "d", "e"))))
                .isEqualTo("; lines that coincide, told apart by dash and marker: a and b; c, d and e");
        assertThat(Coinciding.sentence(List.of())).isEmpty();
    }

    @Test
    void onLogAxesNearnessIsARatio() {
        // 0.0048, 0.007 and 0.009 are 0.004 apart, less than 0.5 % of the largest value, but far apart on a log
        // axis; 100 and 100.9 are further apart than that, but one width of a line there
        Map<String, double[]> lines = new LinkedHashMap<>();
        lines.put("a", new double[]{0.0048, 1});
        lines.put("b", new double[]{0.007, 1});
        lines.put("c", new double[]{0.009, 1});
        lines.put("d", new double[]{100, 1});
        lines.put("e", new double[]{100.9, 1});

        assertThat(Coinciding.groups(lines)).containsExactly(List.of("a", "b", "c"));
        assertThat(Coinciding.groupsOnLogAxes(lines)).containsExactly(List.of("d", "e"));
    }

    @Test
    void aGapCoincidesOnlyWithAGap() {
        Map<String, double[]> lines = new LinkedHashMap<>();
        lines.put("a", new double[]{1, Double.NaN, 3});
        lines.put("b", new double[]{1, Double.NaN, 3});
        lines.put("c", new double[]{1, 2, 3});

        assertThat(Coinciding.groups(lines)).containsExactly(List.of("a", "b"));
        // lines with no value, not drawn, coincide with nothing
        lines.put("d", new double[]{});
        lines.put("e", new double[]{});
        lines.put("f", new double[]{Double.NaN, Double.NaN, Double.NaN});
        lines.put("g", new double[]{Double.NaN, Double.NaN, Double.NaN});
        assertThat(Coinciding.groups(lines)).containsExactly(List.of("a", "b"));
    }
}
