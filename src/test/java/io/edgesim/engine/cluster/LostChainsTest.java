package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.Admission;
import io.edgesim.engine.cluster.actors.ChainSink;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.model.Request;
import io.edgesim.model.cost.Usage;
import io.edgesim.report.ConsoleReport;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Chains a lost cluster node leaves unfinished: recorded failed where they were, with no latency sample. */
class LostChainsTest {

    private final Scenario scenario = ScenarioLoader.load(Path.of("scenarios/edge-shield.conf"),
            Path.of("regions.conf"));
    private final Admissions admissions = new Admissions(scenario);
    private final OutcomeSink sink = new OutcomeSink(scenario, ClusterEngine.NAME, DecisionListener.NONE,
            admissions.keys(), ChainSink.NONE);

    // one request of the scraper in FRA handed to its PoP; the number of chains it starts
    private int handOne() {
        Request request = new Request(0, 0, "FRA", "scraper", "scraper-key", null, null, null, null, 1, null);
        List<Admission> admitted = admissions.admit(request);
        assertThat(sink.expect(scenario.pops().indexOf("FRA"), request, admitted)).isTrue();
        return admitted.size();
    }

    private RunResult finish() {
        int limiters = scenario.limiters().size();
        return sink.finish(Collections.nCopies(limiters, Usage.NONE), Collections.nCopies(limiters, Map.of()),
                Collections.nCopies(limiters, List.of()), scenario.durationNanos());
    }

    private LimiterResult limiter(RunResult result, String name) {
        return result.limiters().stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aChainWaitingOnALostNodeFailsAtItsRemoteStageWithoutALatencySample() throws InterruptedException {
        int chains = handOne();
        sink.nodeLost();

        sink.awaitRecorded(chains, Duration.ofMillis(50));

        RunResult result = finish();
        LimiterResult shield = limiter(result, "cache-shield");
        assertThat(shield.totals().failed()).isEqualTo(1);
        // a region of no latency sample shows none, not 0.00 ms
        assertThat(ConsoleReport.render(result)).contains("FRA        1         0         0       1            0"
                + "        0       -       -       -       -");
        // the cache passed it on; the origin, homed on the lost node, never answered
        assertThat(shield.rejectedBy().get("0:cache").refused()).isZero();
        assertThat(shield.rejectedBy().get("1:origin").refused()).isEqualTo(1);
        assertThat(shield.regions().get("FRA").latencyMs().samples()).isZero();
    }

    @Test
    void aChainOfALostPopFailsAtItsFirstStage() {
        handOne();

        sink.popLost(scenario.pops().indexOf("FRA"));

        LimiterResult shield = limiter(finish(), "cache-shield");
        assertThat(shield.totals().failed()).isEqualTo(1);
        assertThat(shield.rejectedBy().get("0:cache").refused()).isEqualTo(1);
    }

    @Test
    void aStallWithoutALostNodeIsABug() {
        int chains = handOne();

        assertThatThrownBy(() -> sink.awaitRecorded(chains, Duration.ofMillis(50)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("did not complete");
    }
}
