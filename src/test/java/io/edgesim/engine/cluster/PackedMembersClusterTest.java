package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 16 PoPs of regions.conf packed onto 3 members, and one member per PoP, against the virtual engine: a key per
 * PoP, counted per location and by a Durable Object placed at its first request (homed in the PoP's nearest
 * Durable-Object region, so on whichever member holds that region). Each object sees one PoP's requests only, in
 * their order, so the counts are the same on every engine whatever the delivery errors.
 */
@ClusterTest
class PackedMembersClusterTest {

    private static final List<String> POPS = List.of("FRA", "AMS", "LHR", "MAD", "IAD", "DFW", "YYZ", "YUL", "GRU",
            "NRT", "KIX", "SIN", "SYD", "BOM", "MAA", "SJC");

    @TempDir
    static Path dir;

    private static RunResult virtual;
    private static RunResult packed;
    private static RunResult onePerMember;
    private static Fidelity packedFidelity;
    private static Fidelity onePerMemberFidelity;

    @BeforeAll
    static void runTheThreeWays() throws IOException {
        String clients = POPS.stream().map(pop -> "{ name = c-" + pop + ", key = \"k-" + pop + "\", rate = 2, pops = ["
                + pop + "] }").collect(Collectors.joining("\n  "));
        Scenario scenario = ClusterRuns.load(dir, """
                name = packed
                duration = 3s
                seed = 11
                regions = [%s]
                clients = [
                  %s
                ]
                limiters = [
                  { name = local, tier = cache, limit = 3, window = 60s }
                  { name = exact, tier = durable-object, limit = 4, window = 60s, placement { policy = first-request } }
                ]
                """.formatted(String.join(", ", POPS), clients));
        ClusterSettings settings = ClusterSettings.load();
        virtual = ClusterRuns.virtual(scenario);
        ClusterEngine packedEngine = ClusterRuns.engine(scenario, DecisionListener.NONE, 1.0, settings, 3);
        packed = packedEngine.run();
        packedFidelity = packedEngine.fidelity();
        ClusterEngine spreadEngine = ClusterRuns.engine(scenario, DecisionListener.NONE, 1.0, settings, POPS.size());
        onePerMember = spreadEngine.run();
        onePerMemberFidelity = spreadEngine.fidelity();
    }

    @Test
    void sixteenPopsOnThreeMembersCountAsOnSixteenAndAsTheVirtualEngine() {
        for (LimiterResult expected : virtual.limiters()) {
            for (RunResult cluster : List.of(packed, onePerMember)) {
                LimiterResult actual = limiter(cluster, expected.name());
                expected.regions().forEach((pop, region) -> assertThat(actual.regions().get(pop).counts())
                        .as(expected.name() + " in " + pop).isEqualTo(region.counts()));
            }
        }
        // every PoP sent and was refused after its limit: the comparison is not of empty tables
        assertThat(limiter(virtual, "exact").totals().accepted()).isGreaterThan(0);
        assertThat(limiter(virtual, "exact").totals().rejected()).isGreaterThan(0);
    }

    @Test
    void theRunsHadThreeAndSixteenMembersEachPopPlacedOnOne() {
        assertThat(packedFidelity.nodes()).isEqualTo(3);
        assertThat(onePerMemberFidelity.nodes()).isEqualTo(POPS.size());
        assertThat(packed.cluster().orElseThrow().placement()).containsOnlyKeys(POPS);
        assertThat(Set.copyOf(packed.cluster().orElseThrow().placement().values())).hasSize(3);
        assertThat(Set.copyOf(onePerMember.cluster().orElseThrow().placement().values())).hasSize(POPS.size());
    }
}
