package io.edgesim.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LogpushReaderTest {

    private static final List<String> POPS = List.of("FRA", "SYD");

    private static Path file(Path dir, String... lines) throws IOException {
        Path file = dir.resolve("requests.ndjson");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    @Test
    void readsLogpushFieldsRelativeToTheFirstRequest(@TempDir Path dir) throws IOException {
        Path file = file(dir,
                "{\"EdgeStartTimestamp\":1700000000000000000,\"EdgeColoCode\":\"FRA\",\"ClientIP\":\"203.0.113.5\","
                        + "\"ClientRequestPath\":\"/login\",\"RequestHeaders\":{\"X-API-Key\":\"k1\"}}",
                "",
                "{\"EdgeStartTimestamp\":1700000000250000000,\"EdgeColoCode\":\"syd\",\"ClientIP\":\"203.0.113.6\","
                        + "\"RequestHeaders\":{\"authorization\":\"Bearer t\","
                        + "\"x-forwarded-for\":\"198.51.100.7, 10.0.0.1\"},\"EdgeResponseStatus\":200}",
                "{\"EdgeStartTimestamp\":\"2023-11-14T22:13:21Z\",\"EdgeColoCode\":\"FRA\",\"ClientIP\":\"::1\"}");
        try (TraceRows rows = TraceRows.open(file, POPS)) {
            TraceRow first = rows.next();
            assertThat(first.timeNanos()).isZero();
            assertThat(first.pop()).isEqualTo("FRA");
            assertThat(first.apiKey()).isEqualTo("k1");
            assertThat(first.ip()).isEqualTo("203.0.113.5");
            assertThat(first.path()).isEqualTo("/login");
            assertThat(first.cost()).isEqualTo(1);
            TraceRow second = rows.next();
            assertThat(second.timeNanos()).isEqualTo(250_000_000L);
            assertThat(second.pop()).isEqualTo("SYD");
            assertThat(second.apiKey()).isEqualTo("Bearer t");
            assertThat(second.xff()).isEqualTo("198.51.100.7");
            assertThat(second.line()).isEqualTo(3);
            // 1700000000 s is 2023-11-14T22:13:20Z: one second after the first request
            TraceRow third = rows.next();
            assertThat(third.timeNanos()).isEqualTo(1_000_000_000L);
            assertThat(third.apiKey()).isNull();
            assertThat(rows.next()).isNull();
        }
    }

    @Test
    void unixSecondsAreAcceptedToo(@TempDir Path dir) throws IOException {
        Path file = file(dir, "{\"EdgeStartTimestamp\":1700000000,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":1700000002,\"EdgeColoCode\":\"FRA\"}");
        assertThat(TraceRows.validate(file, POPS)).isEqualTo(2);
        try (TraceRows rows = TraceRows.open(file, POPS)) {
            rows.next();
            assertThat(rows.next().timeNanos()).isEqualTo(2_000_000_000L);
        }
    }

    @Test
    void badRowsNameTheFileAndLine(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> TraceRows.validate(file(dir,
                "{\"EdgeStartTimestamp\":2000000000,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":1000000000,\"EdgeColoCode\":\"FRA\"}"), POPS))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("requests.ndjson: line 2: EdgeStartTimestamp goes back in time");
        assertThatThrownBy(() -> TraceRows.validate(file(dir,
                "{\"EdgeStartTimestamp\":1,\"EdgeColoCode\":\"LHR\"}"), POPS))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("line 1: EdgeColoCode 'LHR' is not a region of the scenario; allowed: FRA, SYD");
        assertThatThrownBy(() -> TraceRows.validate(file(dir, "{not json"), POPS))
                .isInstanceOf(InputException.class).hasMessageContaining("line 1: not a JSON object");
        assertThatThrownBy(() -> TraceRows.validate(file(dir, "{\"EdgeColoCode\":\"FRA\"}"), POPS))
                .isInstanceOf(InputException.class).hasMessageContaining("line 1: no EdgeStartTimestamp");
    }
}
