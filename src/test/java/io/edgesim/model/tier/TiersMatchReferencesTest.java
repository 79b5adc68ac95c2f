package io.edgesim.model.tier;

import io.edgesim.model.Seeds;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.reference.ReferenceBinding;
import io.edgesim.model.reference.ReferenceBindingStore;
import io.edgesim.model.reference.ReferenceCache;
import io.edgesim.model.reference.ReferenceCounters;
import io.edgesim.model.reference.ReferenceDurableObjects;
import io.edgesim.model.reference.ReferenceIsolates;
import io.edgesim.model.reference.ReferenceKvEdge;
import io.edgesim.model.reference.ReferenceKvStore;
import io.edgesim.model.reference.ReferenceOrigin;
import io.edgesim.model.reference.ReferencePopTier;
import io.edgesim.model.reference.ReferenceWaf;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.local.KeyCounters;
import io.edgesim.model.tier.local.KvStore;
import io.edgesim.model.tier.local.WafPlan;
import io.edgesim.model.tier.remote.DurableObjectNamespace;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.remote.OriginServer;
import io.edgesim.model.tier.remote.Placement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every optimised counter and tier against its plain reference ({@code io.edgesim.model.reference}), decision by
 * decision, for every algorithm each tier takes in a scenario: random streams of requests with hot keys, gaps from 0
 * to beyond two windows and onto window boundaries, costs from 0 to above the limit, plans, and several PoPs, each
 * stream from a seed. A mismatch names the seed, the request and what both sides hold.
 */
class TiersMatchReferencesTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    private static final int STREAMS = 8;
    private static final int REQUESTS = 2_000;
    private static final List<String> POPS = List.of("FRA", "AMS", "IAD", "SYD", "AKL", "GRU", "JNB");
    private static final List<String> PLANS = Arrays.asList(null, "pro", "free", "gold");
    private static final RegionMap REGIONS = TestRegions.map();
    // one object per key, or a key split over several (rates divided by these keep the reference's 9 decimals)
    private static final int[] SHARDS = {1, 1, 2, 4, 5};

    /** What is checked: the counters alone, or one tier. */
    enum Subject { COUNTER, ISOLATE, CACHE, KV, BINDING, WAF, DURABLE_OBJECT, ORIGIN }

    /** An algorithm with its anchor and counting, as a scenario may write it. */
    enum Variant {
        FIXED_WINDOW(AlgorithmKind.FIXED_WINDOW, WindowAnchor.EPOCH, Counting.ADMITTED),
        FIXED_WINDOW_COUNT_ALL(AlgorithmKind.FIXED_WINDOW, WindowAnchor.EPOCH, Counting.ALL),
        FIRST_REQUEST_WINDOW(AlgorithmKind.FIXED_WINDOW, WindowAnchor.FIRST_REQUEST, Counting.ADMITTED),
        FIRST_REQUEST_WINDOW_COUNT_ALL(AlgorithmKind.FIXED_WINDOW, WindowAnchor.FIRST_REQUEST, Counting.ALL),
        SLIDING_WINDOW(AlgorithmKind.SLIDING_WINDOW, WindowAnchor.EPOCH, Counting.ADMITTED),
        SLIDING_WINDOW_COUNT_ALL(AlgorithmKind.SLIDING_WINDOW, WindowAnchor.EPOCH, Counting.ALL),
        SLIDING_LOG(AlgorithmKind.SLIDING_LOG, WindowAnchor.EPOCH, Counting.ADMITTED),
        SLIDING_LOG_COUNT_ALL(AlgorithmKind.SLIDING_LOG, WindowAnchor.EPOCH, Counting.ALL),
        TOKEN_BUCKET(AlgorithmKind.TOKEN_BUCKET, WindowAnchor.EPOCH, Counting.ADMITTED),
        GCRA(AlgorithmKind.GCRA, WindowAnchor.EPOCH, Counting.ADMITTED);

        final AlgorithmKind kind;
        final WindowAnchor anchor;
        final Counting count;

        Variant(AlgorithmKind kind, WindowAnchor anchor, Counting count) {
            this.kind = kind;
            this.anchor = anchor;
            this.count = count;
        }
    }

    /** Every combination the scenario language allows: the binding and the WAF count by their own rules. */
    static Stream<Arguments> combinations() {
        List<Arguments> all = new ArrayList<>();
        for (Subject subject : Subject.values()) {
            for (Variant variant : Variant.values()) {
                boolean allowed = switch (subject) {
                    case BINDING -> variant == Variant.FIXED_WINDOW;
                    case WAF -> variant == Variant.FIXED_WINDOW || variant == Variant.SLIDING_WINDOW
                            || variant == Variant.SLIDING_LOG;
                    default -> true;
                };
                if (allowed) {
                    all.add(Arguments.of(subject, variant));
                }
            }
        }
        return all.stream();
    }

    /** One request of a stream; {@code stage} picks one of two binding stages sharing a namespace. */
    record Req(long nanos, String key, String plan, String pop, int cost, int stage) {
    }

    /** What one side answered: the stage's answer, when the reply leaves (remote tiers), anything else to compare. */
    record Answer(StageResult result, long replyNanos, String note) {
    }

    /** The optimised tier and its reference, fed the same stream. */
    interface Pair {
        Answer actual(Req request, int keyId);

        Answer expected(Req request, String keyPlan);

        /** What the reference holds for the request's key. */
        String state(Req request);

        /** Totals both sides keep (evictions, billed operations, blocks), compared at the end of the stream. */
        default String actualTotals() {
            return "";
        }

        default String expectedTotals() {
            return "";
        }
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("combinations")
    void decidesAsItsReference(Subject subject, Variant variant) {
        long refused = 0;
        long decided = 0;
        for (int stream = 0; stream < STREAMS; stream++) {
            long seed = Seeds.random(2026, subject.name(), variant.name(), stream).nextLong();
            refused += runStream(subject, variant, seed);
            decided += REQUESTS;
        }
        // the streams reach the limits, and not only that: both answers occur often
        assertThat(refused).as("refused or failed").isBetween(decided / 100, decided - decided / 100);
    }

    /** Runs one stream; returns how many requests did not pass. */
    private static long runStream(Subject subject, Variant variant, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        AlgorithmSpec spec = algorithm(subject, variant, random);
        KeyIds keys = new KeyIds();
        List<Long> durations = new ArrayList<>(List.of(spec.windowNanos(), spec.stateLifetimeNanos()));
        Pair pair = pair(subject, spec, keys, seed, random, durations);
        List<Req> requests = requests(spec, durations.stream().mapToLong(Long::longValue).toArray(), random);
        Map<String, String> keyPlans = new HashMap<>();
        // each key's requests and the reference's answers, for a failure message
        Map<String, List<Object>> history = new HashMap<>();
        long refused = 0;
        for (int i = 0; i < requests.size(); i++) {
            Req request = requests.get(i);
            if (!keyPlans.containsKey(request.key())) {
                keyPlans.put(request.key(), request.plan());
            }
            int keyId = keys.idOf(request.key(), request.plan());
            Answer expected = pair.expected(request, keyPlans.get(request.key()));
            Answer actual = pair.actual(request, keyId);
            List<Object> past = history.computeIfAbsent(request.key(), k -> new ArrayList<>());
            if (!actual.equals(expected)) {
                throw new AssertionError(String.format("%s with %s, seed %d, request %d of %d: %s%n  algorithm %s"
                        + "%n  tier answered      %s%n  reference answered %s%n  reference now holds %s"
                        + "%n  the key's requests before: %s", subject, variant, seed, i, requests.size(), request,
                        spec, actual, expected, pair.state(request),
                        past.subList(Math.max(0, past.size() - 12), past.size())));
            }
            past.add(request);
            past.add(expected.result());
            refused += expected.result().passes() ? 0 : 1;
        }
        assertThat(pair.actualTotals()).as("totals, seed %d", seed).isEqualTo(pair.expectedTotals());
        return refused;
    }

    // ---- the stream -------------------------------------------------------------------------------------------

    private static final double[] RATES = {0.5, 1, 2, 3.5, 7.25, 10, 100};

    private static AlgorithmSpec algorithm(Subject subject, Variant variant, SplittableRandom random) {
        boolean plans = random.nextInt(5) < 2;
        if (!variant.kind.windowed()) {
            double rate = RATES[random.nextInt(RATES.length)];
            long burst = 1 + random.nextInt(10);
            AlgorithmSpec base = AlgorithmSpec.rated(variant.kind, rate, burst);
            return !plans ? base : base.withPlans(Map.of(
                    "pro", AlgorithmSpec.rated(variant.kind, rate * 2, burst * 3),
                    "free", AlgorithmSpec.rated(variant.kind, rate / 2, Math.max(1, burst / 2))));
        }
        long limit = 1 + random.nextInt(12);
        long window = switch (subject) {
            case BINDING -> random.nextBoolean() ? 10 * SECOND : 60 * SECOND;
            case WAF -> WafPlan.SUPPORTED_SECONDS.get(random.nextInt(7)) * SECOND;
            default -> new long[] {SECOND, 10 * SECOND, 60 * SECOND, 2_345_678_901L}[random.nextInt(4)];
        };
        AlgorithmSpec base = AlgorithmSpec.windowed(variant.kind, limit, window).withAnchor(variant.anchor)
                .withCount(variant.count);
        return !plans ? base : base.withPlans(Map.of("pro", base.withLimit(limit * 3),
                "free", base.withLimit(Math.max(1, limit / 2))));
    }

    private static List<Req> requests(AlgorithmSpec spec, long[] durations, SplittableRandom random) {
        long scale = spec.kind().windowed() ? spec.windowNanos() : spec.stateLifetimeNanos();
        long limit = spec.limit();
        int keyCount = 1 + random.nextInt(20);
        List<String> pops = new ArrayList<>(POPS);
        Collections.shuffle(pops, new Random(random.nextLong()));
        pops = pops.subList(0, 1 + random.nextInt(4));
        List<Req> requests = new ArrayList<>();
        long t = random.nextLong(scale);
        for (int i = 0; i < REQUESTS; i++) {
            int gap = random.nextInt(100);
            t += gap < 10 ? 0
                    : gap < 30 ? random.nextLong(5 * MS)
                    : gap < 50 ? random.nextLong(scale / (2 * limit) + 1)
                    : gap < 70 ? random.nextLong(scale / 4 + 1)
                    : gap < 80 ? random.nextLong(2 * SECOND)
                    : gap < 85 ? random.nextLong(2 * scale + 1)
                    // onto a window boundary, or a nanosecond either side
                    : gap < 93 ? (t / scale + 1) * scale - 1 + random.nextInt(3) - t
                    // one or two of the tier's durations after a recent request, or a nanosecond either side
                    : requests.isEmpty() ? 0
                    : Math.max(0, requests.get(Math.max(0, requests.size() - 1 - random.nextInt(100))).nanos()
                            + durations[random.nextInt(durations.length)]
                            + (random.nextBoolean() ? 0 : durations[random.nextInt(durations.length)])
                            - 1 + random.nextInt(3) - t);
            int hot = random.nextInt(10);
            String key = "k" + (hot < 4 ? 0 : hot < 6 ? 1 : random.nextInt(keyCount));
            int c = random.nextInt(100);
            int cost = c < 75 ? 1 : c < 80 ? 0 : c < 95 ? 2 + random.nextInt(2) : 1 + random.nextInt((int) limit + 2);
            String pop = pops.get(random.nextInt(3) == 0 ? 0 : random.nextInt(pops.size()));
            requests.add(new Req(t, key, PLANS.get(random.nextInt(PLANS.size())), pop, cost, random.nextInt(2)));
        }
        return requests;
    }

    // ---- the pairs ----------------------------------------------------------------------------------------------

    /**
     * The tier of {@code subject} with random settings, and its reference; adds to {@code durations} the settings'
     * durations, which some requests come after an earlier one by.
     */
    private static Pair pair(Subject subject, AlgorithmSpec spec, KeyIds keys, long seed, SplittableRandom random,
                             List<Long> durations) {
        return switch (subject) {
            case COUNTER -> counters(spec, keys);
            case ISOLATE -> popTiers(seed, keys, stage(new TierSettings.Isolate(1 + random.nextInt(4),
                    new long[] {100 * MS, 2 * SECOND, 30 * SECOND}[random.nextInt(3)]), spec), false,
                    (settings, pop, r) -> new ReferenceIsolates((TierSettings.Isolate) settings.tier(), spec, r),
                    tiers -> "{isolate_evictions=" + tiers.stream()
                            .mapToLong(t -> ((ReferenceIsolates) t).evictions()).sum() + "}, KV reads 0, writes 0");
            case CACHE -> {
                TierSettings.Cache settings = new TierSettings.Cache(random.nextLong(MS),
                        random.nextBoolean() ? 0 : random.nextLong(20 * MS));
                durations.add(settings.writeDelayNanos());
                yield popTiers(seed, keys, stage(settings, spec), false,
                        (stage, pop, r) -> new ReferenceCache(settings, spec), TiersMatchReferencesTest::noTotals);
            }
            case KV -> kv(spec, keys, seed, random, durations);
            case BINDING -> binding(spec, keys, seed, random, durations);
            case WAF -> waf(spec, keys, seed, random, durations);
            case DURABLE_OBJECT -> durableObjects(spec, keys, random, durations);
            case ORIGIN -> origin(spec, keys, random);
        };
    }

    private static StageSpec stage(TierSettings settings, AlgorithmSpec spec) {
        return new StageSpec(settings, spec, KeyKind.IP);
    }

    private static StageResult decide(PopTier tier, int keyId, Req request) {
        StageVerdict verdict = new StageVerdict();
        tier.decide(keyId, request.nanos(), request.cost(), verdict);
        return verdict.result();
    }

    /** The counters alone: a counter object per key, the hashed and the dense tables of counters. */
    private static Pair counters(AlgorithmSpec spec, KeyIds keys) {
        KeyCounters hashed = KeyCounters.hashed(spec, keys);
        KeyCounters dense = KeyCounters.dense(spec, keys);
        Map<String, RateCounter> objects = new HashMap<>();
        ReferenceCounters reference = new ReferenceCounters(spec);
        return new Pair() {
            @Override
            public Answer actual(Req request, int keyId) {
                Decision decision = hashed.tryAcquire(keyId, request.nanos(), request.cost());
                Decision object = objects.computeIfAbsent(request.key(),
                        k -> spec.forPlan(keys.plan(keyId)).newCounter()).tryAcquire(request.nanos(), request.cost());
                boolean allows = dense.allows(keyId, request.nanos(), request.cost());
                String note = object.equals(decision) && allows == decision.allowed() ? null
                        : "a counter object answered " + object + ", the dense table allows " + allows;
                return new Answer(StageResult.of(decision, 0), 0, note);
            }

            @Override
            public Answer expected(Req request, String keyPlan) {
                return new Answer(StageResult.of(reference.tryAcquire(request.key(), keyPlan, request.nanos(),
                        request.cost()), 0), 0, null);
            }

            @Override
            public String state(Req request) {
                return reference.describe(request.key());
            }
        };
    }

    /** Builds the reference of one stage in one PoP from the generator the factory gives the tier there. */
    interface ReferenceMaker {
        ReferencePopTier make(StageSpec stage, String pop, RandomGenerator random);
    }

    /**
     * In-PoP tiers built by a {@link LocalTierFactory} (limiters "a" and, with {@code twoStages}, "b", stage 0), and
     * their references, each made on the first request of its stage in its PoP in the same order on both sides.
     */
    private static Pair popTiers(long seed, KeyIds keys, StageSpec stage, boolean twoStages, ReferenceMaker maker,
                                 Function<Collection<ReferencePopTier>, String> totals) {
        LocalTierFactory factory = new LocalTierFactory(seed, REGIONS, keys, FaultTimeline.none(REGIONS));
        Map<String, ReferencePopTier> references = new LinkedHashMap<>();
        return new Pair() {
            private String limiter(Req request) {
                return twoStages && request.stage() == 1 ? "b" : "a";
            }

            private ReferencePopTier reference(Req request) {
                String limiter = limiter(request);
                return references.computeIfAbsent(limiter + "@" + request.pop(), k -> maker.make(stage,
                        request.pop(), Seeds.random(seed, "tier", limiter, 0, request.pop())));
            }

            @Override
            public Answer actual(Req request, int keyId) {
                return new Answer(decide(factory.create(limiter(request), 0, stage, request.pop()), keyId, request),
                        0, null);
            }

            @Override
            public Answer expected(Req request, String keyPlan) {
                return new Answer(reference(request).decide(request.key(), keyPlan, request.nanos(), request.cost()),
                        0, null);
            }

            @Override
            public String state(Req request) {
                return reference(request).describe(request.key());
            }

            @Override
            public String actualTotals() {
                Usage usage = factory.usage("a", 0);
                // a run's usage is whole numbers
                return factory.stats("a", 0) + ", KV reads " + (long) usage.kvReads() + ", writes "
                        + (long) usage.kvWrites();
            }

            @Override
            public String expectedTotals() {
                // the factory's statistics are those of limiter a
                return totals.apply(references.entrySet().stream().filter(e -> e.getKey().startsWith("a@"))
                        .map(Map.Entry::getValue).toList());
            }
        };
    }

    /** No totals to compare beside what the factory reports: the cache reports none. */
    private static String noTotals(Collection<ReferencePopTier> tiers) {
        return "{}, KV reads 0, writes 0";
    }

    private static Pair kv(AlgorithmSpec spec, KeyIds keys, long seed, SplittableRandom random,
                           List<Long> durations) {
        long expiration = random.nextBoolean() ? KvStore.expirationTtlNanosFor(spec) : 60 * SECOND;
        long missMin = random.nextLong(10 * MS);
        TierSettings.Kv settings = new TierSettings.Kv(60 * SECOND + (random.nextBoolean() ? 0
                : random.nextLong(60 * SECOND)), expiration, MS, missMin, missMin + random.nextLong(2) * 15 * MS,
                new long[] {SECOND, 0, random.nextLong(3 * SECOND)}[random.nextInt(3)], random.nextBoolean());
        durations.addAll(List.of(settings.cacheTtlNanos(), settings.expirationTtlNanos(),
                settings.minWriteIntervalNanos()));
        ReferenceKvStore store = new ReferenceKvStore(settings);
        return popTiers(seed, keys, stage(settings, spec), false,
                (stage, pop, r) -> new ReferenceKvEdge(settings, spec, store, r),
                // the writes billed are those attempted: accepted, or refused for the write rate
                tiers -> "{kv_refused_writes=" + store.refusedWrites() + "}, KV reads " + (store.reads()
                        + tiers.stream().mapToLong(t -> ((ReferenceKvEdge) t).hotReads()).sum()) + ", writes "
                        + (store.writes() + store.refusedWrites()));
    }

    private static Pair binding(AlgorithmSpec spec, KeyIds keys, long seed, SplittableRandom random,
                                List<Long> durations) {
        long sync = random.nextBoolean() ? 100 * MS : 10 * MS + random.nextLong(500 * MS);
        // with a namespace, limiters a and b count in one store per PoP
        boolean shared = random.nextBoolean();
        TierSettings.Binding settings = new TierSettings.Binding(1 + random.nextInt(4), sync, shared ? "ns" : null);
        durations.add(sync);
        Map<String, ReferenceBindingStore> stores = new HashMap<>();
        int[] made = new int[1];
        return popTiers(seed, keys, stage(settings, spec), true, (stage, pop, r) -> {
            String storeName = (shared ? "ns" : "own" + made[0]++) + "@" + pop;
            return new ReferenceBinding(settings, spec,
                    stores.computeIfAbsent(storeName, k -> new ReferenceBindingStore(spec.windowNanos())), r);
        }, tiers -> "{max_admissions_between_syncs=" + tiers.stream()
                .mapToLong(t -> ((ReferenceBinding) t).maxAdmissionsBetweenSyncs()).max().orElse(0)
                + "}, KV reads 0, writes 0");
    }

    private static Pair waf(AlgorithmSpec spec, KeyIds keys, long seed, SplittableRandom random,
                            List<Long> durations) {
        TierSettings.Waf settings;
        while (true) {
            WafPlan plan = WafPlan.values()[random.nextInt(WafPlan.values().length)];
            long timeout = WafPlan.SUPPORTED_SECONDS.get(random.nextInt(10)) * SECOND;
            long delay = new long[] {0, 2 * SECOND, random.nextLong(3 * SECOND)}[random.nextInt(3)];
            if (plan.periodProblem(spec.windowNanos()) == null && plan.timeoutProblem(timeout) == null) {
                settings = new TierSettings.Waf(plan.configName(), delay, timeout);
                break;
            }
        }
        TierSettings.Waf waf = settings;
        durations.addAll(List.of(waf.updateDelayNanos(), waf.mitigationTimeoutNanos(),
                waf.updateDelayNanos() + waf.mitigationTimeoutNanos()));
        return popTiers(seed, keys, stage(waf, spec), false, (stage, pop, r) -> new ReferenceWaf(waf, spec),
                tiers -> "{worker_invocations_saved=" + tiers.stream()
                        .mapToLong(t -> ((ReferenceWaf) t).blocked()).sum() + "}, KV reads 0, writes 0");
    }

    private static Pair durableObjects(AlgorithmSpec spec, KeyIds keys, SplittableRandom random,
                                       List<Long> durations) {
        Placement placement = switch (random.nextInt(4)) {
            case 0 -> new Placement(Placement.Policy.FIRST_REQUEST, null, null);
            case 1 -> new Placement(Placement.Policy.FIXED, "SYD", null);
            case 2 -> new Placement(Placement.Policy.LOCATION_HINT, null, "sam");
            default -> new Placement(Placement.Policy.PER_AREA, null, null);
        };
        long serviceTime = new long[] {MS, 0, random.nextLong(3 * MS)}[random.nextInt(3)];
        TierSettings.DurableObject settings = new TierSettings.DurableObject(serviceTime, serviceTime,
                random.nextInt(6), random.nextBoolean(), placement, 0, false, SHARDS[random.nextInt(SHARDS.length)]);
        durations.add(settings.serviceTimeNanos());
        // the number of each request in the stream, for the shard it goes to
        long[] numbered = new long[2];
        DurableObjectNamespace tier = new DurableObjectNamespace(settings, spec, REGIONS, keys,
                FaultTimeline.none(REGIONS), 0);
        ReferenceDurableObjects reference = new ReferenceDurableObjects(settings, spec, REGIONS);
        Map<Req, ObjectRoute> routes = new HashMap<>();
        return new Pair() {
            @Override
            public Answer actual(Req request, int keyId) {
                ObjectRoute route = tier.route(request.key(), keyId, request.pop(), numbered[0]++);
                StageVerdict verdict = new StageVerdict();
                long reply = tier.serve(route, keyId, request.nanos(), request.cost(), verdict);
                return new Answer(verdict.result(), reply, route.toString());
            }

            @Override
            public Answer expected(Req request, String keyPlan) {
                ObjectRoute route = reference.route(request.key(), request.pop(), numbered[1]++);
                routes.put(request, route);
                ReferenceDurableObjects.Served served = reference.serve(route, keyPlan, request.nanos(),
                        request.cost());
                return new Answer(served.result(), served.replyNanos(), route.toString());
            }

            @Override
            public String state(Req request) {
                return reference.describe(routes.get(request).objectName());
            }

            @Override
            public String actualTotals() {
                HotObjects hot = tier.hotObjects();
                return Map.of("objects", tier.stats().get("objects")) + ", hot " + hot.count() + " " + hot.hottest();
            }

            @Override
            public String expectedTotals() {
                return Map.of("objects", (long) reference.objectCount()) + ", hot "
                        + reference.hotObjects(HotObjects.KEPT);
            }
        };
    }

    private static Pair origin(AlgorithmSpec spec, KeyIds keys, SplittableRandom random) {
        TierSettings.Origin settings = new TierSettings.Origin("IAD", random.nextLong(3 * MS));
        OriginServer tier = new OriginServer(spec, settings, keys, 0);
        ReferenceOrigin reference = new ReferenceOrigin(settings, spec);
        return new Pair() {
            @Override
            public Answer actual(Req request, int keyId) {
                ObjectRoute route = tier.route(request.key(), keyId, request.pop(), 0);
                StageVerdict verdict = new StageVerdict();
                long reply = tier.serve(route, keyId, request.nanos(), request.cost(), verdict);
                return new Answer(verdict.result(), reply, route.toString());
            }

            @Override
            public Answer expected(Req request, String keyPlan) {
                return new Answer(reference.serve(request.key(), keyPlan, request.nanos(), request.cost()),
                        reference.replyNanos(request.nanos()), new ObjectRoute(request.key(), "IAD").toString());
            }

            @Override
            public String state(Req request) {
                return reference.describe(request.key());
            }
        };
    }
}
