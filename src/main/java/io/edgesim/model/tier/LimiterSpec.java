package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyKind;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * A limiter of a scenario: one tier, or a chain of tiers in series (WAF, then an edge tier, then a Durable Object or
 * the origin). A request refused by an earlier stage never reaches a later one. With plans, the stages and the
 * reference count each key with the numbers of its plan ({@code AlgorithmSpec#forPlan}); a key's plan is its
 * client's ({@code io.edgesim.model.key.KeyIds} records it).
 *
 * @param name      unique within the scenario
 * @param stages    one or more, in the order a request meets them
 * @param clients   names of the client populations this limiter sees; empty means all
 * @param reference the exact count this limiter is judged against (global, zero latency, same stream); defaults to
 *                  the last stage's algorithm (null means that default)
 * @param referenceKey what the exact count keys on; defaults to the last stage's key (null means that default).
 *                  Judging an X-Forwarded-For limiter against a count per CF-Connecting-IP shows what rotation buys.
 */
public record LimiterSpec(String name, List<StageSpec> stages, Set<String> clients, AlgorithmSpec reference,
                          KeyKind referenceKey) {

    public LimiterSpec {
        stages = List.copyOf(stages);
        clients = Set.copyOf(clients);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a limiter needs at least one tier");
        }
        if (reference == null) {
            reference = stages.get(stages.size() - 1).algorithm();
        }
        if (referenceKey == null) {
            referenceKey = stages.get(stages.size() - 1).key();
        }
    }

    /** A limiter judged by the last stage's algorithm and key (or {@code reference}'s algorithm). */
    public LimiterSpec(String name, List<StageSpec> stages, Set<String> clients, AlgorithmSpec reference) {
        this(name, stages, clients, reference, null);
    }

    /**
     * What a request weighs in this limiter's exact count and per-key figures: its {@code cost} in tokens, or 1 when
     * the limiter ends in a WAF rule, which counts requests whatever their cost (so does the count it is judged by).
     */
    public int referenceCost(int cost) {
        return countsRequests() ? 1 : cost;
    }

    /**
     * Bit s set for each of the first 64 stages that {@code test} holds for: the form in which a chain's stages are
     * marked ({@link ChainProgress#unansweredStages()}).
     */
    public long stageMask(Predicate<StageSpec> test) {
        long mask = 0;
        for (int s = 0; s < Math.min(stages.size(), Long.SIZE); s++) {
            if (test.test(stages.get(s))) {
                mask |= 1L << s;
            }
        }
        return mask;
    }

    /** Whether it counts requests whatever their cost: it ends in a WAF rule (see {@link #referenceCost}). */
    public boolean countsRequests() {
        return stages.get(stages.size() - 1).kind() == TierKind.WAF;
    }

    /** The plans this limiter lists ({@code AlgorithmSpec#plans()} of any stage or of the reference), sorted. */
    public Set<String> plans() {
        Set<String> plans = new TreeSet<>(reference.plans().keySet());
        for (StageSpec stage : stages) {
            plans.addAll(stage.algorithm().plans().keySet());
        }
        return plans;
    }

    /**
     * The limit a key of {@code plan} (null: none) is judged against: its plan's in the reference when the limiter
     * lists it, else the reference's own; the burst for token-bucket and gcra. The full numbers are
     * {@code reference().forPlan(plan)}.
     */
    public long limitFor(String plan) {
        return reference.forPlan(plan).limit();
    }

    public boolean sees(String client) {
        return clients.isEmpty() || clients.contains(client);
    }

    /** "cache" for one stage, "waf > cache > durable-object" for a chain. */
    public String tierDescription() {
        return String.join(" > ", stages.stream().map(s -> s.kind().configName()).toList());
    }
}
