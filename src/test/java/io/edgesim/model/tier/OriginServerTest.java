package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
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
                new TierSettings.Origin("IAD", 2 * MS, 0, false), keys);

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
        assertThat(origin.route("k", keys.idOf("k", null), "SYD")).isEqualTo(new ObjectRoute("k", "IAD"));
    }
}
