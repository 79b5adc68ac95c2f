package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.key.KeyIds;

/**
 * Builds requests for tier tests: only time, PoP and cost matter to a tier (the key is passed separately), and
 * decides them through a tier's one call.
 */
public final class TestRequests {

    public static final long MS = 1_000_000L;
    public static final long SECOND = 1_000_000_000L;

    private TestRequests() {
    }

    public static Request at(long timeNanos, String pop) {
        return at(timeNanos, pop, 1);
    }

    public static Request at(long timeNanos, String pop, int cost) {
        return new Request(0, timeNanos, pop, "clients", "key-1", "192.0.2.1", null, null, "/", cost, null);
    }

    /**
     * What {@code tier} answers for {@code request} under {@code key} at {@code nowNanos}, the key numbered in
     * {@code keys} (the numbering the tier was built with), as an engine calls it.
     */
    public static StageResult decide(PopTier tier, KeyIds keys, Request request, String key, long nowNanos) {
        StageVerdict verdict = new StageVerdict();
        tier.decide(keys.idOf(key, request.plan()), nowNanos, request.cost(), verdict);
        return verdict.result();
    }

    /**
     * What {@code tier} does with a request of {@code cost} for {@code key} (no plan) from {@code pop} that reaches
     * the object at {@code arrivalNanos}, the key numbered in {@code keys}, as an engine calls it.
     */
    public static Served serve(RemoteTier tier, KeyIds keys, String key, String pop, long arrivalNanos, long cost) {
        int keyId = keys.idOf(key, null);
        StageVerdict verdict = new StageVerdict();
        long replyNanos = tier.serve(tier.route(key, keyId, pop, 0), keyId, arrivalNanos, cost, verdict);
        return new Served(verdict.result(), replyNanos);
    }

    /** A remote tier's answer to one request, and when its reply left the object. */
    public record Served(StageResult result, long replyNanos) {
    }
}
