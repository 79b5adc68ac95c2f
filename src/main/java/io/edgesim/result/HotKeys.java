package io.edgesim.result;

import java.util.List;

/**
 * The hot Durable Objects of a limiter ({@link HotKey}): how many, and the hottest by name, busiest second first.
 *
 * @param count      hot objects in all, over the limiter's durable-object stages
 * @param overloaded requests refused as overloaded (failed) by all of them, over those stages
 * @param hottest    the hottest of each stage (at most 20 per stage), stage by stage
 */
public record HotKeys(long count, long overloaded, List<HotKey> hottest) {

    /** No hot object. */
    public static final HotKeys NONE = new HotKeys(0, 0, List.of());

    public HotKeys {
        hottest = List.copyOf(hottest);
    }

    /**
     * The most requests one object was asked in one whole second of scenario time, over the hot objects (the
     * hottest of each stage is always kept); 0 when none is hot.
     */
    public long peakPerSecond() {
        return hottest.stream().mapToLong(HotKey::busiestSecond).max().orElse(0);
    }
}
