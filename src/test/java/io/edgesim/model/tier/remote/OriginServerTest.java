package io.edgesim.model.tier.remote;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.TestRequests;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.serve;
import static org.assertj.core.api.Assertions.assertThat;

class OriginServerTest {

    @Test
    void countsExactlyPerKeyWithoutQueueing() {
        KeyIds keys = new KeyIds();
        OriginServer origin = new OriginServer(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 3, SECOND),
                new TierSettings.Origin("IAD", 2 * MS), keys, 0);

        int accepted = 0;
        for (int i = 0; i < 10; i++) {
            TestRequests.Served served = serve(origin, keys, "k", "FRA", i * 10_000L, 1);
            assertThat(served.replyNanos()).isEqualTo(i * 10_000L + 2 * MS);
            assertThat(served.result().addedLatencyNanos()).isEqualTo(2 * MS);
            accepted += served.result().outcome() == Outcome.ACCEPTED ? 1 : 0;
        }

        assertThat(accepted).isEqualTo(3);
        assertThat(serve(origin, keys, "other", "FRA", MS, 1).result().outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(serve(origin, keys, "k", "FRA", SECOND, 1).result().outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(origin.route("k", keys.idOf("k", null), "SYD", 0)).isEqualTo(new ObjectRoute("k", "IAD"));
    }

    @Test
    void serviceTimesWithATailReproduceTheirMedianAndP99() {
        KeyIds keys = new KeyIds();
        OriginServer origin = new OriginServer(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, SECOND),
                new TierSettings.Origin("IAD", MS, 15 * MS, 0, false), keys, 7);
        int n = 100_000;
        long[] service = new long[n];
        for (int i = 0; i < n; i++) {
            TestRequests.Served served = serve(origin, keys, "k" + (i % 100), "FRA", i * 1_000L, 1);
            service[i] = served.replyNanos() - i * 1_000L;
            assertThat(served.result().addedLatencyNanos()).isEqualTo(service[i]);
        }
        java.util.Arrays.sort(service);

        assertThat((double) service[n / 2 - 1]).isBetween(0.98 * MS, 1.02 * MS);
        assertThat((double) service[(int) (0.99 * n) - 1]).isBetween(0.98 * 15 * MS, 1.02 * 15 * MS);
    }
}
