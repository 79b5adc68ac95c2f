package io.edgesim.traffic;

import io.edgesim.model.Request;

/** One client (or trace) as seen by the merge: the time of its next request, and that request. */
interface Source {

    /** Sentinel time of a source that has nothing more to send. */
    long DONE = Long.MAX_VALUE;

    /** Time of the next request, nanoseconds, or {@link #DONE}. Nondecreasing from call to call. */
    long nextNanos();

    /** The next request, numbered {@code id}; the source then moves on to the one after. */
    Request take(long id);
}
