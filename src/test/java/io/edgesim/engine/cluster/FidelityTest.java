package io.edgesim.engine.cluster;

import io.edgesim.result.ClusterRun.Lateness;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class FidelityTest {

    @Test
    void describesTheRunInTwoLinesWithCountsInTheSingularWhereThereIsOne() {
        Fidelity one = new Fidelity(4, 1, new Lateness(1, 0.25, 0.5, 0.75), new Lateness(2, 0.1, 0.2, 0.3),
                Duration.ofMillis(1_250), Duration.ofMillis(15_000));
        assertThat(one.describe().lines()).containsExactly(
                "cluster of 1 node, speed 4: Up in 1.3 s, traffic took 15.0 s of wall time",
                "injected latencies handled late by p50 0.25 ms, p99 0.50 ms, max 0.75 ms (1 message); request "
                        + "arrivals by p50 0.10 ms, p99 0.20 ms, max 0.30 ms (2 messages)");
        Fidelity eight = new Fidelity(0.5, 8, new Lateness(1_770, 0.2, 3.75, 15.38), new Lateness(0, 0, 0, 0),
                Duration.ofMillis(4_600), Duration.ofMillis(59_200));
        assertThat(eight.describe()).startsWith("cluster of 8 nodes, speed 0.5: Up in 4.6 s")
                .contains("(1,770 messages)").endsWith("; no request arrivals (0 messages)");
        // limiters that wait out no latency: none to judge, not a line of zeros
        Fidelity kv = new Fidelity(4, 1, new Lateness(0, 0, 0, 0), new Lateness(2, 0.1, 0.2, 0.3),
                Duration.ofMillis(1_250), Duration.ofMillis(15_000));
        assertThat(kv.describe().lines().toList().get(1)).isEqualTo("no injected latency to wait out (0 messages); "
                + "request arrivals by p50 0.10 ms, p99 0.20 ms, max 0.30 ms (2 messages)");
    }
}
