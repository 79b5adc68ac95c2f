package io.edgesim.engine.cluster.actors;

import io.edgesim.model.Request;
import io.edgesim.model.tier.ChainProgress;

/**
 * Where a PoP actor hands each finished chain: its run host's sink, which sends it to the coordinator's
 * {@link OutcomeSink} ({@code RunProtocol.ChainDone}), whichever process the PoP runs in.
 */
public interface ChainSink {

    /**
     * A finished chain of {@code request}, which landed in the PoP with index {@code pop} (in the scenario's PoPs) and
     * was admitted with {@code admission}; {@code touched} names the faults that touched it and {@code failedOver}
     * those that moved it to that PoP (bit masks, 0 for none).
     */
    void record(int pop, Request request, Admission admission, ChainProgress progress, long touched,
                long failedOver);

    /** A sink that drops every chain. */
    ChainSink NONE = (pop, request, admission, progress, touched, failedOver) -> {
    };
}
