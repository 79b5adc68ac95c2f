package io.edgesim.serve;

import io.edgesim.model.Outcome;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.scenario.Scenario;

import java.util.List;

/**
 * What {@code /edgesim/stats} answers: per limiter and PoP, the requests decided so far and how each ended (the
 * columns of the report's table), the requests refused with 400 or 413 before any limiter saw them, those refused
 * with 503 on a connection over the limit, the connections closed for sending no whole head within the header
 * timeout, and the requests whose answer came after the request timeout (503 to the client, counted as decided).
 * Thread-safe.
 */
final class LiveCounts {

    private static final int SENT = 0;
    private static final int ACCEPTED = 1;
    private static final int REJECTED = 2;
    private static final int FAILED = 3;

    private final Scenario scenario;
    private final String served;
    // [limiter][pop][column]
    private final long[][][] counts;
    private long badRequests;
    private long refusedConnections;
    private long headerTimeouts;
    private long answerTimeouts;

    LiveCounts(Scenario scenario, String served) {
        this.scenario = scenario;
        this.served = served;
        this.counts = new long[scenario.limiters().size()][scenario.pops().size()][4];
    }

    synchronized void decided(int limiter, int pop, ChainProgress progress) {
        long[] row = counts[limiter][pop];
        row[SENT]++;
        row[progress.outcome() == Outcome.ACCEPTED ? ACCEPTED
                : progress.outcome() == Outcome.REJECTED ? REJECTED : FAILED]++;
    }

    synchronized void badRequest() {
        badRequests++;
    }

    synchronized void refusedConnection() {
        refusedConnections++;
    }

    synchronized void headerTimedOut() {
        headerTimeouts++;
    }

    synchronized void answerTimedOut() {
        answerTimeouts++;
    }

    /** The counts so far as JSON. */
    synchronized String json() {
        StringBuilder out = new StringBuilder("{\"scenario\":").append(quoted(scenario.name()))
                .append(",\"served_limiter\":").append(quoted(served))
                .append(",\"bad_requests\":").append(badRequests)
                .append(",\"refused_connections\":").append(refusedConnections)
                .append(",\"header_timeouts\":").append(headerTimeouts)
                .append(",\"answer_timeouts\":").append(answerTimeouts).append(",\"limiters\":{");
        List<String> pops = scenario.pops();
        for (int l = 0; l < counts.length; l++) {
            out.append(l == 0 ? "" : ",").append(quoted(scenario.limiters().get(l).name())).append(":{");
            for (int p = 0; p < pops.size(); p++) {
                long[] row = counts[l][p];
                out.append(p == 0 ? "" : ",").append(quoted(pops.get(p))).append(":{\"sent\":").append(row[SENT])
                        .append(",\"accepted\":").append(row[ACCEPTED]).append(",\"rejected\":").append(row[REJECTED])
                        .append(",\"failed\":").append(row[FAILED]).append('}');
            }
            out.append('}');
        }
        return out.append("}}").toString();
    }

    private static String quoted(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
