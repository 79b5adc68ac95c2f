package io.edgesim.model.tier;

import io.edgesim.model.key.KeyIds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BindingStoreTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    /**
     * The binding's sync rule written eagerly and plainly, one key at a time: every push due is applied before each
     * call, all pushes of the period are kept, and a machine's view sums those at or before its latest sync.
     */
    private static final class PlainKey {
        final long[] phases;
        final long[] intervals;
        final long[] pending;
        final long[] pushAt;
        final List<long[]> pushes = new ArrayList<>();
        long period = Long.MIN_VALUE;

        PlainKey(long[] phases, long[] intervals) {
            this.phases = phases;
            this.intervals = intervals;
            this.pending = new long[phases.length];
            this.pushAt = new long[phases.length];
        }

        void catchUp(long now) {
            long p = Math.floorDiv(now, 10 * SECOND);
            if (p != period) {
                period = p;
                pushes.clear();
                java.util.Arrays.fill(pending, 0);
                java.util.Arrays.fill(pushAt, Long.MAX_VALUE);
            }
            for (int m = 0; m < pending.length; m++) {
                if (pushAt[m] <= now) {
                    pushes.add(new long[] {pushAt[m], pending[m]});
                    pending[m] = 0;
                    pushAt[m] = Long.MAX_VALUE;
                }
            }
        }

        long lastSync(int m, long now) {
            return now < phases[m] ? Long.MIN_VALUE
                    : phases[m] + Math.floorDiv(now - phases[m], intervals[m]) * intervals[m];
        }

        long view(int m, long now) {
            catchUp(now);
            long last = lastSync(m, now);
            long pulled = 0;
            for (long[] push : pushes) {
                if (push[0] <= last) {
                    pulled += push[1];
                }
            }
            return pulled + pending[m];
        }

        long admit(int m, long now, long cost) {
            catchUp(now);
            pending[m] += cost;
            if (pushAt[m] == Long.MAX_VALUE) {
                long last = lastSync(m, now);
                pushAt[m] = last == Long.MIN_VALUE ? phases[m] : last + intervals[m];
            }
            return pending[m];
        }

        long total(long now) {
            catchUp(now);
            return pushes.stream().mapToLong(push -> push[1]).sum();
        }
    }

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

    /** Random calls on {@code keys} keys, mostly up to {@code maxGapNanos} apart, against the plain rule. */
    private static void followsTheSyncRule(long[] intervals, int keys, long maxGapNanos) {
        KeyIds ids = new KeyIds();
        BindingStore store = new BindingStore("ns", 10 * SECOND, ids);
        // one machine at a time, so that the phases drawn are known: each machine's from its own seed
        long[] phases = new long[intervals.length];
        for (int m = 0; m < intervals.length; m++) {
            store.addMachines(1, intervals[m], new SplittableRandom(m));
            phases[m] = new SplittableRandom(m).nextLong(intervals[m]);
        }
        Map<String, PlainKey> plain = new HashMap<>();
        SplittableRandom random = new SplittableRandom(11);
        long t = 0;
        for (int i = 0; i < 60_000; i++) {
            // mostly a few ms apart, some gaps longer than every interval, across several 10 s periods
            t += random.nextInt(50) == 0 ? random.nextLong(3 * SECOND) : random.nextLong(maxGapNanos);
            String key = "k" + random.nextInt(keys);
            int keyId = ids.idOf(key, null);
            int machine = random.nextInt(intervals.length);
            PlainKey expected = plain.computeIfAbsent(key, k -> new PlainKey(phases, intervals));
            switch (random.nextInt(keys == 1 ? 8 : 4)) {
                case 0 -> assertThat(store.storedCount(keyId, t)).as("total, call %d", i).isEqualTo(expected.total(t));
                case 1 -> assertThat(store.localCount(machine, keyId, t)).as("view, call %d", i)
                        .isEqualTo(expected.view(machine, t));
                default -> {
                    long cost = 1 + random.nextInt(2);
                    assertThat(store.admit(machine, keyId, t, cost)).as("admit, call %d", i)
                            .isEqualTo(expected.admit(machine, t, cost));
                }
            }
        }
        assertThat(t).isGreaterThan(30 * SECOND);
    }
}
