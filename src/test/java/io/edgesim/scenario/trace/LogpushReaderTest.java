package io.edgesim.scenario.trace;

import io.edgesim.scenario.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class LogpushReaderTest {

    private static final List<String> POPS = List.of("FRA", "SYD");

    private static Path file(Path dir, String... lines) throws IOException {
        Path file = dir.resolve("requests.ndjson");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheFirstLineOfAnyTrace(@TempDir Path dir) throws IOException {
        // as a CSV trace's header; a Logpush file with one was refused with the mark invisible in the message
        Path logpush = file(dir, "\uFEFF{\"EdgeStartTimestamp\":1,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":2,\"EdgeColoCode\":\"SYD\"}");
        Path csv = dir.resolve("bom.csv");
        Files.writeString(csv, "\uFEFFtime_ms,pop,key\n0,FRA,k\n");

        assertThat(TraceRows.validate(logpush, POPS).rows()).isEqualTo(2);
        assertThat(TraceRows.validate(csv, POPS).rows()).isEqualTo(1);
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
            // the Authorization header's credentials, without the scheme: the key X-API-Key: t gives
            assertThat(second.apiKey()).isEqualTo("t");
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
        assertThat(TraceRows.validate(file, POPS).rows()).isEqualTo(2);
        try (TraceRows rows = TraceRows.open(file, POPS)) {
            rows.next();
            assertThat(rows.next().timeNanos()).isEqualTo(2_000_000_000L);
        }
    }

    /** Two rows 250 ms apart in each timestamp format Logpush (or a converted export) may write. */
    static Stream<Arguments> timestampFormats() {
        return Stream.of(
                arguments("unix seconds", "1700000000", "1700000000.25"),
                arguments("unix milliseconds", "1700000000000", "1700000000250"),
                arguments("fractional milliseconds", "1700000000000.5", "1700000000250.5"),
                arguments("unix microseconds", "1700000000000000", "1700000000250000"),
                arguments("unixnano", "1700000000000000000", "1700000000250000000"),
                arguments("rfc3339", "\"2023-11-14T22:13:20Z\"", "\"2023-11-14T22:13:20.250Z\""),
                arguments("rfc3339 with an offset", "\"2023-11-14T23:13:20+01:00\"", "\"2023-11-14T22:13:20.25Z\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("timestampFormats")
    void timestampUnitIsToldByItsMagnitude(String format, String first, String second, @TempDir Path dir)
            throws IOException {
        Path file = file(dir, "{\"EdgeStartTimestamp\":" + first + ",\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":" + second + ",\"EdgeColoCode\":\"FRA\"}");
        try (TraceRows rows = TraceRows.open(file, POPS)) {
            assertThat(rows.next().timeNanos()).isZero();
            assertThat(rows.next().timeNanos()).isEqualTo(250_000_000L);
        }
    }

    @Test
    void rowsInDifferentUnitsMeetOnOneClock(@TempDir Path dir) throws IOException {
        // the same instant plus 1 s, 2 s, 3 s written in nanoseconds, milliseconds, microseconds and seconds
        Path file = file(dir, "{\"EdgeStartTimestamp\":1700000000000000000,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":1700000001000,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":1700000002000000,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":1700000003,\"EdgeColoCode\":\"FRA\"}");
        try (TraceRows rows = TraceRows.open(file, POPS)) {
            assertThat(rows.next().timeNanos()).isZero();
            assertThat(rows.next().timeNanos()).isEqualTo(1_000_000_000L);
            assertThat(rows.next().timeNanos()).isEqualTo(2_000_000_000L);
            assertThat(rows.next().timeNanos()).isEqualTo(3_000_000_000L);
        }
    }

    @Test
    void timestampsThatCannotBeATimeOfTheRunAreRefused(@TempDir Path dir) throws IOException {
        String allowed = "; allowed: a Unix time in seconds (below 1e11, may be fractional), milliseconds (below "
                + "1e14), microseconds (below 1e17) or nanoseconds, or an RFC 3339 time";
        Path negative = file(dir, "{\"EdgeStartTimestamp\":-5,\"EdgeColoCode\":\"FRA\"}");
        assertThatThrownBy(() -> TraceRows.validate(negative, POPS)).isInstanceOf(InputException.class)
                .hasMessage(negative + ": line 1: EdgeStartTimestamp -5 is negative" + allowed);
        Path huge = file(dir, "{\"EdgeStartTimestamp\":99999999999999999999,\"EdgeColoCode\":\"FRA\"}");
        assertThatThrownBy(() -> TraceRows.validate(huge, POPS)).isInstanceOf(InputException.class)
                .hasMessage(huge + ": line 1: EdgeStartTimestamp 99999999999999999999 is too large (after the year "
                        + "2262)" + allowed);
        Path year2286 = file(dir, "{\"EdgeStartTimestamp\":10000000000,\"EdgeColoCode\":\"FRA\"}");
        assertThatThrownBy(() -> TraceRows.validate(year2286, POPS)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(year2286 + ": line 1: EdgeStartTimestamp 10000000000 is too large");
        Path decadesLater = file(dir, "{\"EdgeStartTimestamp\":1,\"EdgeColoCode\":\"FRA\"}",
                "{\"EdgeStartTimestamp\":1700000000,\"EdgeColoCode\":\"FRA\"}");
        assertThatThrownBy(() -> TraceRows.validate(decadesLater, POPS)).isInstanceOf(InputException.class)
                .hasMessage(decadesLater + ": line 2: EdgeStartTimestamp is more than 3650d after the first row's; "
                        + "allowed: rows within 3650d of the first (is every row's timestamp in the same unit?)");
        Path beyondDouble = file(dir, "{\"EdgeStartTimestamp\":1e400,\"EdgeColoCode\":\"FRA\"}");
        assertThatThrownBy(() -> TraceRows.validate(beyondDouble, POPS)).isInstanceOf(InputException.class)
                .hasMessage(beyondDouble + ": line 1: EdgeStartTimestamp is a number beyond any time (above 1e308)"
                        + allowed);
        Path notATime = file(dir, "{\"EdgeStartTimestamp\":\"yesterday\",\"EdgeColoCode\":\"FRA\"}");
        assertThatThrownBy(() -> TraceRows.validate(notATime, POPS)).isInstanceOf(InputException.class)
                .hasMessage(notATime + ": line 1: EdgeStartTimestamp 'yesterday' is not a time" + allowed);
    }

    @Test
    void bytesThatAreNotUtf8AreOneLineNamingTheFile(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.ndjson");
        Files.write(latin1, "{\"EdgeStartTimestamp\":1,\"EdgeColoCode\":\"FRA\",\"ClientIP\":\"caf\u00e9\"}\n"
                .getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> TraceRows.validate(latin1, POPS)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(latin1 + ": holds bytes that are not UTF-8 text (line 1, byte 0xE9)");
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
        // Jackson's words, without its source location (REDACTED, a start marker), with the column
        assertThatThrownBy(() -> TraceRows.validate(file(dir, "{\"EdgeStartTimestamp\":1,\"EdgeColoCode\":\"FRA\""),
                POPS)).isInstanceOf(InputException.class).hasMessageEndingWith("requests.ndjson: line 1: not a JSON "
                        + "object: Unexpected end-of-input: expected close marker for Object (column 45); allowed: "
                        + "one Logpush JSON object per line");
        assertThatThrownBy(() -> TraceRows.validate(file(dir, "{\"EdgeColoCode\":\"FRA\"}"), POPS))
                .isInstanceOf(InputException.class).hasMessageContaining("line 1: no EdgeStartTimestamp");
        // headers written as a string: every row would have had no key
        assertThatThrownBy(() -> TraceRows.validate(file(dir, "{\"EdgeStartTimestamp\":1,\"EdgeColoCode\":\"FRA\","
                + "\"RequestHeaders\":\"x-api-key: k1\"}"), POPS)).isInstanceOf(InputException.class)
                .hasMessageContaining("line 1: RequestHeaders is string, not an object; allowed: an object of request "
                        + "headers, e.g. {\"x-api-key\":\"k1\"}, or no RequestHeaders");
    }
}
