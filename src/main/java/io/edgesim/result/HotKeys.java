package io.edgesim.result;

import java.util.List;

/**
 * The hot Durable Objects of a limiter ({@link HotKey}): how many, and the hottest by name, busiest second first.
 *
 * @param count   hot objects in all, over the limiter's durable-object stages
 * @param hottest the hottest of each stage (at most 20 per stage), stage by stage
 */
public record HotKeys(long count, List<HotKey> hottest) {

    /** No hot object. */
    public static final HotKeys NONE = new HotKeys(0, List.of());

    public HotKeys {
        hottest = List.copyOf(hottest);
    }
}
