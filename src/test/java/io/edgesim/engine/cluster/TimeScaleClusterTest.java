package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static io.edgesim.result.RunResults.limiter;
import static io.edgesim.engine.cluster.ClusterRuns.rttMs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@ClusterTest
class TimeScaleClusterTest {

    private static final String SCENARIO = """
            name = time-scale
            duration = 3s
            seed = 5
            regions = [FRA, SYD]
            clients = [ { name = c, key = "k", rate = 10, pops = [FRA, SYD] } ]
            limiters = [ { name = exact, tier = durable-object, limit = 20, window = 60s,
                           placement { policy = fixed, region = FRA } }
                         { name = kv, tier = kv, limit = 5, window = 60s } ]
            """;

    @Test
    void atSpeedTwoTheTrafficTakesHalfTheWallTimeWhileLatenciesStayInScenarioTime(@TempDir Path dir)
            throws IOException {
        Scenario scenario = ClusterRuns.load(dir, SCENARIO);
        Measured normal = run(scenario, 1.0);
        Measured doubled = run(scenario, 2.0);

        assertThat((double) doubled.fidelity.traffic().toNanos() / normal.fidelity.traffic().toNanos())
                .as("wall time of the traffic at speed 2 over speed 1").isBetween(0.4, 0.65);
        double roundTripMs = rttMs(scenario, "SYD", "FRA") + 1;
        assertThat(normal.sydneyP50Ms()).isCloseTo(roundTripMs, within(5.0));
        // at speed 2 a millisecond of real lateness is two of scenario time
        assertThat(doubled.sydneyP50Ms()).isCloseTo(roundTripMs, within(10.0));
        assertThat(doubled.exact().totals()).isEqualTo(normal.exact().totals());
    }

    // a kv stage's store is one object in memory: every PoP runs on one member
    @Test
    void aKvCounterCountsAndAddsItsModelledLatencyAsTheVirtualEngineDoes(@TempDir Path dir) throws IOException {
        Scenario scenario = ClusterRuns.load(dir, SCENARIO);
        Measured normal = run(scenario, 1.0);

        assertThat(limiter(normal.result, "kv").regions()).isEqualTo(limiter(ClusterRuns.virtual(scenario), "kv")
                .regions());
        assertThat(normal.fidelity.nodes()).isEqualTo(1);
    }

    private static Measured run(Scenario scenario, double speed) {
        ClusterEngine engine = ClusterRuns.engine(scenario, DecisionListener.NONE, speed);
        RunResult result = engine.run();
        return new Measured(result, engine.fidelity());
    }

    private record Measured(RunResult result, Fidelity fidelity) {

        LimiterResult exact() {
            return limiter(result, "exact");
        }

        double sydneyP50Ms() {
            return exact().regions().get("SYD").latencyMs().p50();
        }
    }
}
