package io.edgesim.scenario.trace;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceReaderTest {

    private static final Set<String> POPS = Set.of("FRA", "AMS", "SYD");
    private static final String TIME = "milliseconds from the start, from 0 to 315360000000 (3650d)";

    private static List<TraceRow> readAll(Path file) {
        List<TraceRow> rows = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(file, POPS)) {
            TraceRow row;
            while ((row = reader.next()) != null) {
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void columnsAreFoundByHeaderName(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "t.csv", """
                pop,xff,time_ms,key,ip,cost
                FRA,"198.51.100.1, 10.0.0.1",0.5,k1,203.0.113.1,3
                SYD,,2,,203.0.113.2,

                AMS,198.51.100.9,2,k3,,1
                """);

        List<TraceRow> rows = readAll(file);

        assertThat(rows).containsExactly(
                new TraceRow(2, 500_000, "FRA", "k1", 3, "203.0.113.1", "198.51.100.1", null, null),
                new TraceRow(3, 2_000_000, "SYD", null, 1, "203.0.113.2", null, null, null),
                new TraceRow(5, 2_000_000, "AMS", "k3", 1, null, "198.51.100.9", null, null));
    }

    @Test
    void validateCountsRows(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "t.csv", "time_ms,pop,key,anon_token,path\n0,FRA,k,t,/a\n1,FRA,k,,\n");

        assertThat(TraceRows.validate(file, POPS).rows()).isEqualTo(2);
        assertThat(readAll(file).get(0).anonToken()).isEqualTo("t");
        assertThat(readAll(file).get(0).path()).isEqualTo("/a");
    }

    @Test
    void rowBeforeThePreviousOneIsRefusedWithItsLine(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "trace.csv", """
                time_ms,pop,key
                0,FRA,k
                10,FRA,k
                10,FRA,k
                50,FRA,k
                150,AMS,k
                120,SYD,k
                """);

        assertThatThrownBy(() -> readAll(file)).isInstanceOf(InputException.class).hasMessage(
                file + ": line 7: time_ms 120 is before the previous row (150); allowed: rows in nondecreasing time_ms "
                + "(sort the rows by time_ms first)");
    }

    @Test
    void malformedRowsAreRefusedWithTheirLine(@TempDir Path dir) {
        Path notNumber = ScenarioFixture.write(dir, "a.csv", "time_ms,pop,key\n0,FRA,k\nsoon,FRA,k\n");
        Path wrongWidth = ScenarioFixture.write(dir, "b.csv", "time_ms,pop,key\n0,FRA\n");
        Path badCost = ScenarioFixture.write(dir, "c.csv", "time_ms,pop,key,cost\n0,FRA,k,0\n");
        Path negative = ScenarioFixture.write(dir, "d.csv", "time_ms,pop,key\n-1,FRA,k\n");
        Path unclosed = ScenarioFixture.write(dir, "e.csv", "time_ms,pop,key\n1,FRA,\"k\n");

        assertThatThrownBy(() -> readAll(notNumber)).hasMessage(notNumber
                + ": line 3: time_ms 'soon' is not a number; allowed: " + TIME);
        assertThatThrownBy(() -> readAll(wrongWidth)).hasMessage(wrongWidth
                + ": line 2: 2 fields where the header has 3; allowed: one field per column");
        assertThatThrownBy(() -> readAll(badCost)).hasMessage(badCost
                + ": line 2: cost '0' is not a whole number from 1 to 1,000,000; allowed: empty (1) or a whole number "
                + "from 1 to 1,000,000");
        assertThatThrownBy(() -> readAll(negative)).hasMessage(negative
                + ": line 2: time_ms -1 is out of range; allowed: " + TIME);
        assertThatThrownBy(() -> readAll(unclosed)).hasMessage(unclosed
                + ": line 2: a quoted field is not closed; allowed: fields in double quotes closed on the same line");
    }

    @Test
    void timesWithASuffixOrInHexAreRefusedNotReadAsMilliseconds(@TempDir Path dir) {
        // Double.parseDouble takes all of these; 5d would be 5 ms
        for (String time : new String[]{"5d", "5f", "5D", "0x1p3", "NaN", "1e3s", " 5 x"}) {
            Path file = ScenarioFixture.write(dir, "t.csv", "time_ms,pop,key\n0,FRA,k\n" + time + ",FRA,k\n");

            assertThatThrownBy(() -> readAll(file)).as(time).isInstanceOf(InputException.class)
                    .hasMessage(file + ": line 3: time_ms '" + time.strip() + "' is not a number; allowed: " + TIME);
        }
    }

    @Test
    void bytesThatAreNotUtf8AreOneLineNamingTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("latin1.csv");
        Files.write(file, "time_ms,pop,key\n0,FRA,caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> readAll(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": holds bytes that are not UTF-8 text (line 2, byte 0xE9); allowed: a text file in "
                        + "UTF-8 (ASCII is UTF-8)");
    }

    @Test
    void linesEndedByCarriageReturnsAloneAreLines(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cr.csv");
        Files.writeString(file, "time_ms,pop,key\r0,FRA,k\r1,SYD,k\r\n2,FRA,k\r");
        Path bad = dir.resolve("cr-latin1.csv");
        Files.write(bad, "time_ms,pop,key\r0,FRA,k\r1,FRA,caf\u00e9\r".getBytes(StandardCharsets.ISO_8859_1));

        assertThat(readAll(file)).hasSize(3);
        assertThatThrownBy(() -> readAll(bad)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(bad + ": holds bytes that are not UTF-8 text (line 3, byte 0xE9)");
    }

    @Test
    void aByteThatIsNotUtf8FarIntoTheFileIsBlamedOnItsOwnLine(@TempDir Path dir) throws IOException {
        // a decoding reader decodes thousands of characters ahead: the message said "after line 4568" for 5002
        StringBuilder text = new StringBuilder("time_ms,pop,key\r\n");
        for (int i = 0; i < 5000; i++) {
            text.append(i).append(",FRA,key-").append(i).append("\r\n");
        }
        Path file = dir.resolve("late.csv");
        Files.write(file, (text + "5000,FRA,caf\u00e9\r\n").getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> readAll(file)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(file + ": holds bytes that are not UTF-8 text (line 5002, byte 0xE9)");
    }

    @Test
    void emptyRequiredFieldsAreRefusedWithTheirLine(@TempDir Path dir) {
        Path noTime = ScenarioFixture.write(dir, "a.csv", "time_ms,pop,key\n0,FRA,k\n ,FRA,k\n");
        Path noPop = ScenarioFixture.write(dir, "b.csv", "key,pop,time_ms\nk,,0\n");
        Path quotedEmpty = ScenarioFixture.write(dir, "c.csv", "time_ms,pop,key\n\"\",FRA,k\n");

        assertThatThrownBy(() -> readAll(noTime)).isInstanceOf(InputException.class)
                .hasMessage(noTime + ": line 3: time_ms is empty; allowed: " + TIME);
        assertThatThrownBy(() -> readAll(noPop)).isInstanceOf(InputException.class)
                .hasMessage(noPop + ": line 2: pop is empty; allowed: a region of the scenario: AMS, FRA, SYD");
        assertThatThrownBy(() -> readAll(quotedEmpty)).isInstanceOf(InputException.class)
                .hasMessage(quotedEmpty + ": line 2: time_ms is empty; allowed: " + TIME);
    }

    @Test
    void timesBeyondTenYearsAndHugeCostsAreRefused(@TempDir Path dir) {
        Path late = ScenarioFixture.write(dir, "a.csv", "time_ms,pop,key\n1e20,FRA,k\n");
        Path infinite = ScenarioFixture.write(dir, "b.csv", "time_ms,pop,key\nInfinity,FRA,k\n");
        Path costly = ScenarioFixture.write(dir, "c.csv", "time_ms,pop,key,cost\n0,FRA,k,1000001\n");
        Path lastMilli = ScenarioFixture.write(dir, "d.csv", "time_ms,pop,key,cost\n315360000000,FRA,k,1000000\n");

        assertThatThrownBy(() -> readAll(late)).hasMessage(late + ": line 2: time_ms 1e20 is out of range; allowed: "
                + TIME);
        assertThatThrownBy(() -> readAll(infinite)).hasMessage(infinite
                + ": line 2: time_ms 'Infinity' is not a number; allowed: " + TIME);
        assertThatThrownBy(() -> readAll(costly)).hasMessageStartingWith(costly
                + ": line 2: cost '1000001' is not a whole number from 1 to 1,000,000");
        assertThat(readAll(lastMilli).get(0).timeNanos()).isEqualTo(315_360_000_000L * 1_000_000L);
        assertThat(readAll(lastMilli).get(0).cost()).isEqualTo(1_000_000);
    }

    @Test
    void headerProblemsAreRefusedOnLineOne(@TempDir Path dir) {
        Path unknown = ScenarioFixture.write(dir, "a.csv", "time_ms,pop,key,colo\n");
        Path missing = ScenarioFixture.write(dir, "b.csv", "time_ms,key\n");
        Path empty = ScenarioFixture.write(dir, "c.csv", "");

        assertThatThrownBy(() -> readAll(unknown)).hasMessage(unknown + ": line 1: unknown column 'colo'; "
                + "allowed: time_ms, pop, key, cost, ip, xff, anon_token, path");
        assertThatThrownBy(() -> readAll(missing)).hasMessage(missing + ": line 1: no column 'pop'; "
                + "allowed: a header time_ms,pop,key[,cost][,ip][,xff][,anon_token][,path]");
        assertThatThrownBy(() -> readAll(empty)).hasMessageStartingWith(empty + ": line 1: no header; ");
    }
}
