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
}
