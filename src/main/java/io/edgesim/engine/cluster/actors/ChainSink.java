package io.edgesim.engine.cluster.actors;

import io.edgesim.model.Request;
import io.edgesim.model.tier.ChainProgress;

/**
 * Where a PoP actor hands each finished chain: the run's {@link OutcomeSink} when the PoP runs in the process that
 * feeds the traffic, or a sink that sends it there from a node process.
 */
public interface ChainSink {

    /**
     * A finished chain of {@code request}, which landed in the PoP with index {@code pop} (in the scenario's PoPs) and
     * was admitted with {@code admission}; {@code touched} names the faults that touched it and {@code failedOver}
     * those that moved it to that PoP (bit masks, 0 for none).
     */
    void record(int pop, Request request, Admission admission, ChainProgress progress, long touched,
                long failedOver);
}
