package io.edgesim.scenario;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.fault.FaultKind;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The faults list, a remote stage's timeout and an object's state: read, and refused on one line when wrong. */
class FaultsScenarioTest {

    private static final long S = Durations.NANOS_PER_SECOND;
    private static final long MS = Durations.NANOS_PER_MILLI;
    private static final String KINDS = "region-outage, pop-outage, partition, latency, kv-outage";
    private static final String ALL_REGIONS = "FRA, AMS, LHR, MAD, IAD, DFW, YYZ, YUL, GRU, NRT, KIX, SIN, SYD, BOM, "
            + "MAA, SJC";
    private static final String LINK = "two different regions of the regions file, [A, B]: " + ALL_REGIONS;
    private static final String DO_FRA = "tier = durable-object, limit = 100, window = 60s, "
            + "placement { policy = fixed, region = FRA }";

    @Test
    void readsEveryKindInOrder(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                faults = [
                  { kind = region-outage, region = FRA, from = 20s, until = 40s }
                  { kind = pop-outage, pop = AMS, from = 10s, until = 30s }
                  { kind = partition, between = [SYD, FRA], from = 5s, until = 15s }
                  { kind = latency, between = [SYD, FRA], extra = 300ms, from = 0s, until = 60s }
                  { kind = kv-outage, from = 30s, until = 35s }
                ]
                """);

        assertThat(s.faults()).containsExactly(
                new Fault(FaultKind.REGION_OUTAGE, "FRA", null, 0, 20 * S, 40 * S),
                new Fault(FaultKind.POP_OUTAGE, "AMS", null, 0, 10 * S, 30 * S),
                new Fault(FaultKind.PARTITION, "SYD", "FRA", 0, 5 * S, 15 * S),
                new Fault(FaultKind.LATENCY, "SYD", "FRA", 300 * MS, 0, 60 * S),
                new Fault(FaultKind.KV_OUTAGE, null, null, 0, 30 * S, 35 * S));
        assertThat(s.faults().get(3).label()).isEqualTo("latency SYD-FRA +300ms 0s-60s");
    }

    @Test
    void aScenarioWithoutFaultsHasNoneAndNotesNoNewDefault(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, "limiters = [ { name = d, " + DO_FRA + " } ]\n");

        assertThat(s.faults()).isEmpty();
        TierSettings.DurableObject d = (TierSettings.DurableObject) s.limiters().get(0).stages().get(0).tier();
        assertThat(d.timeoutNanos()).isZero();
        assertThat(d.inMemoryState()).isFalse();
        assertThat(s.assumptions()).doesNotContainKeys("tiers.durable-object.state", "tiers.durable-object.timeout");
    }

    @Test
    void remoteStagesTakeTimeoutFailOpenAndState(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = d, %s, timeout = 1s, state = in-memory }
                  { name = o, tier = origin, limit = 100, window = 60s, region = FRA, timeout = 250ms,
                    fail-open = true }
                  { name = p, tier = origin, limit = 100, window = 60s, region = FRA, timeout = 250ms }
                ]
                faults = [ { kind = region-outage, region = FRA, from = 20s, until = 40s } ]
                """.formatted(DO_FRA));

        TierSettings.DurableObject d = (TierSettings.DurableObject) s.limiters().get(0).stages().get(0).tier();
        TierSettings.Origin o = (TierSettings.Origin) s.limiters().get(1).stages().get(0).tier();
        assertThat(d.timeoutNanos()).isEqualTo(S);
        assertThat(d.inMemoryState()).isTrue();
        assertThat(o.timeoutNanos()).isEqualTo(250 * MS);
        assertThat(o.failOpen()).isTrue();
        assertThat(((TierSettings.Origin) s.limiters().get(2).stages().get(0).tier()).failOpen()).isFalse();
        // with faults an origin's default fail-open matters, so it is listed among the assumptions
        assertThat(s.assumptions()).containsKey("tiers.origin.fail-open");
    }

    static Stream<Arguments> badFaults() {
        return Stream.of(
                arguments("faults = [ { kind = meteor, from = 1s, until = 2s } ]",
                        "faults[0].kind: 'meteor' is not a kind of fault; allowed: " + KINDS),
                arguments("faults = [ { from = 1s, until = 2s } ]", "faults[0].kind: missing; allowed: " + KINDS),
                arguments("faults = [ { kind = region-outage, region = XYZ, from = 1s, until = 2s } ]",
                        "faults[0].region: 'XYZ' is not a region; allowed: a region of the regions file: "
                                + ALL_REGIONS + "; did you mean `YYZ`?"),
                arguments("faults = [ { kind = pop-outage, pop = IAD, from = 1s, until = 2s } ]",
                        "faults[0].pop: 'IAD' is not a PoP of the scenario; allowed: a PoP of the scenario: "
                                + "FRA, AMS, SYD"),
                arguments("faults = [ { kind = pop-outage, region = FRA, from = 1s, until = 2s } ]",
                        "faults[0].region: a pop-outage names its PoP with pop, not region; allowed: pop = CODE, a "
                                + "PoP of the scenario: FRA, AMS, SYD (a region-outage takes region)"),
                arguments("faults = [ { kind = region-outage, pop = FRA, from = 1s, until = 2s } ]",
                        "faults[0].pop: a region-outage names its region with region, not pop; allowed: region = "
                                + "CODE, a region of the regions file (a pop-outage takes pop)"),
                arguments("faults = [ { kind = pop-outage, pop = FRA, region = FRA, from = 1s, until = 2s } ]",
                        "faults[0].region: unknown setting; allowed: kind, pop, from, until"),
                arguments("faults = [ { kind = partition, between = [FRA], from = 1s, until = 2s } ]",
                        "faults[0].between: one region listed ('FRA'); allowed: " + LINK),
                arguments("faults = [ { kind = partition, between = \"FRA-SYD\", from = 1s, until = 2s } ]",
                        "faults[0].between: one region listed ('FRA-SYD'); allowed: " + LINK),
                arguments("faults = [ { kind = partition, between = [FRA, AMS, SYD], from = 1s, until = 2s } ]",
                        "faults[0].between: 3 regions listed ('FRA', 'AMS', 'SYD'); allowed: " + LINK),
                arguments("faults = [ { kind = partition, between = [FRA, FRA], from = 1s, until = 2s } ]",
                        "faults[0].between: both ends are FRA; allowed: " + LINK),
                arguments("faults = [ { kind = latency, between = [FRA, SYD], from = 1s, until = 2s } ]",
                        "faults[0].extra: missing; allowed: a duration with a unit, such as 250ms, 10s, 1m, 1h, "
                                + "greater than 0 and at most 60s"),
                arguments("faults = [ { kind = kv-outage, from = 30s, until = 30s } ]",
                        "faults[0].until: 30s is not after from (30s); allowed: a duration after from"),
                arguments("faults = [ { kind = kv-outage, from = 60s, until = 70s } ]",
                        "faults[0].from: 60s is not before the end of the run; allowed: a duration from 0 to the "
                                + "run's 60s, before until"),
                arguments("faults = [ { kind = kv-outage, until = 70s } ]",
                        "faults[0].from: missing; allowed: a duration from 0 to the run's 60s, before until"),
                arguments("""
                        regions = [FRA, AMS]
                        faults = [
                          { kind = region-outage, region = FRA, from = 10s, until = 30s }
                          { kind = pop-outage, pop = AMS, from = 20s, until = 25s }
                        ]""",
                        "faults[1]: at 20s every PoP of the scenario is down (AMS, FRA); allowed: outages that "
                                + "leave at least one PoP up at every moment"),
                arguments("""
                        limiters = [ { name = c, chain = [ { tier = cache, limit = 100, window = 60s },
                                                           { %s } ] } ]
                        faults = [ { kind = kv-outage, from = 1s, until = 2s },
                                   { kind = partition, between = [SYD, FRA], from = 1s, until = 2s } ]"""
                                .formatted(DO_FRA),
                        "limiters[0].chain[1].timeout: missing: faults[1] (partition) can lose this durable-object "
                                + "stage's replies; allowed: a duration the PoP waits for the reply, such as 1s (here "
                                + "or under tiers.durable-object)"),
                arguments("limiters = [ { name = d, " + DO_FRA + ", state = volatile } ]",
                        "limiters[0].state: 'volatile' is not a state; allowed: durable, in-memory"),
                arguments("limiters = [ { name = d, " + DO_FRA + ", timeout = 0s } ]",
                        "limiters[0].timeout: 0s is too small; allowed: a duration greater than 0 and at most 60s, "
                                + "or null for none"));
    }

    @ParameterizedTest
    @MethodSource("badFaults")
    void badFaultIsReportedOnOneLine(String fragment, String expected, @TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, fragment + "\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": " + expected);
        assertThat(message).doesNotContain("\n");
    }
}
