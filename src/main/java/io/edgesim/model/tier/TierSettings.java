package io.edgesim.model.tier;

import io.edgesim.model.region.LatencyTail;
import io.edgesim.model.tier.remote.ObjectShards;
import io.edgesim.model.tier.remote.Placement;

/**
 * Settings of one tier. Defaults live in reference.conf (edgesim.tiers.*), never in Java; the scenario loader
 * merges a limiter's own settings over them and builds one of these validated records.
 */
public sealed interface TierSettings {

    TierKind kind();

    /**
     * Isolates: each PoP runs {@code isolatesPerPop}; a request lands on one at random; an isolate is evicted after
     * an exponential lifetime of mean {@code meanLifetimeNanos} (no published figure: default 30 s, an assumption)
     * and its counters vanish.
     */
    record Isolate(int isolatesPerPop, long meanLifetimeNanos) implements TierSettings {
        public TierKind kind() {
            return TierKind.ISOLATE;
        }
    }

    /**
     * Per-location cache (Cache API): read at t (costs {@code readLatencyNanos}), decide, and write count+1 after
     * responding; the write lands at t + {@code writeDelayNanos}. Not atomic: requests in between read the old count.
     */
    record Cache(long readLatencyNanos, long writeDelayNanos) implements TierSettings {
        public TierKind kind() {
            return TierKind.CACHE;
        }
    }

    /**
     * Workers KV: a PoP's cached copy is served until {@code cacheTtlNanos} after it was fetched (minimum and default
     * 60 s); a hot read costs {@code hotReadNanos}, a miss a uniform time in [{@code missReadMinNanos},
     * {@code missReadMaxNanos}]; a key takes at most one write per {@code minWriteIntervalNanos} (1 s), an excess
     * write fails and the limiter fails open when {@code failOpen}; {@code expirationTtlNanos} must be at least 60 s.
     */
    record Kv(long cacheTtlNanos, long expirationTtlNanos, long hotReadNanos, long missReadMinNanos,
              long missReadMaxNanos, long minWriteIntervalNanos, boolean failOpen) implements TierSettings {
        public TierKind kind() {
            return TierKind.KV;
        }
    }

    /**
     * Workers Rate Limiting binding: {@code machinesPerPop} machines each check a locally cached count and sync with
     * the PoP's store every {@code syncIntervalNanos} (not published: default 100 ms, an assumption); bindings with
     * the same {@code namespace} share counters. The period (10 or 60 s) is the algorithm's window.
     */
    record Binding(int machinesPerPop, long syncIntervalNanos, String namespace) implements TierSettings {
        public TierKind kind() {
            return TierKind.BINDING;
        }
    }

    /**
     * WAF rate limiting rule: counted per data center and characteristic; counters see a request
     * {@code updateDelayNanos} after it (up to a few seconds: default 2 s, an assumption); once over the rate the
     * client is blocked for {@code mitigationTimeoutNanos}. {@code plan} bounds period and timeout.
     */
    record Waf(String plan, long updateDelayNanos, long mitigationTimeoutNanos) implements TierSettings {
        public TierKind kind() {
            return TierKind.WAF;
        }
    }

    /**
     * Durable Object: one single-threaded instance per object; each request takes a service time with median
     * {@code serviceTimeNanos} (default 1 ms, ~1,000 req/s) and 99th percentile {@code serviceTimeP99Nanos} (equal:
     * every request takes the median; above it, a lognormal, see {@link #serviceTime}); a request that finds
     * {@code queueBound} others waiting gets an "overloaded" error; the limiter fails open on errors when
     * {@code failOpen}. Placement decides the home region. A request whose reply is not back at its PoP
     * {@code timeoutNanos} after it left fails (0: no timeout); with {@code inMemoryState} an object keeps its
     * counter only in memory and loses it when its home region goes down (else it is durable). Each key is split over
     * {@code shards} objects (1 to {@link ObjectShards#MAX_SHARDS}; 1: one object per key), each request going to one
     * of them, each enforcing its share of the limit ({@link ObjectShards}).
     */
    record DurableObject(long serviceTimeNanos, long serviceTimeP99Nanos, int queueBound, boolean failOpen,
                         Placement placement, long timeoutNanos, boolean inMemoryState, int shards)
            implements TierSettings {

        public DurableObject {
            if (shards < 1 || shards > ObjectShards.MAX_SHARDS) {
                throw new IllegalArgumentException("shards must be from 1 to " + ObjectShards.MAX_SHARDS + ", was "
                        + shards);
            }
        }

        /** A fixed service time, no timeout, durable state, one object per key. */
        public DurableObject(long serviceTimeNanos, int queueBound, boolean failOpen, Placement placement) {
            this(serviceTimeNanos, serviceTimeNanos, queueBound, failOpen, placement, 0, false, 1);
        }

        public TierKind kind() {
            return TierKind.DURABLE_OBJECT;
        }

        /** The service time's distribution: a lognormal (floor 0) through its median and p99. */
        public LatencyTail serviceTime() {
            return LatencyTail.serviceTime(serviceTimeNanos, serviceTimeP99Nanos);
        }
    }

    /**
     * Origin limiter: exact, in {@code region}; each decision takes a service time there with median
     * {@code serviceTimeNanos} and 99th percentile {@code serviceTimeP99Nanos} (as for a Durable Object). A request
     * whose reply is not back at its PoP {@code timeoutNanos} after it left fails (0: no timeout), open when
     * {@code failOpen}.
     */
    record Origin(String region, long serviceTimeNanos, long serviceTimeP99Nanos, long timeoutNanos,
                  boolean failOpen) implements TierSettings {

        /** A fixed service time, no timeout. */
        public Origin(String region, long serviceTimeNanos) {
            this(region, serviceTimeNanos, serviceTimeNanos, 0, false);
        }

        public TierKind kind() {
            return TierKind.ORIGIN;
        }

        /** The service time's distribution, as {@link DurableObject#serviceTime}. */
        public LatencyTail serviceTime() {
            return LatencyTail.serviceTime(serviceTimeNanos, serviceTimeP99Nanos);
        }
    }
}
