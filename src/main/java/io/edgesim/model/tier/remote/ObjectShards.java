package io.edgesim.model.tier.remote;

import io.edgesim.model.Seeds;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A key split over N Durable Objects ({@code shards = N} on a durable-object stage), the pattern users reach for when
 * one key asks more than one object serves. Each request goes to one of the key's N objects, chosen by a hash of the
 * request (its number in the run, so both engines choose alike): load spreads evenly on average whatever the key,
 * PoP or client, as code that picks a random shard per request does. Object k of key K is named "K#k". Each object
 * counts on its own, with its share of the limit ({@link #share}); no object sees the others' counts, which is what
 * sharding costs in exactness.
 */
public final class ObjectShards {

    /** The most objects a key may be split over. */
    public static final int MAX_SHARDS = 1_000;

    // SplitMix64's step: 2^64 over the golden ratio, odd
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private ObjectShards() {
    }

    /**
     * The shard (0 to {@code shards} - 1) that request number {@code requestId} goes to: SplitMix64's output for that
     * number (the golden-ratio step, then its finalizer) modulo {@code shards}, so consecutive numbers spread as
     * random draws would.
     */
    public static int shardOf(long requestId, int shards) {
        return (int) Long.remainderUnsigned(Seeds.mix((requestId + 1) * GOLDEN_GAMMA), shards);
    }

    /** The name of shard {@code shard} of the object named {@code name}: "name#shard". */
    public static String name(String name, int shard) {
        return name + "#" + shard;
    }

    /**
     * What each of {@code shards} objects enforces: the limit (and burst) divided by {@code shards}, rounded up, and a
     * token bucket's or gcra's rate divided by {@code shards}; the window, anchor and counting stay. Each plan's
     * numbers are divided alike. Rounded up so that no object is stricter than its part of an even spread (and none
     * gets 0): together the objects allow the limit, or up to {@code shards} - 1 more when it does not divide.
     */
    public static AlgorithmSpec share(AlgorithmSpec algorithm, int shards) {
        if (shards == 1) {
            return algorithm;
        }
        Map<String, AlgorithmSpec> plans = new LinkedHashMap<>();
        algorithm.plans().forEach((plan, spec) -> plans.put(plan, shareOwn(spec, shards)));
        return shareOwn(algorithm, shards).withPlans(plans);
    }

    /** What each object of {@code stage} enforces: its share when the stage is sharded, else the stage's algorithm. */
    public static AlgorithmSpec enforced(StageSpec stage) {
        if (stage.tier() instanceof TierSettings.DurableObject d && d.shards() > 1) {
            return share(stage.algorithm(), d.shards());
        }
        return stage.algorithm();
    }

    /**
     * What a sharded stage adds to its algorithm's description: ", each key over 4 objects of 25 per 60s" (each
     * object's share, as {@link AlgorithmSpec#describe} says it); "" for any other stage.
     */
    public static String describe(StageSpec stage) {
        if (!(stage.tier() instanceof TierSettings.DurableObject d) || d.shards() == 1) {
            return "";
        }
        return ", each key over " + d.shards() + " objects of " + share(stage.algorithm(), d.shards()).describe();
    }

    private static AlgorithmSpec shareOwn(AlgorithmSpec algorithm, int shards) {
        if (algorithm.kind().windowed()) {
            return algorithm.withLimit(dividedRoundedUp(algorithm.limit(), shards));
        }
        return AlgorithmSpec.rated(algorithm.kind(), algorithm.ratePerSecond() / shards,
                dividedRoundedUp(algorithm.burst(), shards));
    }

    private static long dividedRoundedUp(long value, int shards) {
        return (value + shards - 1) / shards;
    }
}
