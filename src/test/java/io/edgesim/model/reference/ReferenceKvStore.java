package io.edgesim.model.reference;

import io.edgesim.model.tier.TierSettings;

import java.util.HashMap;
import java.util.Map;

/**
 * The global side of a KV stage, plainly (docs/model.md, "kv"): per key the latest accepted write (a counter) and
 * its time. A write less than the minimum write interval after the key's latest accepted write is refused; an entry
 * is gone the expiration TTL after its write. Last write wins.
 */
public final class ReferenceKvStore {

    private record Stored(ReferenceCounter counter, long writtenAtNanos) {
    }

    private final TierSettings.Kv settings;
    private final Map<String, Stored> stored = new HashMap<>();
    private long reads;
    private long writes;
    private long refusedWrites;

    public ReferenceKvStore(TierSettings.Kv settings) {
        this.settings = settings;
    }

    /** A copy of what is stored for {@code key} at {@code nowNanos}, or null (never written, or expired). */
    ReferenceCounter read(String key, long nowNanos) {
        reads++;
        Stored entry = stored.get(key);
        return entry == null || nowNanos - entry.writtenAtNanos() >= settings.expirationTtlNanos() ? null
                : entry.counter().copy();
    }

    /** Stores a copy of {@code counter} for {@code key}, unless written too recently; true when accepted. */
    boolean write(String key, long nowNanos, ReferenceCounter counter) {
        Stored entry = stored.get(key);
        if (entry != null && nowNanos - entry.writtenAtNanos() < settings.minWriteIntervalNanos()) {
            refusedWrites++;
            return false;
        }
        stored.put(key, new Stored(counter.copy(), nowNanos));
        writes++;
        return true;
    }

    /** Reads that reached the store (misses of the PoPs' caches). */
    public long reads() {
        return reads;
    }

    /** Accepted writes. */
    public long writes() {
        return writes;
    }

    /** Writes refused for the write rate. */
    public long refusedWrites() {
        return refusedWrites;
    }

    String describe(String key) {
        Stored entry = stored.get(key);
        return entry == null ? "nothing" : entry.counter() + " written at " + entry.writtenAtNanos();
    }
}
