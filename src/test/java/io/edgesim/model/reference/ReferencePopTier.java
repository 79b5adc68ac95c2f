package io.edgesim.model.reference;

import io.edgesim.model.StageResult;

/** The plain form of one in-PoP stage in one PoP, called in nondecreasing time. */
public interface ReferencePopTier {

    /**
     * The answer to a request of {@code cost} for {@code key} at {@code nowNanos}; {@code keyPlan} is the key's plan
     * (that of the first request that carried it), null for none.
     */
    StageResult decide(String key, String keyPlan, long nowNanos, int cost);

    /** What the stage holds for {@code key}, for a failure message. */
    String describe(String key);
}
