package io.edgesim.model.tier.remote;

import io.edgesim.model.Outcome;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.TestRegions;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

class DurableObjectNamespaceTest {

    @Test
    void perAreaObjectsCountSeparatelyAndUsageSumsOverObjects() {
        KeyIds keys = new KeyIds();
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(MS, 100, true, new Placement(Placement.Policy.PER_AREA, null, null)),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 60 * SECOND), TestRegions.map(), keys,
                FaultTimeline.none(TestRegions.map()), 0);
        int k = keys.idOf("k", null);
        StageVerdict verdict = new StageVerdict();

        ObjectRoute europe = namespace.route("k", k, "FRA", 0);
        ObjectRoute america = namespace.route("k", k, "GRU", 0);
        namespace.serve(europe, k, 0, 1, verdict);
        assertThat(verdict.outcome()).isEqualTo(Outcome.ACCEPTED);
        namespace.serve(europe, k, 10 * MS, 1, verdict);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REJECTED);
        namespace.serve(america, k, 20 * MS, 1, verdict);
        assertThat(verdict.outcome()).isEqualTo(Outcome.ACCEPTED);

        assertThat(namespace.objectCount()).isEqualTo(2);
        // the objects, then where each is at home, in the order of the region codes
        assertThat(namespace.stats()).containsExactly(java.util.Map.entry("objects", 2L),
                java.util.Map.entry("objects_in_" + europe.homeRegion(), 1L),
                java.util.Map.entry("objects_in_" + america.homeRegion(), 1L));
        assertThat(europe.homeRegion()).isLessThan(america.homeRegion());
        assertThat(namespace.usage()).isEqualTo(new Usage(3, 2, 3, 3 * MS, 0, 0));
    }

    @Test
    void touchingKeysCreatesNoObjectAndChangesNoAnswer() {
        assertThat(firstRequestAnswers(true)).isEqualTo(firstRequestAnswers(false));
    }

    // the outcomes of 200 requests over 5 keys of first-request objects, then the objects created; when touching,
    // every key number 0..9 is touched before each request (keys 5..9 send none)
    private static String firstRequestAnswers(boolean touching) {
        KeyIds keys = new KeyIds();
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(MS, 100, true, new Placement(Placement.Policy.FIRST_REQUEST, null,
                        null)),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 3, SECOND), TestRegions.map(), keys,
                FaultTimeline.none(TestRegions.map()), 0);
        for (int k = 0; k < 10; k++) {
            keys.idOf("k" + k, null);
        }
        StringBuilder answers = new StringBuilder();
        StageVerdict verdict = new StageVerdict();
        for (int i = 0; i < 200; i++) {
            if (touching) {
                for (int k = 0; k < 10; k++) {
                    namespace.touch(k);
                }
            }
            int k = i % 5;
            ObjectRoute route = namespace.route("k" + k, k, i % 2 == 0 ? "FRA" : "GRU", i);
            namespace.serve(route, k, i * 50 * MS, 1, verdict);
            answers.append(route.homeRegion()).append(verdict.outcome().name().charAt(0));
        }
        assertThat(answers.toString()).contains("A").contains("R");
        return answers.append(" objects ").append(namespace.objectCount()).toString();
    }

    @Test
    void serviceTimeDrawsFollowTheRunsSeedAndTheStageNotOnlyTheObjectsName() {
        long[] seven = serviceTimes(RemoteTier.drawSeed(7, 0, 0));
        assertThat(serviceTimes(RemoteTier.drawSeed(7, 0, 0))).containsExactly(seven);
        assertThat(serviceTimes(RemoteTier.drawSeed(8, 0, 0))).isNotEqualTo(seven);
        assertThat(serviceTimes(RemoteTier.drawSeed(7, 1, 0))).isNotEqualTo(seven);
        assertThat(serviceTimes(RemoteTier.drawSeed(7, 0, 1))).isNotEqualTo(seven);
    }

    // the time 20 requests, 1 s apart (no queueing), spend at object "k" of a namespace with a service-time tail
    private static long[] serviceTimes(long drawSeed) {
        KeyIds keys = new KeyIds();
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(MS, 15 * MS, 100, true, new Placement(Placement.Policy.FIXED, "FRA",
                        null), 0, false, 1),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1000, 60 * SECOND), TestRegions.map(), keys,
                FaultTimeline.none(TestRegions.map()), drawSeed);
        int k = keys.idOf("k", null);
        ObjectRoute route = namespace.route("k", k, "FRA", 0);
        StageVerdict verdict = new StageVerdict();
        long[] times = new long[20];
        for (int i = 0; i < times.length; i++) {
            namespace.serve(route, k, i * SECOND, 1, verdict);
            times[i] = verdict.addedLatencyNanos();
        }
        return times;
    }
}
