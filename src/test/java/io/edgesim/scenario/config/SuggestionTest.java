package io.edgesim.scenario.config;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.ScenarioFixture;
import io.edgesim.scenario.region.RegionsLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An unknown setting names the allowed one it was most likely meant to be, and only a close one. */
class SuggestionTest {

    @Test
    void distanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
        assertThat(Suggestion.distance("limit", "limit")).isZero();
        assertThat(Suggestion.distance("limt", "limit")).isEqualTo(1);
        assertThat(Suggestion.distance("limitt", "limit")).isEqualTo(1);
        assertThat(Suggestion.distance("limut", "limit")).isEqualTo(1);
        assertThat(Suggestion.distance("pops-per-kye", "pops-per-key")).isEqualTo(1);
        assertThat(Suggestion.distance("", "key")).isEqualTo(3);
        assertThat(Suggestion.distance("kitten", "sitting")).isEqualTo(3);
    }

    @Test
    void theClosestNameIsSuggestedOnlyWhenCloseForItsLength() {
        List<String> known = List.of("name", "rate", "pops", "pops-per-key", "pop-choice");
        assertThat(Suggestion.closest("pops-per-kye", known)).isEqualTo("pops-per-key");
        assertThat(Suggestion.closest("POPS", known)).isEqualTo("pops");
        // 2 edits in 4 characters is another word, not a typo
        assertThat(Suggestion.closest("nmae2", known)).isNull();
        assertThat(Suggestion.closest("same", List.of("rate"))).isNull();
        assertThat(Suggestion.closest("pops_per_key", known)).isEqualTo("pops-per-key");
        assertThat(Suggestion.closest("region", known)).isNull();
        assertThat(Suggestion.closest("p95", List.of("median", "p99"))).isNull();
        assertThat(Suggestion.closest("p9", List.of("median", "p99"))).isNull();
        assertThat(Suggestion.closest("P99", List.of("median", "p99"))).isEqualTo("p99");
    }

    @Test
    void onATieTheNameListedFirstIsSuggested() {
        assertThat(Suggestion.closest("rat", List.of("rate", "rat1"))).isEqualTo("rate");
    }

    @Test
    void aTypoInAClientSuggestsTheSetting(@TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir,
                "clients = [ { name = a, key = k, rate = 10, pops-per-kye = 2 } ]"))
                .isEqualTo(dir.resolve("s.conf") + ": clients[0].pops-per-kye: unknown setting; allowed: name, count, "
                        + "rate, arrival, start, stop, ramp-to, burst, key, ip, xff, anon-token, path, cost, pops, "
                        + "pops-per-key, pop-choice, hop-every, plan; did you mean `pops-per-key`?");
    }

    @Test
    void aTypoInAStageOfAChainSuggestsTheSetting(@TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, chain = [ "
                + "{ tier = cache, limit = 100, window = 60s }, "
                + "{ tier = durable-object, limit = 100, widnow = 60s } ] } ]");
        assertThat(message).startsWith(dir.resolve("s.conf") + ": limiters[0].chain[1].widnow: unknown setting; "
                + "allowed: tier, algorithm, limit, window, ").endsWith("; did you mean `window`?");
    }

    @Test
    void aTypoInATierSettingSuggestsTheSetting(@TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = k, tier = kv, limit = 100, window = 60s, "
                + "expiration-tll = 120s } ]"))
                .startsWith(dir.resolve("s.conf") + ": limiters[0].expiration-tll: unknown setting; allowed: ")
                .endsWith("; did you mean `expiration-ttl`?");
        assertThat(ScenarioFixture.errorOverBase(dir, "tiers { cache { write-dely = 1s } }"))
                .isEqualTo(dir.resolve("s.conf") + ": tiers.cache.write-dely: unknown setting; allowed: read-latency, "
                        + "write-delay; did you mean `write-delay`?");
    }

    @Test
    void aTypoInARegionsFileSuggestsTheSetting(@TempDir Path dir) {
        Path regions = ScenarioFixture.write(dir, "r.conf", "include file(\""
                + ScenarioFixture.REGIONS.toAbsolutePath() + "\")\njiter = 1ms\n");
        assertThatThrownBy(() -> RegionsLoader.load(regions)).isInstanceOf(InputException.class)
                .hasMessage(regions + ": jiter: unknown setting; allowed: regions, area-homes, intra-pop-rtt, jitter, "
                        + "estimate, tails, rtt-ms, estimated-rtt-ms; did you mean `jitter`?");
    }

    @Test
    void aNameFarFromEveryKnownOneGetsNoSuggestion(@TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, "clients = [ { name = a, key = k, rate = 10, flavour = 2 } ]"))
                .isEqualTo(dir.resolve("s.conf") + ": clients[0].flavour: unknown setting; allowed: name, count, "
                        + "rate, arrival, start, stop, ramp-to, burst, key, ip, xff, anon-token, path, cost, pops, "
                        + "pops-per-key, pop-choice, hop-every, plan");
    }
}
