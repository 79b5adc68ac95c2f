package io.edgesim.engine.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class NodeRegionsTest {

    @Test
    void everyPopThenEveryRegionARemoteStageCanHomeAnObjectIn(@TempDir Path dir) throws IOException {
        // Sao Paulo and Osaka host no Durable Objects (regions.conf)
        var scenario = ClusterRuns.load(dir, """
                name = homes
                duration = 1s
                regions = [GRU, KIX, FRA]
                clients = [ { name = c, key = "k", rate = 1 } ]
                limiters = [
                  { name = first, tier = durable-object, limit = 1, window = 60s,
                    placement { policy = first-request } }
                  { name = area, tier = durable-object, limit = 1, window = 60s, placement { policy = per-area } }
                  { name = hinted, tier = durable-object, limit = 1, window = 60s,
                    placement { policy = location-hint, hint = oc } }
                  { name = fixed, tier = durable-object, limit = 1, window = 60s,
                    placement { policy = fixed, region = LHR } }
                  { name = origin, tier = origin, limit = 1, window = 60s, region = DFW }
                ]
                """);

        assertThat(NodeRegions.of(scenario)).containsExactly(
                "GRU", "KIX", "FRA",  // the PoPs
                "IAD", "NRT",         // first-request: the Durable Object region nearest GRU, then KIX
                "SIN",                // per-area: the home of apac (KIX); sam's (GRU) is IAD, weur's FRA
                "SYD",                // location hint oc
                "LHR",                // fixed
                "DFW");               // the origin
    }

    @Test
    void aScenarioWithInPopTiersOnlyNeedsItsPops(@TempDir Path dir) throws IOException {
        var scenario = ClusterRuns.load(dir, """
                name = local
                duration = 1s
                regions = [FRA, SYD]
                clients = [ { name = c, key = "k", rate = 1 } ]
                limiters = [ { name = local, tier = cache, limit = 1, window = 60s } ]
                """);

        assertThat(NodeRegions.of(scenario)).containsExactly("FRA", "SYD");
        assertThat(NodeRegions.smallestOneWayNanos(scenario)).isZero();
    }

    @Test
    void theSmallestInjectedDelayIsTheShortestOneWayFromAPopToAHome(@TempDir Path dir) throws IOException {
        var far = ClusterRuns.load(dir, """
                name = far
                duration = 1s
                regions = [SYD, AMS]
                clients = [ { name = c, key = "k", rate = 1 } ]
                limiters = [ { name = exact, tier = durable-object, limit = 1, window = 60s,
                               placement { policy = fixed, region = FRA } } ]
                """);
        // AMS-FRA: 6.217 ms round trip (great-circle estimate, regions.conf), so 3.1085 ms one way
        assertThat(NodeRegions.smallestOneWayNanos(far)).isEqualTo(far.regions().rttNanos("AMS", "FRA") / 2)
                .isBetween(3_000_000L, 3_200_000L);

        var home = ClusterRuns.load(dir, """
                name = home
                duration = 1s
                regions = [SYD, FRA]
                clients = [ { name = c, key = "k", rate = 1 } ]
                limiters = [ { name = exact, tier = durable-object, limit = 1, window = 60s,
                               placement { policy = fixed, region = FRA } } ]
                """);
        // a PoP that is the home sends within the PoP: half of regions.intra-pop-rtt (1 ms)
        assertThat(NodeRegions.smallestOneWayNanos(home)).isEqualTo(500_000L);
    }
}
