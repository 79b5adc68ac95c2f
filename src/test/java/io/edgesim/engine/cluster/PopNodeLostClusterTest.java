package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.result.Counts;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A PoP's member is really gone mid-run (its ActorSystem terminated, not a simulated fault): the run completes, the
 * requests landing in that PoP from then on are counted at the nearest PoP left, and every request is accounted for.
 * Ten clients' worth of traffic per PoP: 10 requests per second each in FRA, AMS and LHR for 10 s; LHR's node is
 * stopped about 4 s in, and AMS (6 ms away) takes its traffic.
 */
@ClusterTest
class PopNodeLostClusterTest {

    private static final long S = 1_000_000_000L;

    @Test
    void aStoppedPopNodesTrafficFailsOverAndEveryRequestIsAccountedFor(@TempDir Path dir) throws Exception {
        Scenario scenario = ClusterRuns.load(dir, """
                name = node-lost
                duration = 10s
                seed = 9
                regions = [FRA, AMS, LHR]
                clients = [
                  { name = fra, key = "f", rate = 10, pops = [FRA] }
                  { name = ams, key = "a", rate = 10, pops = [AMS] }
                  { name = lhr, key = "l", rate = 10, pops = [LHR] }
                ]
                limiters = [
                  { name = local, tier = cache, limit = 100000, window = 60s }
                  { name = exact, tier = durable-object, limit = 100000, window = 60s, timeout = 1s,
                    fail-open = true, placement { policy = fixed, region = FRA } }
                ]
                """);
        ClusterEngine engine = ClusterRuns.engine(scenario, DecisionListener.NONE, 1.0);
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(engine::run);
        while (engine.progress().scenarioNanos() < 4 * S && !run.isDone()) {
            Thread.sleep(20);
        }
        StandaloneNode london = engine.runningMember("LHR");
        assertThat(london).as("the run is still sending traffic").isNotNull();
        london.system().terminate();
        RunResult result = run.get(120, TimeUnit.SECONDS);

        for (String name : new String[] {"local", "exact"}) {
            LimiterResult l = limiter(result, name);
            // every request accounted for; none refused, since neither limit is ever reached
            assertThat(l.totals().sent()).as(name).isEqualTo(300);
            assertThat(l.totals().rejected()).as(name).isZero();
            Counts lhr = l.regions().get("LHR").counts();
            Counts ams = l.regions().get("AMS").counts();
            // LHR took its first ~4 s; AMS its own 100 and the rest of London's
            assertThat(lhr.sent()).as(name).isBetween(30L, 60L);
            assertThat(lhr.sent() + ams.sent()).as(name).isEqualTo(200);
            assertThat(l.regions().get("FRA").counts()).as(name).isEqualTo(new Counts(100, 100, 0, 0, 0));
            // only the chains London had not finished when its node was gone failed, closed: those of the second or
            // so its shutdown took (the feeder learns of it when the ActorSystem has terminated)
            assertThat(lhr.failed()).as(name).isLessThanOrEqualTo(30);
            assertThat(lhr.failedOpen()).as(name).isZero();
            assertThat(ams.failed()).as(name).isZero();
        }
    }
}
