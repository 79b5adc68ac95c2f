package io.edgesim.model.tier.local;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.TestRequests;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IsolatePoolTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private StageResult decide(PopTier tier, Request request, String key, long nowNanos) {
        return TestRequests.decide(tier, keys, request, key, nowNanos);
    }

    private static final long HOUR = 3_600 * SECOND;

    @Test
    void eachIsolateCountsOnItsOwn() {
        // lifetimes far beyond the test: no eviction, so 4 isolates x limit 1 = 4 acceptances
        IsolatePool pool = new IsolatePool(new TierSettings.Isolate(4, 1_000 * HOUR),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, HOUR), new SplittableRandom(7), keys);

        int accepted = 0;
        for (int i = 0; i < 200; i++) {
            if (decide(pool, at(i * MS, "FRA"), "k", i * MS).outcome() == Outcome.ACCEPTED) {
                accepted++;
            }
        }

        assertThat(accepted).isEqualTo(4);
        assertThat(pool.evictions()).isZero();
    }

    @Test
    void evictionResetsTheCounters() {
        // one isolate, limit 1 per hour: a request is accepted exactly when a fresh isolate replaced the old one
        // since the previous request
        IsolatePool pool = new IsolatePool(new TierSettings.Isolate(1, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, HOUR), new SplittableRandom(11), keys);
        assertThat(decide(pool, at(0, "FRA"), "k", 0).outcome()).isEqualTo(Outcome.ACCEPTED);

        int accepted = 0;
        long evictionsBefore = pool.evictions();
        for (int i = 1; i <= 20_000; i++) {
            long t = i * MS;
            Outcome outcome = decide(pool, at(t, "FRA"), "k", t).outcome();
            boolean evicted = pool.evictions() > evictionsBefore;
            assertThat(outcome).as("request at %d ms", i).isEqualTo(evicted ? Outcome.ACCEPTED : Outcome.REJECTED);
            accepted += outcome == Outcome.ACCEPTED ? 1 : 0;
            evictionsBefore = pool.evictions();
        }

        assertThat(accepted).isGreaterThan(5);
    }

    @Test
    void countsAreKeptPerKey() {
        IsolatePool pool = new IsolatePool(new TierSettings.Isolate(1, 1_000 * HOUR),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, HOUR), new SplittableRandom(3), keys);

        assertThat(decide(pool, at(0, "FRA"), "a", 0).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(decide(pool, at(MS, "FRA"), "b", MS).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(decide(pool, at(2 * MS, "FRA"), "a", 2 * MS).outcome()).isEqualTo(Outcome.REJECTED);
    }

    @Test
    void meanLifetimeMatchesTheSetting() {
        // over 10,000 mean lifetimes an isolate is replaced about 10,000 times (standard deviation ~100)
        IsolatePool pool = new IsolatePool(new TierSettings.Isolate(1, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, HOUR), new SplittableRandom(2024), keys);

        decide(pool, at(0, "FRA"), "k", 0);
        decide(pool, at(10_000 * SECOND, "FRA"), "k", 10_000 * SECOND);

        assertThat(pool.evictions()).isBetween(9_500L, 10_500L);
    }

    @Test
    void addsNoLatency() {
        IsolatePool pool = new IsolatePool(new TierSettings.Isolate(2, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND), new SplittableRandom(1), keys);

        assertThat(decide(pool, at(0, "FRA"), "k", 0).addedLatencyNanos()).isZero();
    }

    @Test
    void rejectsAnEmptyPool() {
        assertThatThrownBy(() -> new IsolatePool(new TierSettings.Isolate(0, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND), new SplittableRandom(1), keys))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
    }
}
