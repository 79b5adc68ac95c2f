package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * scenarios/global-botnet.conf, reduced, on both engines: the botnet over the 16 heaviest locations of
 * regions/cloudflare.conf only (those 16 the scenario's regions, so the cluster hosts them and the 6 Durable Object
 * homes nearest to them instead of all 340), 10 s of traffic at 40 requests a second, and limits of 5 per location
 * and 20 for the object so that every location goes over its own; on the cluster at twice real time, its regions
 * on 3 members.
 *
 * <p>The per-location counters (Cache API, the Rate Limiting binding) give the same result on both engines, every
 * figure and latency: a PoP takes its requests in arrival order and its tiers decide at their arrival times, so
 * the delivery errors of the cluster change nothing there. The Durable Object gives the same counts in total and
 * the same requests sent from each location, hence the same multiplication, per-window figures, keys and bill; but
 * which location's requests it accepted may differ, by design: one object takes requests in the order they reach
 * it, and on the cluster two requests from different locations that reach it within its delivery error of each
 * other (a fraction of a millisecond, more on a loaded machine) can swap, moving an accept from one location to the
 * other. That also moves which requests it wrongly refused and the Retry-After they were told.
 */
@ClusterTest
class GlobalBotnetClusterTest {

    private static final int LOCATIONS = 16;
    // the 22 regions packed onto 3 members, as node processes hold several: 8 members take longer to form
    private static final int MEMBERS = 3;
    private static final Map<String, String> SMALLER = Map.of(
            "duration", "10s",
            "clients.botnet.count", "2000",
            "clients.botnet.rate", "0.02",
            "limiters.per-location.limit", "5",
            "limiters.binding.limit", "5",
            "limiters.durable-object.limit", "20");

    private static Scenario scenario;
    private static RunResult virtual;
    private static RunResult cluster;

    @BeforeAll
    static void runBothEngines() {
        Map<String, String> top = Map.of("clients.botnet.pops.top", Integer.toString(LOCATIONS));
        List<String> heaviest = ((ClientSpec.Population) ClusterRuns.shipped("global-botnet", top).clients().get(0))
                .pops().pops();
        Map<String, String> overrides = new HashMap<>(SMALLER);
        overrides.putAll(top);
        overrides.put("regions", "[" + String.join(", ", heaviest) + "]");
        scenario = ClusterRuns.shipped("global-botnet", overrides);
        virtual = ClusterRuns.virtual(scenario);
        cluster = ClusterRuns.engine(scenario, overrides, DecisionListener.NONE, 2.0, ClusterSettings.load(), MEMBERS)
                .run();
    }

    @Test
    void theReducedRunKeepsTheBotnetsShapeEveryLocationOverItsOwnLimit() {
        assertThat(cluster.engine()).isEqualTo("cluster");
        assertThat(scenario.pops()).hasSize(LOCATIONS);
        // the 16 locations and the 6 object homes nearest to them, each on one of the 3 members
        Map<String, String> placement = cluster.cluster().orElseThrow().placement();
        assertThat(placement).containsOnlyKeys(NodeRegions.of(scenario)).hasSize(LOCATIONS + 6);
        assertThat(Set.copyOf(placement.values())).hasSize(MEMBERS);
        LimiterResult perLocation = limiter(virtual, "per-location");
        perLocation.regions().forEach((pop, region) -> assertThat(region.counts().rejected()).as(pop).isPositive());
        // each location lets its own limit through, or one more (the cache's write-behind): the bound's 16 or above
        assertThat(perLocation.multiplication().orElseThrow()).isGreaterThanOrEqualTo(LOCATIONS);
        assertThat(perLocation.keys().bound().factor()).isEqualTo(LOCATIONS);
        assertThat(limiter(virtual, "durable-object").totals().accepted()).isEqualTo(20);
    }

    @Test
    void perLocationCountingGivesTheVirtualEnginesResultOnTheCluster() {
        for (String name : new String[] {"per-location", "binding"}) {
            assertThat(limiter(cluster, name)).as(name).isEqualTo(limiter(virtual, name));
        }
    }

    @Test
    void theDurableObjectGivesTheVirtualEnginesCountsAndWhatFollowsFromThem() {
        LimiterResult expected = limiter(virtual, "durable-object");
        LimiterResult actual = limiter(cluster, "durable-object");

        assertThat(actual.totals()).isEqualTo(expected.totals());
        expected.regions().forEach((pop, region) -> {
            assertThat(actual.regions().get(pop).counts().sent()).as("sent in " + pop)
                    .isEqualTo(region.counts().sent());
            assertThat(actual.regions().get(pop).counts().failed()).as("failed in " + pop).isZero();
        });
        assertThat(actual.exact().accepted()).isEqualTo(expected.exact().accepted());
        assertThat(actual.multiplication()).isEqualTo(expected.multiplication());
        assertThat(actual.perWindow()).isEqualTo(expected.perWindow());
        assertThat(actual.keys().bound()).isEqualTo(expected.keys().bound());
        assertThat(actual.keys().top()).isEqualTo(expected.keys().top());
        assertThat(actual.cost()).isEqualTo(expected.cost());
        assertThat(actual.stageStats()).isEqualTo(expected.stageStats());
        assertThat(actual.hotKeys()).isEqualTo(expected.hotKeys());
    }
}
