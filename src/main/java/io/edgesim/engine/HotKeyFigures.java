package io.edgesim.engine;

import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.remote.ObjectLoad;
import io.edgesim.result.HotKey;
import io.edgesim.result.HotKeys;

import java.util.ArrayList;
import java.util.List;

/** A limiter's hot Durable Objects as the model found them, stage by stage, in the figures of its result. */
final class HotKeyFigures {

    private static final double NANOS_PER_MS = 1e6;

    private HotKeyFigures() {
    }

    /** @param byStage the hot objects of each stage of {@code limiter}, in stage order */
    static HotKeys of(LimiterSpec limiter, List<HotObjects> byStage) {
        long count = 0;
        long overloaded = 0;
        List<HotKey> hottest = new ArrayList<>();
        for (int s = 0; s < byStage.size(); s++) {
            HotObjects hot = byStage.get(s);
            count += hot.count();
            overloaded += hot.overloaded();
            String stage = s + ":" + limiter.stages().get(s).kind().configName();
            for (ObjectLoad load : hot.hottest()) {
                hottest.add(new HotKey(stage, load.name(), load.busiestSecond(), load.capacityPerSecond(),
                        load.requests(), load.overloaded(), load.queued(),
                        RunRecorder.round(load.maxWaitNanos() / NANOS_PER_MS, 3)));
            }
        }
        return count == 0 ? HotKeys.NONE : new HotKeys(count, overloaded, hottest);
    }
}
