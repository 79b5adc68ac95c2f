package io.edgesim.scenario.config;

import com.typesafe.config.ConfigFactory;
import io.edgesim.scenario.config.RepeatedKeys.Repeat;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class RepeatedKeysTest {

    private static final Set<String> BLOCKS = Set.of("regions", "rtt-ms");

    // every text is valid HOCON, as the texts this reads have been parsed already
    private static Repeat first(String text) {
        ConfigFactory.parseString(text);
        return RepeatedKeys.first(text, BLOCKS);
    }

    @Test
    void findsARegionWrittenTwiceWithBothLines() {
        assertThat(first("""
                regions {
                  FRA { city = Frankfurt, lat = 50 }
                  SYD { city = Sydney, lat = -33 }
                  FRA { city = Frankfurt2, lat = 50.1 }
                }
                """)).isEqualTo(new Repeat("regions", "FRA", 2, 4, true));
    }

    @Test
    void findsAPairWrittenTwiceOnOneLineAndAQuotedKeyAsItsUnquotedSelf() {
        assertThat(first("rtt-ms { FRA-SYD = 249, AMS-SYD = 250, FRA-SYD = [250, 252] }"))
                .isEqualTo(new Repeat("rtt-ms", "FRA-SYD", 1, 1, false));
        assertThat(first("regions = {\n  FRA { lat = 1 }\n  \"FRA\" : { lat = 2 }\n}"))
                .isEqualTo(new Repeat("regions", "FRA", 2, 3, true));
    }

    @Test
    void braceslikeTextInCommentsAndStringsIsNotStructure() {
        assertThat(first("""
                # regions { FRA {} FRA {} }
                regions {
                  // FRA { } written again here is a comment
                  FRA { city = "Frank { furt", note = \"\"\"a "FRA" { }
                  SYD { } on a second line\"\"\" }
                  SYD { city = "Sydney" } # FRA
                  AMS { list = [ { FRA = 1 }, { FRA = 2 } ], sub { FRA = 1, AMS = 2 } }
                }
                rtt-ms { FRA-SYD = ${?x} }
                """)).isNull();
    }

    @Test
    void keysRepeatedOnlyOutsideTheBlocksOrInSeparateLiteralsAreNoFinding() {
        assertThat(first("""
                include "other.conf"
                seed = 1
                seed = 2
                regions { FRA { lat = 1 } }
                regions = null
                regions { FRA { lat = 2 } }
                other { FRA = 1, FRA = 2 }
                other.FRA = 3
                """)).isNull();
    }

    @Test
    void findsAKeyWrittenAgainThroughATopLevelPathInTheSameFile() {
        assertThat(first("""
                rtt-ms {
                  FRA-AMS = 7
                }
                rtt-ms.FRA-AMS = 8
                """)).isEqualTo(new Repeat("rtt-ms", "FRA-AMS", 2, 4, false));
        assertThat(first("regions { BRU { lat = 50.9 } }\nregions.BRU.lon = 4.5"))
                .isEqualTo(new Repeat("regions", "BRU", 1, 2, true));
        assertThat(first("regions.BRU { lat = 50.9 }\nregions { BRU { lon = 4.5 } }"))
                .isEqualTo(new Repeat("regions", "BRU", 1, 2, true));
        assertThat(first("rtt-ms.FRA-AMS = 7\nrtt-ms.FRA-AMS = 8"))
                .isEqualTo(new Repeat("rtt-ms", "FRA-AMS", 1, 2, false));
        assertThat(first("regions {\n  FRA { lat = 1 }\n  FRA.city = Bordeaux\n}"))
                .isEqualTo(new Repeat("regions", "FRA", 2, 3, true));
        assertThat(first("regions.AMS.lat = 1\nregions.AMS.lat = 2"))
                .isEqualTo(new Repeat("regions", "AMS.lat", 1, 2, false));
        // each key once, whether in the block or through a path; different fields of one key through paths
        assertThat(first("rtt-ms { FRA-AMS = 7 }\nrtt-ms.FRA-SYD = 250\nregions.BRU { lat = 1 }")).isNull();
        assertThat(first("regions.AMS.lat = 1\nregions.AMS.lon = 2\nregions { FRA.lat = 1, FRA.lon = 2 }")).isNull();
    }

    @Test
    void aDotInsideQuotesIsPartOfTheKeyNotAPath() {
        assertThat(RepeatedKeys.first("plans {\n  pro { limit = 60 }\n  \"pro.v2\" { limit = 120 }\n}",
                Set.of("plans"))).isNull();
        assertThat(RepeatedKeys.first("limiters = [ { plans { pro { limit = 10 }, \"pro.v2\" { limit = 20 } } } ]",
                Set.of("limiters"))).isNull();
        assertThat(first("regions { FRA { lat = 1 } }\n\"regions.FRA\" = 2")).isNull();
        assertThat(RepeatedKeys.first("plans { \"pro.v2\" { limit = 1 } }\nplans.\"pro.v2\".limit = 2",
                Set.of("plans"))).isEqualTo(new Repeat("plans", "pro.v2", 1, 2, true));
    }

    @Test
    void aSectionMergedWithItselfThroughASubstitutionIsTheSameBlock() {
        assertThat(first("regions { FRA { lat = 1 } }\nregions = ${regions} { FRA { city = Bordeaux } }"))
                .isEqualTo(new Repeat("regions", "FRA", 1, 2, true));
        assertThat(first("regions { FRA { lat = 1 } }\nregions = ${?regions} {\n  AMS { lat = 2 }\n}")).isNull();
        // set to another value in between: a new start
        assertThat(first("regions { FRA { lat = 1 } }\nregions = ${other}\nregions { FRA { lat = 2 } }")).isNull();
    }

    @Test
    void anObjectWrittenThroughAPathHasItsKeysChecked() {
        assertThat(first("regions.BRU { lat = 1, lat = 2 }"))
                .isEqualTo(new Repeat("regions.BRU", "lat", 1, 1, false));
    }

    @Test
    void entriesAppendedWithPlusEqualsAreEntriesOfTheirOwn() {
        Set<String> lists = Set.of("clients");
        assertThat(RepeatedKeys.first("""
                clients = [ { name = a, rate = 1 } ]
                clients += { name = b, rate = 2 }
                clients += { name = c, rate = 3 }
                """, lists)).isNull();
        assertThat(RepeatedKeys.first("clients += { name = b, rate = 2, rate = 3 }", lists))
                .isEqualTo(new Repeat("clients", "rate", 1, 1, false));
    }

    @Test
    void aListOfEntriesWrittenTwiceIsARepeatUnlessClearedBetween() {
        Set<String> lists = Set.of("clients", "limiters");
        // the second replaces the first whole: limiter l would be gone, unsaid
        assertThat(RepeatedKeys.first("""
                limiters = [ { name = l, tier = cache } ]
                clients = [ { name = a, rate = 1 } ]
                limiters = [ { name = m, tier = cache } ]
                """, lists)).isEqualTo(new Repeat("", "limiters", 1, 3, false));
        assertThat(new Repeat("", "limiters", 1, 3, false).setting()).isEqualTo("limiters");
        // an empty list or null between the two clears the first, as meant; an empty list first loses nothing
        assertThat(RepeatedKeys.first("limiters = [ { name = l } ]\nlimiters = null\nlimiters = [ { name = m } ]\n",
                lists)).isNull();
        assertThat(RepeatedKeys.first("limiters = [ { name = l } ]\nlimiters = [\n]\nlimiters = [ { name = m } ]\n",
                lists)).isNull();
        assertThat(RepeatedKeys.first("limiters = []\nlimiters = [ { name = m } ]\n", lists)).isNull();
    }

    @Test
    void findsASettingWrittenTwiceInAListEntryOrAnObjectInsideItWithTheEntrysIndex() {
        Set<String> lists = Set.of("clients", "limiters");

        assertThat(RepeatedKeys.first("""
                clients = [
                  { name = a, rate = 1, pops = [FRA, AMS] }
                  { name = b, rate = 2,
                    rate = 3 }
                ]
                """, lists)).isEqualTo(new Repeat("clients[1]", "rate", 3, 4, false));
        assertThat(RepeatedKeys.first("""
                limiters = [ { name = d, tier = durable-object,
                               placement { policy = fixed, region = FRA, region = AMS } } ]
                """, lists)).isEqualTo(new Repeat("limiters[0].placement", "region", 2, 2, false));
        assertThat(RepeatedKeys.first("clients = [ { name = a, pops { FRA = 1 }, pops { AMS = 1 } } ]",
                lists)).isEqualTo(new Repeat("clients[0]", "pops", 1, 1, true));
    }

    @Test
    void aValueOnTheLineAfterItsSeparatorIsAValueNotAKey() {
        assertThat(first("""
                regions {
                  FRA =
                    { lat = 1 }
                  SYD =
                    { lat = 1 }
                }
                rtt-ms {
                  FRA-SYD =
                    250
                  SYD-AMS :
                    250
                }
                """)).isNull();
        assertThat(RepeatedKeys.first("clients = [ { name = a, rate =\n 10, count =\n 10 } ]", Set.of("clients")))
                .isNull();
    }

    @Test
    void anObjectStartingOnTheLineAfterItsKeyIsChecked() {
        String plans = "plans\n{ free { limit = 1 }, free { limit = 2 } }";
        ConfigFactory.parseString(plans);

        assertThat(RepeatedKeys.first(plans, Set.of("plans")))
                .isEqualTo(new Repeat("plans", "free", 2, 2, true));
        assertThat(first("regions =\n{\n  FRA { lat = 1 }\n  FRA { lat = 2 }\n}"))
                .isEqualTo(new Repeat("regions", "FRA", 3, 4, true));
    }

    @Test
    void twoLiteralsOfOneBlockInAFileAreOneObjectToHoconUnlessResetInBetween() {
        assertThat(first("regions { FRA { lat = 1 } }\nseed = 1\nregions { AMS { lat = 2 }, FRA { lat = 3 } }"))
                .isEqualTo(new Repeat("regions", "FRA", 1, 3, true));
        assertThat(first("regions { FRA { lat = 1 } }\nregions = null\nregions { FRA { lat = 3 } }")).isNull();
    }

    @Test
    void objectsSideBySideInAnArrayAreOneEntryAndEntriesAreCountedAtCommasAndLineEnds() {
        Set<String> lists = Set.of("clients");
        ConfigFactory.parseString("clients = [ { name = a, rate = 1 } { rate = 2 } ]");

        assertThat(RepeatedKeys.first("clients = [ { name = a, rate = 1 } { rate = 2 } ]", lists))
                .isEqualTo(new Repeat("clients[0]", "rate", 1, 1, false));
        assertThat(RepeatedKeys.first("""
                clients = [ ${?base} { name = a }, { name = b }
                  { name = c, rate = 1, rate = 2 } ]
                """, lists)).isEqualTo(new Repeat("clients[2]", "rate", 2, 2, false));
    }

    @Test
    void objectsInsideACheckedObjectAreCheckedToo() {
        assertThat(first("regions {\n  FRA { lat = 50, lon = 8, lat = 51 }\n}"))
                .isEqualTo(new Repeat("regions.FRA", "lat", 2, 2, false));
        assertThat(RepeatedKeys.first("tiers { cache { write-delay = 1s, write-delay = 2s } }", Set.of("tiers")))
                .isEqualTo(new Repeat("tiers.cache", "write-delay", 1, 1, false));
    }

    @Test
    void theSameSettingInTwoEntriesOrAtTheTopLevelIsNoFinding() {
        assertThat(RepeatedKeys.first("""
                duration = 10s
                duration = 20s
                clients = [ { name = a, rate = 1 }, { name = b, rate = 1 } ]
                tiers { cache { write-delay = 1s, write-delay = 2s } }
                """, Set.of("clients"))).isNull();
    }

    // the shipped scenarios are loaded, and so checked, by ScenarioTextTest
    @Test
    void theShippedRegionsFilesHaveNoKeyWrittenTwice() throws IOException {
        List<Path> files;
        try (Stream<Path> regions = Files.list(Path.of("regions"));
             Stream<Path> bench = Files.list(Path.of("bench", "regions"))) {
            files = Stream.of(Stream.of(Path.of("regions.conf")), regions, bench).flatMap(s -> s)
                    .filter(f -> f.toString().endsWith(".conf")).toList();
        }
        assertThat(files).contains(Path.of("regions/cloudflare.conf"));
        for (Path file : files) {
            String text = Files.readString(file);
            assertThat(RepeatedKeys.first(text, Set.of("regions", "area-homes", "rtt-ms", "estimated-rtt-ms")))
                    .as(file.toString()).isNull();
        }
    }

    @Test
    void theShippedWorldFileWithOneLocationCopiedIsCaught() throws IOException {
        String text = Files.readString(Path.of("regions/cloudflare.conf"));
        List<String> lines = text.lines().toList();
        int bru = lines.indexOf(lines.stream().filter(l -> l.startsWith("  BRU {")).findFirst().orElseThrow());
        int last = lines.indexOf(lines.stream().filter(l -> l.startsWith("area-homes {")).findFirst().orElseThrow())
                - 1;
        while (!lines.get(last).strip().equals("}")) {
            last--;
        }
        StringBuilder copied = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (i == last) {
                copied.append(lines.get(bru)).append('\n');
            }
            copied.append(lines.get(i)).append('\n');
        }

        assertThat(RepeatedKeys.first(copied.toString(), BLOCKS))
                .isEqualTo(new Repeat("regions", "BRU", bru + 1, last + 1, true));
    }
}
