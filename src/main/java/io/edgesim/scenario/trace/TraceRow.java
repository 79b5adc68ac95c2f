package io.edgesim.scenario.trace;

/**
 * One request of a recorded trace.
 *
 * @param line      line number in the file (the header is line 1)
 * @param timeNanos arrival time, nanoseconds of scenario time
 * @param pop       the PoP it landed in
 * @param apiKey    the key column, or null when empty
 * @param cost      the cost column, 1 when absent or empty
 * @param ip        the ip column, or null when absent or empty
 * @param xff       the first entry of the xff column, or null
 * @param anonToken the anon_token column, or null
 * @param path      the path column, or null
 */
public record TraceRow(long line, long timeNanos, String pop, String apiKey, int cost, String ip, String xff,
                       String anonToken, String path) {

    /** The largest cost of one request, in tokens (a population's {@code cost} has the same bound). */
    public static final int MAX_COST = 1_000_000;
}
