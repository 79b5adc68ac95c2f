package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Usage;
import org.junit.jupiter.api.Test;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

class DurableObjectNamespaceTest {

    @Test
    void perAreaObjectsCountSeparatelyAndUsageSumsOverObjects() {
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(MS, 100, true, new Placement(Placement.Policy.PER_AREA, null, null)),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 60 * SECOND), TestRegions.map());

        ObjectRoute europe = namespace.route("k", "FRA");
        ObjectRoute america = namespace.route("k", "GRU");
        assertThat(namespace.serve(europe.objectName(), 0, 1).result().outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(namespace.serve(europe.objectName(), 10 * MS, 1).result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(namespace.serve(america.objectName(), 20 * MS, 1).result().outcome()).isEqualTo(Outcome.ACCEPTED);

        assertThat(namespace.objectCount()).isEqualTo(2);
        assertThat(namespace.usage()).isEqualTo(new Usage(3, 2, 3, 3 * MS, 0, 0));
    }
}
