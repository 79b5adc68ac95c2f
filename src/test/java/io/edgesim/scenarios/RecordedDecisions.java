package io.edgesim.scenarios;

import io.edgesim.result.DecisionListener;

import java.util.ArrayList;
import java.util.List;

/** Keeps every decision of a run in memory, for tests that look at single requests (keep such runs small). */
final class RecordedDecisions implements DecisionListener {

    /** One decision: when the request arrived, under which key, whether it passed, and its added latency. */
    record Decision(String limiter, long timeNanos, String pop, String key, String allowed, long latencyNanos) {

        boolean accepted() {
            return allowed.equals("true");
        }
    }

    private final List<Decision> decisions = new ArrayList<>();

    @Override
    public void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed,
                        long remaining, long retryAfterNanos, long latencyNanos) {
        decisions.add(new Decision(limiter, timeNanos, pop, key, allowed, latencyNanos));
    }

    @Override
    public void close() {
    }

    /** The decisions of limiter {@code name}, in the order the engine completed them. */
    List<Decision> of(String name) {
        return decisions.stream().filter(d -> d.limiter().equals(name)).toList();
    }
}
