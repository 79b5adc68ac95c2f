package io.edgesim.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.edgesim.result.HotKey;
import io.edgesim.result.HotKeys;
import io.edgesim.result.LimiterResult;

import java.util.List;

/**
 * The hot Durable Objects of a limiter ({@link HotKeys}) as every report says them: one line naming the hottest (the
 * console, and report.md under its summary), a table of the hottest (report.md, the limiter's section) and an object
 * in result.json. A limiter without hot objects gets none of them, so reports of runs without one are unchanged.
 */
final class HotKeysReport {

    private HotKeysReport() {
    }

    /**
     * "hot key: hot-object: hot-key at 1500 req/s (its busiest second) overloaded its Durable Object,
     * which serves 1000 req/s: 2000 requests failed (overloaded), 6999 queued (longest wait 1000.0 ms); seed 23"
     * (the stage named too in a chain, and how many other objects were hot); null when the limiter has none.
     */
    static String line(LimiterResult limiter, long seed) {
        HotKeys hot = limiter.hotKeys();
        if (hot.count() == 0) {
            return null;
        }
        HotKey k = hot.hottest().get(0);
        String stage = limiter.rejectedBy().size() > 1 ? " at stage " + k.stage() : "";
        String verdict = k.overloaded() > 0 ? " overloaded its Durable Object, which serves "
                : " asked more than its Durable Object serves, ";
        String more = hot.count() > 1 ? "; " + (hot.count() - 1) + " more hot object" + (hot.count() > 2 ? "s" : "")
                + " in the report" : "";
        return "hot key: " + limiter.name() + ": " + k.object() + stage + " at " + k.busiestSecond()
                + " req/s (its busiest second)" + verdict
                + capacity(k) + " req/s: " + k.overloaded() + " requests failed (overloaded), " + k.queued()
                + " queued (longest wait " + Numbers.ms(k.maxWaitMs()) + " ms)" + more + "; seed " + seed;
    }

    /** The hottest objects, one row each; null when the limiter has none. */
    static Tables table(LimiterResult limiter) {
        if (limiter.hotKeys().count() == 0) {
            return null;
        }
        Tables table = new Tables(List.of("stage", "object", "busiest second req/s", "serves req/s",
                "requests", "failed (overloaded)", "queued", "longest wait ms"));
        for (HotKey k : limiter.hotKeys().hottest()) {
            table.row(List.of(k.stage(), k.object(), Long.toString(k.busiestSecond()),
                    capacity(k), Long.toString(k.requests()),
                    Long.toString(k.overloaded()), Long.toString(k.queued()), Numbers.ms(k.maxWaitMs())));
        }
        return table;
    }

    /** {@code "hot_keys": {"count": n, "hottest": [...]}} in {@code node}, when the limiter has hot objects. */
    static void json(ObjectNode node, LimiterResult limiter) {
        HotKeys hot = limiter.hotKeys();
        if (hot.count() == 0) {
            return;
        }
        ObjectNode out = node.putObject("hot_keys");
        out.put("count", hot.count());
        out.put("overloaded", hot.overloaded());
        ArrayNode hottest = out.putArray("hottest");
        for (HotKey k : hot.hottest()) {
            ObjectNode o = hottest.addObject();
            o.put("stage", k.stage());
            o.put("object", k.object());
            o.put("busiest_second_requests", k.busiestSecond());
            if (k.capacityPerSecond() == Long.MAX_VALUE) {
                o.putNull("capacity_per_second");
            } else {
                o.put("capacity_per_second", k.capacityPerSecond());
            }
            o.put("requests", k.requests());
            o.put("overloaded", k.overloaded());
            o.put("queued", k.queued());
            o.put("max_wait_ms", k.maxWaitMs());
        }
    }

    private static String capacity(HotKey k) {
        return k.capacityPerSecond() == Long.MAX_VALUE ? "unbounded" : Long.toString(k.capacityPerSecond());
    }
}
