package io.edgesim.model.tier.local;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.key.KeyIds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class KeyCountersTest {

    private static final long SECOND = 1_000_000_000L;

    private static AlgorithmSpec spec(AlgorithmKind kind) {
        return kind.windowed() ? AlgorithmSpec.windowed(kind, 4, SECOND) : AlgorithmSpec.rated(kind, 3.5, 4);
    }

    @ParameterizedTest
    @EnumSource(AlgorithmKind.class)
    void hashedAndDenseDecideAndAllowAsOneCounterObjectPerKeyAndClearStartsEveryKeyAfresh(AlgorithmKind kind) {
        AlgorithmSpec spec = spec(kind);
        KeyCounters hashed = KeyCounters.hashed(spec, new KeyIds());
        KeyCounters dense = KeyCounters.dense(spec, new KeyIds());
        KeyCounters asked = KeyCounters.hashed(spec, new KeyIds());
        KeyCounters askedDense = KeyCounters.dense(spec, new KeyIds());
        Map<Integer, RateCounter> objects = new HashMap<>();
        SplittableRandom random = new SplittableRandom(9);
        long t = 0;
        for (int i = 0; i < 20_000; i++) {
            t += random.nextLong(SECOND / 200);
            // key numbers past the first capacities, so that both grow
            int key = random.nextInt(300);
            long cost = random.nextLong(3);
            var expected = objects.computeIfAbsent(key, k -> spec.newCounter()).tryAcquire(t, cost);
            assertThat(hashed.tryAcquire(key, t, cost)).as("hashed, request %d", i).isEqualTo(expected);
            assertThat(dense.tryAcquire(key, t, cost)).as("dense, request %d", i).isEqualTo(expected);
            assertThat(asked.allows(key, t, cost)).as("hashed allows, request %d", i).isEqualTo(expected.allowed());
            assertThat(askedDense.allows(key, t, cost)).as("dense allows, request %d", i)
                    .isEqualTo(expected.allowed());
            if (i % 5_000 == 4_999) {
                hashed.clear();
                dense.clear();
                asked.clear();
                askedDense.clear();
                objects.clear();
            }
        }
    }
}
