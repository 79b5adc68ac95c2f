package io.edgesim.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.edgesim.report.RecordedRuns.SECOND_NANOS;
import static org.assertj.core.api.Assertions.assertThat;

class DecisionsCsvTest {

    @Test
    void retryAfterIsWhatTheHeaderCarriesAndNeverForARequestThatCanNeverPass(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("decisions.csv");
        try (DecisionsCsv csv = new DecisionsCsv(Files.newOutputStream(file))) {
            csv.decided("l", 0, "FRA", "k", 1, "true", 2, 0, 500_000);
            csv.decided("l", 1_000_000, "FRA", "k", 1, "false", 0, 3_599 * SECOND_NANOS + 1, 500_000);
            csv.decided("l", 2_000_000, "FRA", "k", 5, "false", 3, Long.MAX_VALUE, 500_000);
        }

        assertThat(Files.readAllLines(file)).containsExactly(DecisionsCsv.HEADER,
                "l,0.000,FRA,k,1,true,2,0,0.500",
                "l,1.000,FRA,k,1,false,0,3600,0.500",
                "l,2.000,FRA,k,5,false,3,never,0.500");
    }

    @Test
    void aTimeIsCutToTheMicrosecondSoThatNoRequestLooksPastTheEndOfTheRun() {
        assertThat(DecisionsCsv.instant(10 * SECOND_NANOS - 1)).isEqualTo("9999.999");
        assertThat(DecisionsCsv.instant(0)).isEqualTo("0.000");
        assertThat(DecisionsCsv.instant(1_999)).isEqualTo("0.001");
        assertThat(DecisionsCsv.instant(12_345_678)).isEqualTo("12.345");
        assertThat(DecisionsCsv.instant(1_050_000)).isEqualTo("1.050");
        assertThat(DecisionsCsv.instant(Long.MAX_VALUE)).isEqualTo("9223372036854.775");
    }
}
