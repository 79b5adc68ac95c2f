package io.edgesim.scenario.config;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class CodeListTest {

    private static final List<String> MANY = IntStream.range(0, 340).mapToObj(i -> "C" + (char) ('A' + i / 26 % 26)
            + (char) ('A' + i % 26)).toList();

    @Test
    void aShortListIsGivenWhole() {
        assertThat(CodeList.of(List.of("FRA", "AMS", "SYD"))).isEqualTo("FRA, AMS, SYD");
        List<String> limit = MANY.subList(0, CodeList.SHOWN);
        assertThat(CodeList.of(limit)).isEqualTo(String.join(", ", limit));
    }

    @Test
    void aLongListGivesItsFirstCodesAndHowManyThereAre() {
        String listed = CodeList.of(MANY);

        assertThat(listed).startsWith("CAA, CAB, CAC, ").endsWith(", ... (340 in all)")
                .contains(MANY.get(CodeList.SHOWN - 1) + ", ...").doesNotContain(MANY.get(CodeList.SHOWN));
        assertThat(listed.length()).isLessThan(200);
    }

    @Test
    void suggestsTheClosestCodeToWhatWasWrittenEvenBeyondTheCodesShown() {
        List<String> codes = new java.util.ArrayList<>(MANY);
        codes.add("SYD");

        assertThat(CodeList.of(codes, "SYDD")).endsWith("(341 in all); did you mean `SYD`?");
        assertThat(CodeList.of(List.of("FRA", "AMS"), "LHR")).isEqualTo("FRA, AMS");
        assertThat(CodeList.of(List.of("FRA", "AMS"), null)).isEqualTo("FRA, AMS");
    }
}
