package io.edgesim.model.tier.local;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.reference.ReferenceKvEdge;
import io.edgesim.model.reference.ReferenceKvStore;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.TestRegions;
import io.edgesim.model.tier.TestRequests;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.SplittableRandom;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KvTierTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private StageResult decide(PopTier tier, Request request, String key, long nowNanos) {
        return TestRequests.decide(tier, keys, request, key, nowNanos);
    }

    private static final long HOUR = 3_600 * SECOND;
    private static final FaultTimeline NO_FAULTS = FaultTimeline.none(TestRegions.map());

    private static TierSettings.Kv settings(boolean failOpen) {
        return new TierSettings.Kv(60 * SECOND, 60 * SECOND, MS, 5 * MS, 20 * MS, SECOND, failOpen);
    }

    private static AlgorithmSpec perHour(long limit) {
        return AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, limit, HOUR);
    }

    private StageResult send(KvEdge edge, String pop, long t) {
        return decide(edge, at(t, pop), "k", t);
    }

    @Test
    void eachPopCountsOnItsOwnCopyUntilItExpires() {
        // SYD at even seconds, FRA at odd ones: after its first read each PoP only sees its own writes, so a
        // limit of 4 lets 7 through; once the copies expire (60 s after their fetch) both read the stored 4
        KvStore store = new KvStore(settings(true), perHour(4), keys);
        KvEdge syd = new KvEdge(settings(true), perHour(4), store, new SplittableRandom(1), keys, NO_FAULTS);
        KvEdge fra = new KvEdge(settings(true), perHour(4), store, new SplittableRandom(2), keys, NO_FAULTS);

        int accepted = 0;
        for (int s = 0; s < 120; s++) {
            StageResult result = send(s % 2 == 0 ? syd : fra, s % 2 == 0 ? "SYD" : "FRA", s * SECOND);
            assertThat(result.outcome()).isNotEqualTo(Outcome.FAILED);
            accepted += result.outcome() == Outcome.ACCEPTED ? 1 : 0;
        }

        assertThat(accepted).isEqualTo(7);
        Usage billed = store.usage().plus(syd.usage()).plus(fra.usage());
        assertThat(billed.kvReads()).isEqualTo(120);
        assertThat(billed.kvWrites()).isEqualTo(7);
    }

    @Test
    void ownWriteIsVisibleAtOnceInTheWritingPop() {
        KvStore store = new KvStore(settings(true), perHour(2), keys);
        KvEdge fra = new KvEdge(settings(true), perHour(2), store, new SplittableRandom(1), keys, NO_FAULTS);

        assertThat(send(fra, "FRA", 0).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(send(fra, "FRA", SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(send(fra, "FRA", 2 * SECOND).outcome()).isEqualTo(Outcome.REJECTED);
    }

    /** SYD caches count 1 at t = 0; FRA then fills the limit of 3 at 1 s and 2 s. */
    private KvEdge sydAfterFraFilledTheLimit() {
        KvStore store = new KvStore(settings(true), perHour(3), keys);
        KvEdge syd = new KvEdge(settings(true), perHour(3), store, new SplittableRandom(1), keys, NO_FAULTS);
        KvEdge fra = new KvEdge(settings(true), perHour(3), store, new SplittableRandom(2), keys, NO_FAULTS);
        assertThat(send(syd, "SYD", 0).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(send(fra, "FRA", SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(send(fra, "FRA", 2 * SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(send(fra, "FRA", 3 * SECOND).outcome()).isEqualTo(Outcome.REJECTED);
        return syd;
    }

    @Test
    void otherPopDecidesOnItsStaleCopyBeforeTheCacheTtl() {
        KvEdge syd = sydAfterFraFilledTheLimit();

        StageResult result = send(syd, "SYD", 60 * SECOND - 1);

        assertThat(result.outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(result.addedLatencyNanos()).isEqualTo(MS);
    }

    @Test
    void otherPopSeesTheWriteOnceItsCopyExpires() {
        KvEdge syd = sydAfterFraFilledTheLimit();

        StageResult result = send(syd, "SYD", 60 * SECOND);

        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.addedLatencyNanos()).isBetween(5 * MS, 20 * MS);
    }

    @Test
    void writesFasterThanOnePerSecondFailOpen() {
        KvStore store = new KvStore(settings(true), perHour(5), keys);
        KvEdge fra = new KvEdge(settings(true), perHour(5), store, new SplittableRandom(1), keys, NO_FAULTS);

        assertThat(send(fra, "FRA", 0).outcome()).isEqualTo(Outcome.ACCEPTED);
        for (int i = 1; i < 10; i++) {
            StageResult result = send(fra, "FRA", i * 100 * MS);
            assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
            assertThat(result.failedOpen()).isTrue();
            assertThat(result.passes()).isTrue();
            assertThat(result.error()).isEqualTo("kv-write-rate");
        }
        // the refused writes left the count at 1; a write a second after the first is accepted
        assertThat(send(fra, "FRA", SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);

        assertThat(store.refusedWrites()).isEqualTo(9);
        Usage billed = store.usage().plus(fra.usage());
        assertThat(billed.kvReads()).isEqualTo(11);
        // 2 accepted and 9 refused: a refused write is billed as the most it can cost
        assertThat(billed.kvWrites()).isEqualTo(11);
    }

    @Test
    void writesFasterThanOnePerSecondFailClosedWhenConfigured() {
        KvStore store = new KvStore(settings(false), perHour(5), keys);
        KvEdge fra = new KvEdge(settings(false), perHour(5), store, new SplittableRandom(1), keys, NO_FAULTS);

        send(fra, "FRA", 0);
        StageResult result = send(fra, "FRA", 500 * MS);

        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(result.failedOpen()).isFalse();
        assertThat(result.passes()).isFalse();
    }

    @Test
    void storeForgetsAnEntryAtItsExpiration() {
        TierSettings.Kv settings = new TierSettings.Kv(60 * SECOND, 90 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true);
        KvStore store = new KvStore(settings, perHour(5), keys);
        KvEdge fra = new KvEdge(settings, perHour(5), store, new SplittableRandom(1), keys, NO_FAULTS);
        send(fra, "FRA", 10 * SECOND);

        assertThat(store.holds(keys.idOf("k", null), 100 * SECOND - 1)).isTrue();
        assertThat(store.holds(keys.idOf("k", null), 100 * SECOND)).isFalse();
    }

    @Test
    void refusesTtlsUnderSixtySeconds() {
        TierSettings.Kv shortCache = new TierSettings.Kv(30 * SECOND, 60 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true);
        TierSettings.Kv shortExpiry = new TierSettings.Kv(60 * SECOND, 59 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true);
        KvStore store = new KvStore(settings(true), perHour(5), keys);

        assertThatThrownBy(() -> new KvEdge(shortCache, perHour(5), store, new SplittableRandom(1), keys,
                NO_FAULTS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cacheTtl");
        assertThatThrownBy(() -> new KvStore(shortExpiry, perHour(5), keys))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expirationTtl");
    }

    @Test
    void defaultExpirationKeepsTheCountAsLongAsItMattersAndAtLeastSixtySeconds() {
        assertThat(KvStore.expirationTtlNanosFor(perHour(10))).isEqualTo(HOUR);
        assertThat(KvStore.expirationTtlNanosFor(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 10,
                60 * SECOND))).isEqualTo(120 * SECOND);
        assertThat(KvStore.expirationTtlNanosFor(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 10,
                10 * SECOND))).isEqualTo(60 * SECOND);
        assertThat(KvStore.expirationTtlNanosFor(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 0.01, 5)))
                .isEqualTo(500 * SECOND);
    }

    /** Accepted requests of one request a second for {@code seconds} at FRA, with the given expiration. */
    private int acceptedOncePerSecond(AlgorithmSpec algorithm, long expirationTtlNanos, int seconds) {
        TierSettings.Kv settings = new TierSettings.Kv(60 * SECOND, expirationTtlNanos, MS, 5 * MS, 20 * MS, SECOND,
                true);
        KvEdge fra = new KvEdge(settings, algorithm, new KvStore(settings, algorithm, keys), new SplittableRandom(1),
                keys, NO_FAULTS);
        int accepted = 0;
        for (int s = 0; s < seconds; s++) {
            accepted += send(fra, "FRA", s * SECOND).outcome() == Outcome.ACCEPTED ? 1 : 0;
        }
        return accepted;
    }

    @Test
    void anHourWindowKeptForItsStateLifetimeCountsExactly() {
        assertThat(acceptedOncePerSecond(perHour(10), KvStore.expirationTtlNanosFor(perHour(10)), 600))
                .isEqualTo(10);
    }

    @Test
    void anHourWindowExpiringAfterSixtySecondsRestartsItsCount() {
        // the store forgets the count at 69 s (60 s after the tenth write; refused requests write nothing); FRA's
        // copy, fetched at 60 s, still holds it until 120 s, when it reads nothing and lets 10 more through: 10 at
        // 0, 120, 240, 360 and 480 s
        assertThat(acceptedOncePerSecond(perHour(10), 60 * SECOND, 600)).isEqualTo(50);
    }

    @Test
    void anEdgeCountsWithItsStoresAlgorithm() {
        KvStore store = new KvStore(settings(true), perHour(5), keys);

        assertThatThrownBy(() -> new KvEdge(settings(true), perHour(6), store, new SplittableRandom(1), keys,
                NO_FAULTS))
                .hasMessageContaining("same algorithm");
    }

    @ParameterizedTest
    @EnumSource(AlgorithmKind.class)
    void decidesAsThePlainReferenceOfCachedCopiesAndOneStoreForEveryAlgorithm(AlgorithmKind kind) {
        // the reference: per PoP and key a cached copy (null: the key was absent) and its fetch time; per key the
        // stored state and the time of its latest accepted write; miss reads drawn from the same generators
        AlgorithmSpec spec = kind.windowed() ? AlgorithmSpec.windowed(kind, 6, 10 * SECOND)
                : AlgorithmSpec.rated(kind, 0.5, 6);
        TierSettings.Kv settings = new TierSettings.Kv(60 * SECOND, 60 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true);
        KvStore store = new KvStore(settings, spec, keys);
        KvEdge[] edges = {new KvEdge(settings, spec, store, new SplittableRandom(1), keys, NO_FAULTS),
                new KvEdge(settings, spec, store, new SplittableRandom(2), keys, NO_FAULTS)};
        ReferenceKvStore referenceStore = new ReferenceKvStore(settings);
        ReferenceKvEdge[] references = {
                new ReferenceKvEdge(settings, spec, referenceStore, new SplittableRandom(1)),
                new ReferenceKvEdge(settings, spec, referenceStore, new SplittableRandom(2))};
        SplittableRandom random = new SplittableRandom(23);
        long t = 0;
        int failed = 0;
        for (int i = 0; i < 4_000; i++) {
            t += random.nextLong(2 * SECOND);
            int pop = random.nextInt(2);
            String key = "k" + random.nextInt(3);
            int cost = random.nextInt(3);
            StageResult expected = references[pop].decide(key, null, t, cost);

            StageResult result = decide(edges[pop], at(t, pop == 0 ? "FRA" : "SYD", cost), key, t);

            assertThat(result).as("request %d at %d ns, %s in PoP %d", i, t, key, pop).isEqualTo(expected);
            failed += result.outcome() == Outcome.FAILED ? 1 : 0;
        }
        assertThat(failed).as("writes refused for the write rate").isPositive();
        assertThat(store.refusedWrites()).isEqualTo(referenceStore.refusedWrites());
    }
}
