package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import org.junit.jupiter.api.Test;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

class OriginServerTest {

    @Test
    void countsExactlyPerKeyWithoutQueueing() {
        OriginServer origin = new OriginServer(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 3, SECOND),
                new TierSettings.Origin("IAD", 2 * MS));

        int accepted = 0;
        for (int i = 0; i < 10; i++) {
            ServeResult result = origin.serve("k", i * 10_000L, 1);
            assertThat(result.startNanos()).isEqualTo(i * 10_000L);
            assertThat(result.replyNanos()).isEqualTo(i * 10_000L + 2 * MS);
            assertThat(result.result().addedLatencyNanos()).isEqualTo(2 * MS);
            accepted += result.result().outcome() == Outcome.ACCEPTED ? 1 : 0;
        }

        assertThat(accepted).isEqualTo(3);
        assertThat(origin.serve("other", MS, 1).result().outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(origin.serve("k", SECOND, 1).result().outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(origin.route("k")).isEqualTo(new ObjectRoute("k", "IAD"));
    }
}
