package io.edgesim.traffic;

import io.edgesim.model.Request;

/**
 * Sources of requests as the merge sees them, numbered from 0 within the group: the clients of one population
 * ({@link ClientSources}) or one trace ({@link TraceSource}). For each, the time of its next request and that request.
 */
interface Sources {

    /** Sentinel time of a source that has nothing more to send. */
    long DONE = Long.MAX_VALUE;

    /** How many sources the group holds. */
    int size();

    /**
     * True when each source of the group sends every request with the same values of the headers the run's limiters
     * key on, so with the same key of every kind.
     */
    boolean sameKeys();

    /** Time of source {@code source}'s next request, nanoseconds, or {@link #DONE}. Nondecreasing from call to call. */
    long nextNanos(int source);

    /** Source {@code source}'s next request, numbered {@code id}; the source then moves on to the one after. */
    Request take(int source, long id);
}
