package io.edgesim.model.tier.remote;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The hot Durable Objects of a stage ({@link ObjectLoad#hot()}): how many there were, and the hottest of them, at
 * most {@link #KEPT}, busiest second first (then most overloaded, then by name, so that the order never depends on
 * the order objects were found in). Parts found apart (the objects of each cluster member) add up with
 * {@link #plus}: the hottest of a union are among the hottest of its parts.
 *
 * @param count      hot objects in all
 * @param overloaded requests refused as overloaded by all of them (every object that refused one is hot), kept
 *                   or only counted
 * @param hottest    the hottest, at most {@link #KEPT}, hottest first
 */
public record HotObjects(long count, long overloaded, List<ObjectLoad> hottest) {

    /** How many hot objects are kept by name; the others are only counted. */
    public static final int KEPT = 20;

    /** No hot object. */
    public static final HotObjects NONE = new HotObjects(0, 0, List.of());

    private static final Comparator<ObjectLoad> HOTTEST_FIRST = Comparator
            .comparingLong(ObjectLoad::busiestSecond).reversed()
            .thenComparing(Comparator.comparingLong(ObjectLoad::overloaded).reversed())
            .thenComparing(ObjectLoad::name);

    public HotObjects {
        hottest = List.copyOf(hottest);
    }

    /** The hot ones among {@code loads}. */
    public static HotObjects of(Iterable<ObjectLoad> loads) {
        List<ObjectLoad> hot = new ArrayList<>();
        long overloaded = 0;
        for (ObjectLoad load : loads) {
            if (load.hot()) {
                hot.add(load);
                overloaded += load.overloaded();
            }
        }
        return kept(hot.size(), overloaded, hot);
    }

    /** The hot objects of both parts. */
    public HotObjects plus(HotObjects other) {
        if (other.count == 0) {
            return this;
        }
        if (count == 0) {
            return other;
        }
        List<ObjectLoad> both = new ArrayList<>(hottest);
        both.addAll(other.hottest);
        return kept(count + other.count, overloaded + other.overloaded, both);
    }

    private static HotObjects kept(long count, long overloaded, List<ObjectLoad> hot) {
        hot.sort(HOTTEST_FIRST);
        return new HotObjects(count, overloaded, hot.subList(0, Math.min(KEPT, hot.size())));
    }
}
