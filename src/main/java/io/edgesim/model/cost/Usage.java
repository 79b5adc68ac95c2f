package io.edgesim.model.cost;

/**
 * Billable operations the tiers performed during a run (summed over PoPs and objects); what the Workers did per
 * request is counted apart, in {@link Invocations}. A run's are whole numbers; a stretch of the run's share of them
 * ({@link #shareOf}) need not be.
 *
 * @param durableObjectRequests requests that reached a Durable Object (served or overloaded); the calls the
 *                              Workers made that did not are added for the bill ({@link #billedFor})
 * @param rowsWritten           SQLite rows written by Durable Objects (one per state change)
 * @param rowsRead              SQLite rows read by Durable Objects
 * @param activeNanos           time Durable Objects spent serving (billed duration, at 128 MB)
 * @param kvReads               Workers KV reads that KV answered (a read served from the PoP's cache is still a
 *                              billed read)
 * @param kvWrites              Workers KV writes attempted: accepted, or refused for the write rate (billed as the
 *                              most such a call can cost); the KV calls that failed unanswered (KV down) are added
 *                              for the bill ({@link #billedFor})
 */
public record Usage(double durableObjectRequests, double rowsWritten, double rowsRead, double activeNanos,
                    double kvReads, double kvWrites) {

    public static final Usage NONE = new Usage(0, 0, 0, 0, 0, 0);

    /**
     * This usage as the platform bills it, given the calls the Workers made: each call that never reached its
     * Durable Object ({@code calls.durableObjectCalls()} beyond {@link #durableObjectRequests}: lost on the way, or
     * its home down) is billed as a served one - a request, a row read, a row written (the most a served call
     * writes) and the mean service time of the served calls - and each KV call that failed unanswered
     * ({@code calls.kvReads()} beyond {@link #kvReads}: KV down) as a read and a write (the most a call writes).
     * Cloudflare does not publish what it bills for either; this is the most such a call can cost, so that an outage
     * never makes an option look cheaper.
     */
    public Usage billedFor(Invocations calls) {
        return billedFor(calls, meanServiceNanos());
    }

    /**
     * {@link #billedFor(Invocations)} with the unanswered calls' duration at {@code meanServiceNanos}: a stretch of
     * the run whose calls all went unanswered has no service time of its own, and takes the run's.
     */
    public Usage billedFor(Invocations calls, double meanServiceNanos) {
        double unanswered = Math.max(0, calls.durableObjectCalls() - durableObjectRequests);
        double failedKv = Math.max(0, calls.kvReads() - kvReads);
        return new Usage(durableObjectRequests + unanswered, rowsWritten + unanswered, rowsRead + unanswered,
                activeNanos + unanswered * meanServiceNanos, kvReads + failedKv, kvWrites + failedKv);
    }

    /**
     * The mean time a served call kept its object active, in whole nanoseconds as a run measures them (a served
     * request reads one row; an overloaded one reaches the object but is not served); 0 when none was served.
     */
    public double meanServiceNanos() {
        return rowsRead == 0 ? 0 : Math.floor(activeNanos / rowsRead);
    }

    /**
     * Calls to Durable Objects in {@code calls} that never reached one (see {@link #billedFor}), to the nearest whole
     * call for a share.
     */
    public long unansweredObjectCalls(Invocations calls) {
        return Math.round(Math.max(0, calls.durableObjectCalls() - durableObjectRequests));
    }

    /**
     * The part of this usage (a whole run's, as measured) that belongs to {@code part} of the run's calls
     * {@code whole} (answered calls, for a stretch's share of what answered calls used): the Durable Object items in
     * proportion to the calls to objects, the KV items to the KV reads
     * (not rounded: two stretches at the same rate get the same bill; none of an item whose calls the whole has none
     * of). The tiers
     * count their usage over the run, not per request; this is how a stretch of the run (a fault window) gets its
     * share, each of its calls using what the run's calls used on average.
     */
    public Usage shareOf(Invocations whole, Invocations part) {
        double objects = ratio(part.durableObjectCalls(), whole.durableObjectCalls());
        double kv = ratio(part.kvReads(), whole.kvReads());
        return new Usage(durableObjectRequests * objects, rowsWritten * objects, rowsRead * objects,
                activeNanos * objects, kvReads * kv, kvWrites * kv);
    }

    /** This usage with {@code rowsWritten} in place of its rows written (a stretch's share of them counted apart). */
    public Usage withRowsWritten(double rowsWritten) {
        return new Usage(durableObjectRequests, rowsWritten, rowsRead, activeNanos, kvReads, kvWrites);
    }

    /** This usage with {@code kvWrites} in place of its KV writes (a stretch's share of them counted apart). */
    public Usage withKvWrites(double kvWrites) {
        return new Usage(durableObjectRequests, rowsWritten, rowsRead, activeNanos, kvReads, kvWrites);
    }

    private static double ratio(long part, long whole) {
        return whole == 0 ? 0 : part / (double) whole;
    }

    public Usage plus(Usage other) {
        return new Usage(durableObjectRequests + other.durableObjectRequests, rowsWritten + other.rowsWritten,
                rowsRead + other.rowsRead, activeNanos + other.activeNanos, kvReads + other.kvReads,
                kvWrites + other.kvWrites);
    }
}
