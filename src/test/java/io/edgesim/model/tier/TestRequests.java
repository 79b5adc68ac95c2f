package io.edgesim.model.tier;

import io.edgesim.model.Request;

/** Builds requests for tier tests: only time, PoP and cost matter to a tier (the key is passed separately). */
final class TestRequests {

    static final long MS = 1_000_000L;
    static final long SECOND = 1_000_000_000L;

    private TestRequests() {
    }

    static Request at(long timeNanos, String pop) {
        return at(timeNanos, pop, 1);
    }

    static Request at(long timeNanos, String pop, int cost) {
        return new Request(0, timeNanos, pop, "clients", "key-1", "192.0.2.1", null, null, "/", cost, null);
    }
}
