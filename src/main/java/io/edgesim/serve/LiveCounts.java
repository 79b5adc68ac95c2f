package io.edgesim.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.edgesim.model.Outcome;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code /edgesim/stats} answers: per limiter and PoP, the requests decided so far and how each ended (the
 * columns of the report's table: sent, accepted, rejected, failed, failed open and let through), the requests
 * refused with 400 or 413 before any limiter saw them, those refused with 503 on a connection over the limit, the
 * connections closed for sending no whole head within the header timeout, and the requests whose answer came after
 * the request timeout (503 to the client, counted as decided).
 * Thread-safe.
 */
final class LiveCounts {

    private static final int SENT = 0;
    private static final int ACCEPTED = 1;
    private static final int REJECTED = 2;
    private static final int FAILED = 3;
    private static final int FAILED_OPEN = 4;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Scenario scenario;
    private final String served;
    // [limiter][pop][column]
    private final long[][][] counts;
    private long badRequests;
    private long refusedConnections;
    private long headerTimeouts;
    // of those, the ones that had sent part of a head (answered 408); the others were idle after their last answer
    private long partialHeads;
    private long answerTimeouts;

    LiveCounts(Scenario scenario, String served) {
        this.scenario = scenario;
        this.served = served;
        this.counts = new long[scenario.limiters().size()][scenario.pops().size()][5];
    }

    synchronized void decided(int limiter, int pop, ChainProgress progress) {
        long[] row = counts[limiter][pop];
        row[SENT]++;
        row[progress.outcome() == Outcome.ACCEPTED ? ACCEPTED
                : progress.outcome() == Outcome.REJECTED ? REJECTED : FAILED]++;
        if (progress.failedOpen()) {
            row[FAILED_OPEN]++;
        }
    }

    synchronized void badRequest() {
        badRequests++;
    }

    synchronized void refusedConnection() {
        refusedConnections++;
    }

    /** A connection closed at the header timeout: {@code partialHead} when it had sent part of one (408). */
    synchronized void headerTimedOut(boolean partialHead) {
        headerTimeouts++;
        if (partialHead) {
            partialHeads++;
        }
    }

    synchronized void answerTimedOut() {
        answerTimeouts++;
    }

    /**
     * The requests and connections that ended before any limiter saw them, for the report: "275 refused with 503 on
     * connections over --max-connections, 2 refused with 400 or 413 (...)"; null when there were none.
     */
    synchronized String turnedAway() {
        List<String> parts = new ArrayList<>();
        if (refusedConnections > 0) {
            parts.add(refusedConnections + " refused with 503 on connections over --max-connections");
        }
        if (badRequests > 0) {
            parts.add(badRequests + " refused with 400 or 413 (a missing key or address, a body too large)");
        }
        // not a connection idle after its last answer: its requests were served, none was turned away
        if (partialHeads > 0) {
            parts.add(partialHeads + " answered 408 for sending no whole request head within the header timeout");
        }
        return parts.isEmpty() ? null : String.join(", ", parts) + ": no limiter saw them, so they are in no figure";
    }

    /** The counts so far as JSON. */
    synchronized String json() {
        ObjectNode out = JSON.createObjectNode().put("scenario", scenario.name()).put("served_limiter", served)
                .put("bad_requests", badRequests).put("refused_connections", refusedConnections)
                .put("header_timeouts", headerTimeouts).put("answer_timeouts", answerTimeouts);
        ObjectNode limiters = out.putObject("limiters");
        List<String> pops = scenario.pops();
        for (int l = 0; l < counts.length; l++) {
            ObjectNode limiter = limiters.putObject(scenario.limiters().get(l).name());
            for (int p = 0; p < pops.size(); p++) {
                long[] row = counts[l][p];
                limiter.putObject(pops.get(p)).put("sent", row[SENT]).put("accepted", row[ACCEPTED])
                        .put("rejected", row[REJECTED]).put("failed", row[FAILED]).put("failed_open", row[FAILED_OPEN])
                        .put("let_through", row[ACCEPTED] + row[FAILED_OPEN]);
            }
        }
        return out.toString();
    }
}
