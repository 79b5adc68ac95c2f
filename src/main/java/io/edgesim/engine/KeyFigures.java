package io.edgesim.engine;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.CountScope;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.KeyResults;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.scenario.ClientSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/** Sums up a limiter's {@link KeyTally} into its {@link KeyResults}. */
final class KeyFigures {

    private static final Comparator<KeyResults.KeyOutcome> WORST_FIRST =
            Comparator.comparingDouble(KeyResults.KeyOutcome::maxRatio).reversed()
                    .thenComparing(Comparator.comparingLong(KeyResults.KeyOutcome::sent).reversed())
                    .thenComparing(KeyResults.KeyOutcome::key);

    private KeyFigures() {
    }

    /**
     * The limit one key has in one window of its tally: the reference's limit for a windowed algorithm; for
     * token-bucket and gcra, whose windows are {@code burst / rate} long, a full bucket plus one refill
     * ({@code 2 x burst}).
     */
    static long limitPerWindow(AlgorithmSpec reference) {
        return reference.kind().windowed() ? reference.limit() : 2 * reference.burst();
    }

    /**
     * @param locations the PoPs each key reached, for a limiter that counts per location; null for no bound of that
     *                  kind (then a per-location limiter has none)
     * @param clients   the scenario's clients, which declare the keys shares are of ({@link DeclaredKeys})
     */
    static KeyResults of(KeyTally tally, LocationsReached locations, KeyIds names, LimiterSpec spec,
                         List<ClientSpec> clients) {
        CountScope scope = CountScope.of(spec);
        boolean perLocation = scope == CountScope.PER_LOCATION && locations != null;
        MultiplicationBound.KeyBound highest = null;
        // the worst key's number, as WORST_FIRST orders keys (-1: none yet)
        int worstKey = -1;
        long limitOfWorst = 0;
        List<String> plans = new ArrayList<>(spec.plans());
        int numbers = tally.keyNumbers();
        double[] ratios = new double[numbers];
        // per key seen: the position of its plan in plans, or -1 (with plans only)
        int[] planOf = plans.isEmpty() ? null : new int[numbers];
        int seen = 0;
        long overLimit = 0;
        long wronglyThrottled = 0;
        long[] overLimitByPlan = new long[plans.size()];
        long[] throttledByPlan = new long[plans.size()];
        // the best TOP so far, the least of them at the head
        PriorityQueue<KeyResults.KeyOutcome> top = new PriorityQueue<>(KeyResults.TOP + 1, WORST_FIRST.reversed());
        for (int key = 0; key < numbers; key++) {
            long sent = tally.sent(key);
            if (sent == 0) {
                continue;
            }
            String plan = plans.isEmpty() ? null : names.plan(key);
            long limit = limitPerWindow(spec.reference().forPlan(plan));
            long max = tally.maxInWindow(key);
            double ratio = max / (double) limit;
            if (perLocation) {
                MultiplicationBound.KeyBound bound = bound(names.key(key), locations.count(key),
                        tally.maxOfferedInWindow(key), limit);
                if (highest == null || bound.factor() > highest.factor()) {
                    highest = bound;
                }
                if (worstKey < 0 || worseThan(tally, names, key, worstKey, limit, limitOfWorst)) {
                    worstKey = key;
                    limitOfWorst = limit;
                }
            }
            int planIndex = plan == null ? -1 : plans.indexOf(plan);
            if (planOf != null) {
                planOf[seen] = planIndex;
            }
            ratios[seen++] = ratio;
            long wrongly = tally.wronglyRejected(key);
            if (max > limit) {
                overLimit++;
                if (planIndex >= 0) {
                    overLimitByPlan[planIndex]++;
                }
            }
            if (wrongly > 0) {
                wronglyThrottled++;
                if (planIndex >= 0) {
                    throttledByPlan[planIndex]++;
                }
            }
            double rounded = RunRecorder.round(ratio, 4);
            if (top.size() == KeyResults.TOP && rounded < top.peek().maxRatio()) {
                continue;
            }
            KeyResults.KeyOutcome outcome = new KeyResults.KeyOutcome(names.key(key), plan, sent,
                    tally.letThrough(key), limit, rounded, wrongly);
            if (top.size() < KeyResults.TOP || WORST_FIRST.compare(outcome, top.peek()) < 0) {
                top.add(outcome);
                if (top.size() > KeyResults.TOP) {
                    top.poll();
                }
            }
        }
        List<KeyResults.PlanKeys> byPlan = new ArrayList<>();
        for (int p = 0; p < plans.size(); p++) {
            double[] ofPlan = new double[seen];
            int n = 0;
            for (int i = 0; i < seen; i++) {
                if (planOf[i] == p) {
                    ofPlan[n++] = ratios[i];
                }
            }
            double[] sorted = Arrays.copyOf(ofPlan, n);
            Arrays.sort(sorted);
            byPlan.add(new KeyResults.PlanKeys(plans.get(p), limitPerWindow(spec.reference().forPlan(plans.get(p))),
                    n, DeclaredKeys.of(clients, spec, plans.get(p)), overLimitByPlan[p], throttledByPlan[p],
                    ratios(sorted)));
        }
        double[] sorted = Arrays.copyOf(ratios, seen);
        Arrays.sort(sorted);
        List<Double> byPercent = new ArrayList<>(101);
        for (int p = 0; p <= 100; p++) {
            byPercent.add(percentile(sorted, p));
        }
        List<KeyResults.KeyOutcome> worst = new ArrayList<>(top);
        worst.sort(WORST_FIRST);
        MultiplicationBound bound = null;
        if (scope == CountScope.EXACT) {
            bound = new MultiplicationBound(scope.configName(), MultiplicationBound.KeyBound.EXACT,
                    MultiplicationBound.KeyBound.EXACT);
        } else if (perLocation && highest != null) {
            bound = new MultiplicationBound(scope.configName(), highest, bound(names.key(worstKey),
                    locations.count(worstKey), tally.maxOfferedInWindow(worstKey), limitOfWorst));
        }
        return new KeyResults(spec.referenceKey().configName(), spec.reference().windowNanos() / 1e9, seen,
                DeclaredKeys.of(clients, spec, null), overLimit, wronglyThrottled, ratios(sorted), byPercent, worst,
                byPlan, bound);
    }

    // whether key a (of limit la) comes before key b (of limit lb) in WORST_FIRST: a larger rounded ratio, then
    // more requests, then the smaller name
    private static boolean worseThan(KeyTally tally, KeyIds names, int a, int b, long la, long lb) {
        int byRatio = Double.compare(RunRecorder.round(tally.maxInWindow(a) / (double) la, 4),
                RunRecorder.round(tally.maxInWindow(b) / (double) lb, 4));
        if (byRatio != 0) {
            return byRatio > 0;
        }
        if (tally.sent(a) != tally.sent(b)) {
            return tally.sent(a) > tally.sent(b);
        }
        return names.key(a).compareTo(names.key(b)) < 0;
    }

    /**
     * A key's bound under a count per location: min(N, r / L) with N the {@code locations} it reached, r the most it
     * {@code offered} in one window and L its {@code limit} per window ({@link MultiplicationBound}).
     */
    static MultiplicationBound.KeyBound bound(String key, int locations, long offered, long limit) {
        double factor = Math.min(locations, offered / (double) limit);
        return new MultiplicationBound.KeyBound(key, locations, offered, limit, RunRecorder.round(factor, 4));
    }

    private static KeyResults.Ratios ratios(double[] sorted) {
        return new KeyResults.Ratios(percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99),
                percentile(sorted, 100));
    }

    // nearest rank: the smallest value with at least p % of the values at or below it (p = 0: the least)
    static double percentile(double[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return RunRecorder.round(sorted[Math.max(0, rank - 1)], 4);
    }
}
