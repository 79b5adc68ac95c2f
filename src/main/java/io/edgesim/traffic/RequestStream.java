package io.edgesim.traffic;

import io.edgesim.model.Request;

/**
 * The requests of a run in nondecreasing time order (ties in a fixed, seed-determined order), numbered from 0.
 * Pull-based so that a run of ten million requests never holds them all.
 */
public interface RequestStream {

    /** The next request, or null when traffic is over. */
    Request next();
}
