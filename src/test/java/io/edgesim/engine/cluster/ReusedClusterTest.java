package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.apache.pekko.actor.ActorIdentity;
import org.apache.pekko.actor.Identify;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.pattern.Patterns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two runs, one after the other, on one coordinator's cluster (as MultiProcessBenchmark runs them on node
 * processes): each counts as the virtual engine does, and the coordinator keeps no actor of a run that has ended (the
 * outcomes' collectors and the host watcher each held a run's whole record).
 */
@ClusterTest
class ReusedClusterTest {

    @TempDir
    static Path dir;

    @Test
    void twoRunsOnOneClusterCountAsTheVirtualEngineAndLeaveNoActorOfTheirsBehind() throws Exception {
        Scenario scenario = ClusterRuns.load(dir, """
                name = reused
                duration = 1s
                seed = 5
                regions = [FRA, SYD]
                clients = [ { name = c, key = "k", rate = 10, pops = [FRA] } ]
                limiters = [
                  { name = local, tier = cache, limit = 3, window = 60s }
                  { name = exact, tier = durable-object, limit = 4, window = 60s,
                    placement { policy = fixed, region = SYD } }
                ]
                """);
        RunResult virtual = ClusterRuns.virtual(scenario);
        ClusterSettings settings = ClusterSettings.load();
        try (JoinedCluster cluster = JoinedCluster.inProcess(settings, system -> RunHost.install(system, settings))) {
            List<Integer> leftBehind = new ArrayList<>();
            for (int run = 0; run < 2; run++) {
                RunResult result = new ClusterEngine(scenario, ClusterRuns.text(scenario, Map.of()),
                        DecisionListener.NONE, 1.0, settings, new ClusterEngine.OnNodes(cluster)).run();
                for (String name : List.of("local", "exact")) {
                    assertThat(limiter(result, name).totals()).as("run " + run + ", " + name)
                            .isEqualTo(limiter(virtual, name).totals());
                }
                leftBehind.add(actorsUnderSystem(cluster.system(), "outcomes-*")
                        + actorsUnderSystem(cluster.system(), "warm-up-outcomes-*")
                        + actorsUnderSystem(cluster.system(), "host-watcher-*"));
            }
            assertThat(leftBehind).containsExactly(0, 0);
        }
        assertThat(limiter(virtual, "exact").totals().rejected()).isGreaterThan(0);
    }

    // whether an actor under /system has a name matching pattern, once stopping it has been processed: 1 or 0
    private static int actorsUnderSystem(ActorSystem<?> system, String pattern) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            Object answer = Patterns.ask(Adapter.toClassic(system).actorSelection("/system/" + pattern),
                    new Identify(pattern), Duration.ofMillis(300)).toCompletableFuture()
                    .handle((identity, timeout) -> identity).get();
            boolean found = answer instanceof ActorIdentity identity && identity.getActorRef().isPresent();
            if (!found || System.nanoTime() > deadline) {
                return found ? 1 : 0;
            }
            Thread.sleep(100);
        }
    }
}
