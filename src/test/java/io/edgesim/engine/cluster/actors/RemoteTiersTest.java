package io.edgesim.engine.cluster.actors;

import io.edgesim.engine.cluster.ShardWarmUp;
import io.edgesim.model.Outcome;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RemoteTiersTest {

    private static final long MILLI = 1_000_000L;

    private static RemoteTiers tiers(Path dir) throws IOException {
        Path file = dir.resolve("scenario.conf");
        Files.writeString(file, """
                name = remote
                duration = 1s
                regions = [FRA, IAD]
                clients = [ { name = c, key = "k", rate = 1 } ]
                limiters = [
                  { name = local, tier = cache, limit = 1, window = 60s }
                  { name = shield, chain = [
                      { tier = durable-object, limit = 1, window = 60s, service-time = 2ms,
                        placement { policy = fixed, region = FRA } }
                      { tier = origin, limit = 1, window = 60s, region = IAD }
                    ] }
                ]
                """);
        return RemoteTiers.of(ScenarioLoader.load(file, Path.of("regions.conf")));
    }

    @Test
    void everyRemoteStageIsANamespaceLimiterDotStage(@TempDir Path dir) throws IOException {
        RemoteTiers tiers = tiers(dir);

        assertThat(tiers.tier("0.0")).as("an in-PoP stage").isNull();
        assertThat(tiers.tier("1.0").durableObject()).isTrue();
        assertThat(tiers.tier("1.1").durableObject()).isFalse();
        assertThat(tiers.tier(ShardWarmUp.NAMESPACE)).isNull();
    }

    @Test
    void aWarmUpNamespaceIsTheSameStageUnderItsOwnName(@TempDir Path dir) throws IOException {
        RemoteTiers tiers = tiers(dir);

        RemoteTiers.Tier warmUp = tiers.tier(RemoteTiers.WARM_UP_PREFIX + "1.0");

        assertThat(warmUp.namespace()).isEqualTo("warm-up/1.0");
        assertThat(warmUp.stage()).isSameAs(tiers.tier("1.0").stage());
    }

    @Test
    void aRunPrefixKeepsTheStageAndOnlyAWarmUpSegmentMakesItWarmUp(@TempDir Path dir) throws IOException {
        RemoteTiers tiers = tiers(dir);

        RemoteTiers.Tier run = tiers.tier("k3x9/1.1");
        RemoteTiers.Tier warmUp = tiers.tier("k3x9/" + RemoteTiers.WARM_UP_PREFIX + "1.1");

        assertThat(run.namespace()).isEqualTo("k3x9/1.1");
        assertThat(run.stage()).isSameAs(tiers.tier("1.1").stage());
        assertThat(warmUp.stage()).isSameAs(tiers.tier("1.1").stage());
        assertThat(tiers.tier("k3x9/0.0")).as("an in-PoP stage under a prefix").isNull();
        assertThat(tiers.tier("k3x9/" + ShardWarmUp.NAMESPACE)).isNull();
        assertThat(RemoteTiers.warmUp("k3x9/warm-up/1.1")).isTrue();
        assertThat(RemoteTiers.warmUp("warm-up/1.1")).isTrue();
        assertThat(RemoteTiers.warmUp("k3x9/1.1")).isFalse();
        assertThat(RemoteTiers.warmUp("1.1")).isFalse();
        assertThat(RemoteTiers.warmUp("k3x9/")).isFalse();
        assertThat(RemoteTiers.warmUp("k3x9/warm-up/")).isTrue();
    }

    @Test
    void aDurableObjectServesWithTheModelsServiceTimeAndBillsItsRequests(@TempDir Path dir) throws IOException {
        RemoteTiers tiers = tiers(dir);
        KeyIds keys = new KeyIds();
        int k = keys.idOf("k", null);
        RemoteTier object = tiers.tier("1.0").newTier(keys, tiers.regions(), tiers.faults());
        ObjectRoute route = new ObjectRoute("k", "FRA");
        StageVerdict verdict = new StageVerdict();

        long firstReply = object.serve(route, k, 10 * MILLI, 1, verdict);
        long secondReply = object.serve(route, k, 10 * MILLI, 1, verdict);

        assertThat(firstReply).isEqualTo(12 * MILLI);
        assertThat(secondReply).as("queued behind the first").isEqualTo(14 * MILLI);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(object.usage().durableObjectRequests()).isEqualTo(2);
        assertThat(object.stats()).containsEntry("objects", 1L);
    }

    @Test
    void anOriginKeyIsDecidedAtArrivalAndNotBilled(@TempDir Path dir) throws IOException {
        RemoteTiers tiers = tiers(dir);
        KeyIds keys = new KeyIds();
        int k = keys.idOf("k", null);
        RemoteTier origin = tiers.tier("1.1").newTier(keys, tiers.regions(), tiers.faults());
        ObjectRoute route = new ObjectRoute("k", "IAD");
        StageVerdict verdict = new StageVerdict();

        origin.serve(route, k, 5 * MILLI, 1, verdict);
        assertThat(verdict.outcome()).isEqualTo(Outcome.ACCEPTED);
        origin.serve(route, k, 5 * MILLI, 1, verdict);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(origin.usage()).isEqualTo(Usage.NONE);
    }
}
