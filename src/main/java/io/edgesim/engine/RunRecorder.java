package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.cost.Invocations;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.response.RateLimitResponse;
import io.edgesim.model.tier.ChainBilling;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.CountScope;
import io.edgesim.model.tier.remote.DurableObjectNamespace;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.remote.ObjectShards;
import io.edgesim.result.CostResult;
import io.edgesim.result.Counts;
import io.edgesim.result.ExactComparison;
import io.edgesim.result.HotKeys;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RetryAfterStats;
import io.edgesim.result.RunResult;
import io.edgesim.result.SampleResponse;
import io.edgesim.result.StageRefusals;
import io.edgesim.result.Timeline;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.region.RegionSummary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Accumulates the outcome of every request for every limiter and builds the {@link RunResult}. Both engines feed
 * it; it is not thread-safe (the cluster engine funnels outcomes to one owner). Latency is recorded to the
 * microsecond ({@link LatencyTally}: exact while a PoP's latencies take few values, else in an HdrHistogram).
 * Retry-After values are whole seconds and are counted exactly
 * ({@link ValueTally}); a rejection that can never pass carries none and is counted apart. What each key of
 * the exact reference sent, got through (per window too) and had wrongly refused is counted in a {@link KeyTally},
 * by the key's number in the engine's numbering of the run's keys, which names the keys in the result.
 */
public final class RunRecorder {

    /**
     * The latency of a request whose added latency is not known (its chain was lost with a node of the cluster): it
     * is counted, and is no latency sample.
     */
    public static final long UNKNOWN_LATENCY = -1;

    private static final int MAX_BUCKETS = 600;
    private static final long[] NICE_BUCKET_SECONDS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600,
            7200, 21600, 43200, 86400};

    private final Scenario scenario;
    private final String engine;
    private final List<String> pops;
    private final Map<String, Integer> popIndex = new HashMap<>();
    private final PerLimiter[] limiters;
    private final KeyIds keyIds;
    private final long bucketNanos;
    private final int buckets;
    private final FaultTally faults;
    private final PeriodTally periods;

    /**
     * @param keys the engine's numbering of the run's keys: {@link #record} takes keys by their number there, and
     *             {@link #finish} names them from there
     */
    public RunRecorder(Scenario scenario, String engine, KeyIds keys) {
        this.scenario = scenario;
        this.keyIds = keys;
        this.engine = engine;
        this.pops = List.copyOf(scenario.pops());
        for (int i = 0; i < pops.size(); i++) {
            popIndex.put(pops.get(i), i);
        }
        long bucketSeconds = bucketSeconds(scenario.durationNanos());
        this.bucketNanos = bucketSeconds * Durations.NANOS_PER_SECOND;
        this.buckets = (int) Math.max(1, (scenario.durationNanos() + bucketNanos - 1) / bucketNanos);
        this.faults = new FaultTally(scenario.faults(), scenario.limiters());
        this.periods = new PeriodTally(scenario.faults(), scenario.limiters(), pops);
        this.limiters = new PerLimiter[scenario.limiters().size()];
        for (int i = 0; i < limiters.length; i++) {
            LimiterSpec spec = scenario.limiters().get(i);
            limiters[i] = new PerLimiter(spec, pops.size(), buckets);
        }
    }

    private static long bucketSeconds(long durationNanos) {
        double seconds = durationNanos / (double) Durations.NANOS_PER_SECOND;
        for (long candidate : NICE_BUCKET_SECONDS) {
            if (seconds / candidate <= MAX_BUCKETS) {
                return candidate;
            }
        }
        return (long) Math.ceil(seconds / MAX_BUCKETS);
    }

    /** Position of {@code pop} in the scenario's PoPs, as {@link #record} takes it. */
    public int popIndex(String pop) {
        Integer index = popIndex.get(pop);
        if (index == null) {
            throw new IllegalArgumentException("request in PoP " + pop + " outside the scenario's regions");
        }
        return index;
    }

    /**
     * Records the final outcome of a request under limiter {@code limiter}.
     *
     * @param pop                the position of the request's PoP in the scenario's PoPs ({@link #popIndex})
     * @param requestNanos       the request's arrival time
     * @param referenceKeyNumber the number of the request's key under the limiter's exact reference, in the
     *                           {@link KeyIds} this recorder was built with
     * @param cost               the request's cost in tokens
     * @param latencyNanos       the latency the limiter added, or {@link #UNKNOWN_LATENCY}
     * @param stage              index of the stage that refused or failed it (-1 when it passed every stage)
     * @param exactAllowed       whether the exact reference let it through
     * @param exactWindow        the number of the reference window it counts in ({@link ExactReferences#window}),
     *                           for the per-window figures
     * @param retryAfterNanos    for a rejection, the refusing stage's retry-after (else ignored)
     * @param unansweredStages   the stages that failed unanswered ({@link ChainProgress#unansweredStages()}), for
     *                           the fault windows' bills
     */
    public void record(int limiter, int pop, long requestNanos, int referenceKeyNumber, int cost, Outcome outcome,
                       boolean failedOpen, long latencyNanos, int stage, boolean exactAllowed, long exactWindow,
                       long retryAfterNanos, long unansweredStages) {
        boolean letThrough = count(limiter, pop, requestNanos, outcome, failedOpen, latencyNanos, stage, exactAllowed,
                retryAfterNanos);
        PerLimiter l = limiters[limiter];
        l.sentTokens += cost;
        l.unansweredObjectCalls += Long.bitCount(unansweredStages & l.objectStages);
        if (stage >= 0 && outcome != Outcome.ACCEPTED) {
            l.tokensRefusedByStage[stage] += cost;
        }
        l.keys.add(referenceKeyNumber, exactWindow, cost, letThrough ? cost : 0, letThrough,
                !letThrough && exactAllowed);
        if (l.locations != null) {
            l.locations.add(referenceKeyNumber, pop);
        }
        if (periods.active()) {
            periods.add(limiter, pop, requestNanos, referenceKeyNumber, exactWindow, cost, outcome, failedOpen,
                    exactAllowed, latencyNanos, stage, unansweredStages);
        }
    }

    /**
     * Reads what {@link #record} will write for key number {@code referenceKeyNumber} of limiter {@code limiter} at
     * PoP {@code pop}, and nothing else: a loop that reads the rows of several requests before recording them has the
     * processor fetch them together rather than one after the other.
     */
    public long touch(int limiter, int pop, int referenceKeyNumber) {
        PerLimiter l = limiters[limiter];
        long read = l.keys.touch(referenceKeyNumber) + l.latency[pop].total();
        return l.locations != null ? read + l.locations.touch(referenceKeyNumber, pop) : read;
    }

    // counts everything but the per-window figures; true when the request was let through
    private boolean count(int limiter, int pop, long requestNanos, Outcome outcome, boolean failedOpen,
                          long latencyNanos, int stage, boolean exactAllowed, long retryAfterNanos) {
        PerLimiter l = limiters[limiter];
        l.sent[pop]++;
        int bucket = (int) Math.min(buckets - 1, Math.max(0, requestNanos / bucketNanos));
        boolean letThrough;
        switch (outcome) {
            case ACCEPTED -> {
                l.accepted[pop]++;
                l.timelineAccepted[bucket]++;
                letThrough = true;
            }
            case REJECTED -> {
                l.rejected[pop]++;
                l.timelineRejected[bucket]++;
                if (RateLimitResponse.neverPasses(retryAfterNanos)) {
                    l.neverPasses++;
                } else {
                    l.retryAfterSeconds.add(RateLimitResponse.retryAfterSeconds(retryAfterNanos));
                }
                letThrough = false;
            }
            default -> {
                l.failed[pop]++;
                l.timelineFailed[bucket]++;
                if (failedOpen) {
                    l.failedOpen[pop]++;
                    l.timelineFailedOpen[bucket]++;
                }
                letThrough = failedOpen;
            }
        }
        if (stage >= 0 && outcome != Outcome.ACCEPTED) {
            l.refusedByStage[stage]++;
            if (!exactAllowed) {
                l.exactAlsoRefusedByStage[stage]++;
            }
        }
        if (exactAllowed) {
            l.exactAccepted++;
        }
        if (letThrough && !exactAllowed) {
            l.wronglyAccepted++;
        } else if (!letThrough && exactAllowed) {
            l.wronglyRejected++;
        }
        if (latencyNanos != UNKNOWN_LATENCY) {
            l.latency[pop].record(latencyNanos);
        }
        return letThrough;
    }

    /**
     * Records which faults touched a request whose outcome under limiter {@code limiter} was recorded
     * ({@link #record}); a bit mask of the faults' indexes in the scenario.
     *
     * @param failedOver the faults of {@code touched} that moved the request to another PoP
     */
    public void recordFaults(int limiter, long touched, long failedOver, Outcome outcome, boolean failedOpen) {
        faults.add(limiter, touched, failedOver, outcome, failedOpen);
    }

    /** True until a response was kept for limiter {@code limiter}'s first rejection (see {@link #keepRefusal}). */
    public boolean wantsRefusal(int limiter) {
        return limiters[limiter].firstRefusal == null;
    }

    /**
     * Keeps the 429 a client saw at the limiter's first rejection, for the report: that of a request that arrived at
     * {@code requestNanos} in {@code pop}.
     */
    public void keepRefusal(int limiter, long requestNanos, String pop, RateLimitResponse response) {
        if (limiters[limiter].firstRefusal == null) {
            limiters[limiter].firstRefusal = new SampleResponse(
                    round(requestNanos / (double) Durations.NANOS_PER_SECOND, 3), pop,
                    response.status(), response.headers(), response.body());
        }
    }

    /**
     * Builds the result.
     *
     * @param tierUsage  what each limiter's tiers did that Cloudflare bills, in scenario order; priced with what its
     *                   chain made the Workers do ({@link ChainBilling}) into the limiter's monthly bill, and shared
     *                   out over the fault windows ({@link PeriodTally})
     * @param stageStats each limiter's tier statistics by stage ("0:waf" -> {"worker_invocations_saved": n}), in
     *                   scenario order
     * @param hotObjects each limiter's hot Durable Objects, stage by stage (none for other stages), in scenario order
     * @param durationNanos the scenario time the result covers, the bill scaled to a month from it: the scenario's
     *                      duration, or for live traffic ({@code edgesim serve}) the time served
     */
    public RunResult finish(List<Usage> tierUsage, List<Map<String, Map<String, Long>>> stageStats,
                            List<List<HotObjects>> hotObjects, long durationNanos) {
        List<LimiterResult> results = new ArrayList<>();
        List<Invocations> invocations = new ArrayList<>();
        List<Usage> usage = new ArrayList<>();
        for (int i = 0; i < limiters.length; i++) {
            PerLimiter l = limiters[i];
            invocations.add(ChainBilling.of(l.spec, sum(l.sent), l.refusedByStage, l.sentTokens,
                    l.tokensRefusedByStage));
            usage.add(withLostServedCalls(l.spec, invocations.get(i), tierUsage.get(i), l.unansweredObjectCalls));
            CostResult cost = Costs.of(invocations.get(i), usage.get(i), durationNanos, scenario.prices(),
                    billedServiceNanos(l.spec, usage.get(i)));
            results.add(l.result(cost, stageStats.get(i), HotKeyFigures.of(l.spec, hotObjects.get(i))));
        }
        return new RunResult(scenario.name(), scenario.description(), engine, scenario.seed(),
                durationNanos / (double) Durations.NANOS_PER_SECOND, pops, results, latencyPairs(stageStats),
                scenario.assumptions(), scenario.settings(), Optional.empty(), Optional.empty(), faults.results(),
                periods.results(keyIds, scenario, invocations, usage, durationNanos), List.of());
    }

    /**
     * {@code measured} with the calls its Durable Objects answered but whose usage is not in it added, billed as
     * served ones (a request, a row read, a row written - the most one writes - and the mean service time of the
     * served calls measured, else the stages' configured one): on the
     * cluster, the usage of objects whose member left during the run leaves with it, while the outcomes of the calls
     * they answered reached the recorder. The calls that went unanswered ({@code unanswered}, from the outcomes) are
     * then the only ones {@link Usage#billedFor} adds. Where nothing was lost, {@code measured} as it is.
     */
    static Usage withLostServedCalls(LimiterSpec spec, Invocations calls, Usage measured, long unanswered) {
        double lost = calls.durableObjectCalls() - unanswered - measured.durableObjectRequests();
        if (lost <= 0) {
            return measured;
        }
        return measured.plus(new Usage(lost, lost, lost, Math.floor(lost * billedServiceNanos(spec, measured)), 0, 0));
    }

    /**
     * The duration a call to one of {@code spec}'s Durable Objects that used none measured is billed: the mean service
     * time of the calls {@code measured} served, else (none served: the objects were down or out of reach all run)
     * the mean of the service times its stages configure, to the whole nanosecond.
     */
    static double billedServiceNanos(LimiterSpec spec, Usage measured) {
        if (measured.rowsRead() > 0) {
            return measured.meanServiceNanos();
        }
        return Math.floor(spec.stages().stream().filter(s -> s.kind() == TierKind.DURABLE_OBJECT)
                .mapToDouble(s -> ((TierSettings.DurableObject) s.tier()).serviceTime().meanNanos()).average()
                .orElse(0));
    }

    // every pair among the run's PoPs and remote homes (those known before the run, then those its Durable Objects
    // were placed in: stageStats' objects_in_<REGION>); with more regions than a matrix shows, only the pairs between
    // a PoP and a remote home, the round trips the run can take
    private List<RunResult.LatencyPair> latencyPairs(List<Map<String, Map<String, Long>>> stageStats) {
        RegionMap regions = scenario.regions();
        List<String> involved = new ArrayList<>(pops);
        List<String> homes = new ArrayList<>();
        for (int l = 0; l < scenario.limiters().size(); l++) {
            List<String> limiterHomes = new ArrayList<>(RemoteHomes.of(scenario.limiters().get(l), regions));
            for (Map<String, Long> stats : stageStats.get(l).values()) {
                limiterHomes.addAll(DurableObjectNamespace.homesIn(stats).keySet());
            }
            for (String home : limiterHomes) {
                if (!involved.contains(home)) {
                    involved.add(home);
                }
                if (!homes.contains(home)) {
                    homes.add(home);
                }
            }
        }
        List<RunResult.LatencyPair> pairs = new ArrayList<>();
        boolean all = involved.size() <= RegionSummary.MATRIX_LIMIT;
        for (int i = 0; i < involved.size(); i++) {
            for (int j = i + 1; j < involved.size(); j++) {
                String a = involved.get(i);
                String b = involved.get(j);
                if (all || homes.contains(a) || homes.contains(b)) {
                    pairs.add(new RunResult.LatencyPair(a, b, round(Durations.toMillis(regions.rttNanos(a, b)), 3),
                            regions.estimated(a, b)));
                }
            }
        }
        return pairs;
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        // half up, as Math.round, which would stop at a long's largest (9.2e18 / scale)
        return Math.floor(value * scale + 0.5) / scale;
    }

    private final class PerLimiter {
        final LimiterSpec spec;
        final long[] sent;
        final long[] accepted;
        final long[] rejected;
        final long[] failed;
        final long[] failedOpen;
        final long[] refusedByStage;
        // the tokens (costs) of the requests sent, and of those refused at each stage, for the binding's calls
        long sentTokens;
        final long[] tokensRefusedByStage;
        final long[] exactAlsoRefusedByStage;
        final ValueTally retryAfterSeconds = new ValueTally();
        long neverPasses;
        final LatencyTally[] latency;
        final long[] timelineAccepted;
        final long[] timelineRejected;
        final long[] timelineFailed;
        final long[] timelineFailedOpen;
        // every key's figures, in the windows the exact reference numbers (ExactReferences.window)
        final KeyTally keys;
        // the PoPs each key reached, for a limiter that counts per location (its bound); else null
        final LocationsReached locations;
        SampleResponse firstRefusal;
        long exactAccepted;
        long wronglyAccepted;
        long wronglyRejected;
        // bit s set for a Durable Object stage (of the first 64), and the calls to them that went unanswered
        final long objectStages;
        long unansweredObjectCalls;

        PerLimiter(LimiterSpec spec, int popCount, int buckets) {
            this.spec = spec;
            this.objectStages = spec.stageMask(stage -> stage.kind() == TierKind.DURABLE_OBJECT);
            sent = new long[popCount];
            accepted = new long[popCount];
            rejected = new long[popCount];
            failed = new long[popCount];
            failedOpen = new long[popCount];
            refusedByStage = new long[spec.stages().size()];
            tokensRefusedByStage = new long[spec.stages().size()];
            exactAlsoRefusedByStage = new long[spec.stages().size()];
            latency = new LatencyTally[popCount];
            for (int i = 0; i < popCount; i++) {
                latency[i] = new LatencyTally();
            }
            timelineAccepted = new long[buckets];
            timelineRejected = new long[buckets];
            timelineFailed = new long[buckets];
            this.keys = new KeyTally();
            locations = CountScope.of(spec) == CountScope.PER_LOCATION ? new LocationsReached(popCount) : null;
            timelineFailedOpen = new long[buckets];
        }

        LimiterResult result(CostResult cost, Map<String, Map<String, Long>> stageStats, HotKeys hotKeys) {
            // with plans keys have limits of their own: the per-key figures compare each with its own
            KeyTally.Summary perWindow = spec.reference().kind().windowed() && spec.plans().isEmpty()
                    ? keys.summary() : null;
            long limit = spec.reference().limit();
            Map<String, RegionResult> regions = new LinkedHashMap<>();
            for (int p = 0; p < pops.size(); p++) {
                regions.put(pops.get(p), new RegionResult(
                        new Counts(sent[p], accepted[p], rejected[p], failed[p], failedOpen[p]),
                        latency[p].stats()));
            }
            Counts totals = new Counts(sum(sent), sum(accepted), sum(rejected), sum(failed), sum(failedOpen));
            Map<String, StageRefusals> rejectedBy = new LinkedHashMap<>();
            for (int s = 0; s < refusedByStage.length; s++) {
                rejectedBy.put(s + ":" + spec.stages().get(s).kind().configName(),
                        new StageRefusals(refusedByStage[s], exactAlsoRefusedByStage[s]));
            }
            RetryAfterStats retryAfter = new RetryAfterStats(retryAfterSeconds.percentile(50),
                    retryAfterSeconds.percentile(90), retryAfterSeconds.max(), neverPasses,
                    retryAfterSeconds.total());
            OptionalDouble multiplication = exactAccepted == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(round(totals.letThrough() / (double) exactAccepted, 4));
            return new LimiterResult(spec.name(), spec.tierDescription(), algorithmOf(spec), totals, regions, rejectedBy, retryAfter, stageStats,
                    new ExactComparison(exactAccepted, wronglyAccepted, wronglyRejected), multiplication,
                    perWindow == null ? Optional.empty() : Optional.of(perWindow(perWindow, limit)),
                    KeyFigures.of(keys, locations, keyIds, spec, scenario.clients()), cost,
                    new Timeline(bucketNanos / (double) Durations.NANOS_PER_SECOND, boxed(timelineAccepted),
                            boxed(timelineRejected), boxed(timelineFailed), boxed(timelineFailedOpen)),
                    firstRefusal, hotKeys);
        }

        private PerWindow perWindow(KeyTally.Summary summary, long limit) {
            double meanFactor = summary.windows() == 0 ? 0
                    : round(summary.sumTotals() / (double) limit / summary.windows(), 4);
            return new PerWindow(spec.referenceKey().configName(),
                    spec.reference().windowNanos() / (double) Durations.NANOS_PER_SECOND, limit, summary.windows(),
                    summary.maxTotal(), round(summary.maxTotal() / (double) limit, 4), meanFactor,
                    summary.lateOutcomes(), spec.reference().anchor().configName());
        }
    }

    /**
     * The limiter's algorithm as its result names it, "fixed-window 100 per 60s"; a chain's stages in order, "fixed-window
     * 600 per 60s > fixed-window 100 per 60s", or once when every stage counts alike.
     */
    static String algorithmOf(LimiterSpec spec) {
        List<String> stages = spec.stages().stream().map(stage -> stage.algorithm().kind().configName() + " "
                + stage.algorithm().describe() + ObjectShards.describe(stage)).toList();
        return stages.stream().distinct().count() == 1 ? stages.get(0) : String.join(" > ", stages);
    }

    private static long sum(long[] values) {
        return Arrays.stream(values).sum();
    }

    private static List<Long> boxed(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }
}
