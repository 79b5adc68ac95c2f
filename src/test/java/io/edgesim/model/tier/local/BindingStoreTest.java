package io.edgesim.model.tier.local;

import io.edgesim.model.key.KeyIds;
import io.edgesim.model.reference.ReferenceBindingStore;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BindingStoreTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    @Test
    void machinesWithDifferentSyncIntervalsSeeWhatTheSyncRuleSaysForEveryKey() {
        // three machines every 100 ms and two every 35 ms
        followsTheSyncRule(new long[] {100 * MS, 100 * MS, 100 * MS, 35 * MS, 35 * MS}, 6, 8 * MS);
    }

    @Test
    void oneBusyKeyKeepsEveryPushOfTheLastIntervalWhateverTheGapsBetweenItsCalls() {
        // four machines every 100 ms, each pushing at nearly every sync, and calls from 0 to 30 ms apart: pushes kept
        // from the previous call and those applied at this one, side by side in the history
        followsTheSyncRule(new long[] {100 * MS, 100 * MS, 100 * MS, 100 * MS}, 1, 30 * MS);
    }

    @Test
    void aKeyHoldsOnlyTheMachinesWithAdmissionsToPushSoTheMostMachinesAScenarioAllowsFit() {
        // 100,000 machines per PoP (machines-per-pop's upper bound) and 10,000 keys: kept per key and machine, the
        // counts would take 100,000 x 16 bytes for every key (16 GB), where each key has a handful pending at once
        long[] intervals = new long[100_000];
        Arrays.fill(intervals, 100 * MS);
        followsTheSyncRule(intervals, 10_000, 8 * MS);
    }

    /** Random calls on {@code keys} keys, mostly up to {@code maxGapNanos} apart, against the plain reference. */
    private static void followsTheSyncRule(long[] intervals, int keys, long maxGapNanos) {
        KeyIds ids = new KeyIds();
        BindingStore store = new BindingStore("ns", 10 * SECOND, ids);
        // the reference keeps every admission of the period and sums those a machine has seen
        ReferenceBindingStore expected = new ReferenceBindingStore(10 * SECOND);
        // one machine at a time, each phase drawn from its own seed
        for (int m = 0; m < intervals.length; m++) {
            store.addMachines(1, intervals[m], new SplittableRandom(m));
            expected.addMachines(1, intervals[m], new SplittableRandom(m));
        }
        SplittableRandom random = new SplittableRandom(11);
        long t = 0;
        for (int i = 0; i < 60_000; i++) {
            // mostly a few ms apart, some gaps longer than every interval, across several 10 s periods
            t += random.nextInt(50) == 0 ? random.nextLong(3 * SECOND) : random.nextLong(maxGapNanos);
            String key = "k" + random.nextInt(keys);
            int keyId = ids.idOf(key, null);
            int machine = random.nextInt(intervals.length);
            switch (random.nextInt(keys == 1 ? 8 : 4)) {
                case 0 -> assertThat(store.storedCount(keyId, t)).as("total, call %d", i)
                        .isEqualTo(expected.storedCount(key, t));
                case 1 -> assertThat(store.localCount(machine, keyId, t)).as("view, call %d", i)
                        .isEqualTo(expected.localCount(machine, key, t));
                default -> {
                    long cost = 1 + random.nextInt(2);
                    assertThat(store.admit(machine, keyId, t, cost)).as("admit, call %d", i)
                            .isEqualTo(expected.admit(machine, key, t, cost));
                }
            }
        }
        assertThat(t).isGreaterThan(30 * SECOND);
    }
}
