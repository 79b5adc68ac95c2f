package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyKind;

/**
 * One tier of a limiter: where the counter lives, how it counts, and what it keys on.
 *
 * @param tier      tier settings (their kind is the tier)
 * @param algorithm the counting rule
 * @param key       where the key comes from
 */
public record StageSpec(TierSettings tier, AlgorithmSpec algorithm, KeyKind key) {

    public TierKind kind() {
        return tier.kind();
    }
}
