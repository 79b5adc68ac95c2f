package io.edgesim.model.cost;

/**
 * Billable operations the tiers performed during a run (summed over PoPs and objects); what the Workers did per
 * request is counted apart, in {@link Invocations}.
 *
 * @param durableObjectRequests requests that reached a Durable Object (served or overloaded); the bill counts the
 *                              calls the Workers made instead ({@link Invocations}), which include those lost
 *                              on the way
 * @param rowsWritten           SQLite rows written by Durable Objects (one per state change)
 * @param rowsRead              SQLite rows read by Durable Objects
 * @param activeNanos           time Durable Objects spent serving (billed duration, at 128 MB)
 * @param kvReads               Workers KV reads (a read served from the PoP's cache is still a billed read)
 * @param kvWrites              Workers KV writes attempted and accepted
 */
public record Usage(long durableObjectRequests, long rowsWritten, long rowsRead, long activeNanos, long kvReads,
                    long kvWrites) {

    public static final Usage NONE = new Usage(0, 0, 0, 0, 0, 0);

    public Usage plus(Usage other) {
        return new Usage(durableObjectRequests + other.durableObjectRequests, rowsWritten + other.rowsWritten,
                rowsRead + other.rowsRead, activeNanos + other.activeNanos, kvReads + other.kvReads,
                kvWrites + other.kvWrites);
    }
}
