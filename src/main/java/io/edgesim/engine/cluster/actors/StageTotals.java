package io.edgesim.engine.cluster.actors;

import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.remote.DurableObjectNamespace;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every stage of a run's limiters did on some members, for the bill and the report: billable operations and the
 * tier statistics (a Durable Object stage's "objects"; an in-PoP stage's own). A value, so that a node process can
 * send its part to the coordinator, which adds the parts up ({@link #plus}).
 *
 * @param usage by limiter, then stage
 * @param stats by limiter, then stage; empty for a stage with nothing to say
 * @param hot   the hot Durable Objects by limiter, then stage; none for other stages
 */
public record StageTotals(List<List<Usage>> usage, List<List<Map<String, Long>>> stats, List<List<HotObjects>> hot) {

    // statistics named so are the largest over members; the others add up
    private static final String MAXIMUM_PREFIX = "max_";

    public StageTotals {
        usage = usage.stream().map(List::copyOf).toList();
        // in the order the tiers name them: the report lists them so
        stats = stats.stream().map(l -> l.stream()
                .map(m -> Collections.unmodifiableMap(new LinkedHashMap<>(m))).toList()).toList();
        hot = hot.stream().map(List::copyOf).toList();
    }

    /**
     * What the stages did on the members of {@code local} (the in-PoP stages of the PoPs they ran) and
     * {@code ledgers} (the remote objects they homed, whose namespaces start with {@code namespacePrefix}).
     */
    public static StageTotals of(Scenario scenario, LocalTiers local, Iterable<ObjectLedger> ledgers,
                                 String namespacePrefix) {
        List<List<Usage>> usage = new ArrayList<>();
        List<List<Map<String, Long>>> stats = new ArrayList<>();
        List<List<HotObjects>> hot = new ArrayList<>();
        for (int l = 0; l < scenario.limiters().size(); l++) {
            LimiterSpec limiter = scenario.limiters().get(l);
            List<Usage> stageUsage = new ArrayList<>();
            List<Map<String, Long>> stageStats = new ArrayList<>();
            List<HotObjects> stageHot = new ArrayList<>();
            for (int s = 0; s < limiter.stages().size(); s++) {
                StageSpec stage = limiter.stages().get(s);
                if (stage.kind().remote()) {
                    String namespace = namespacePrefix + RemoteTiers.namespace(l, s);
                    Usage total = Usage.NONE;
                    long objects = 0;
                    Map<String, Long> byHome = new HashMap<>();
                    HotObjects hotObjects = HotObjects.NONE;
                    for (ObjectLedger ledger : ledgers) {
                        total = total.plus(ledger.usage(namespace));
                        objects += ledger.objectCount(namespace);
                        ledger.objectsByHome(namespace).forEach((home, n) -> byHome.merge(home, n, Long::sum));
                        hotObjects = hotObjects.plus(ledger.hotObjects(namespace));
                    }
                    stageHot.add(hotObjects);
                    stageUsage.add(total);
                    stageStats.add(stage.tier() instanceof TierSettings.DurableObject
                            ? DurableObjectNamespace.homeStats(objects, byHome) : Map.of());
                } else {
                    stageUsage.add(local.usage(l, s));
                    stageStats.add(local.stats(l, s));
                    stageHot.add(HotObjects.NONE);
                }
            }
            usage.add(stageUsage);
            stats.add(stageStats);
            hot.add(stageHot);
        }
        return new StageTotals(usage, stats, hot);
    }

    /** Nothing done yet: every stage of {@code scenario} with no usage and no statistics. */
    public static StageTotals none(Scenario scenario) {
        return new StageTotals(scenario.limiters().stream()
                .map(l -> l.stages().stream().map(stage -> Usage.NONE).toList()).toList(),
                scenario.limiters().stream()
                        .map(l -> l.stages().stream().map(stage -> Map.<String, Long>of()).toList()).toList(),
                scenario.limiters().stream()
                        .map(l -> l.stages().stream().map(stage -> HotObjects.NONE).toList()).toList());
    }

    /**
     * Both parts together: usage and counts add up, a maximum ("max_...") is the larger one, hot objects join (each
     * object lives on one member).
     */
    public StageTotals plus(StageTotals other) {
        List<List<Usage>> sumUsage = new ArrayList<>();
        List<List<Map<String, Long>>> sumStats = new ArrayList<>();
        List<List<HotObjects>> sumHot = new ArrayList<>();
        for (int l = 0; l < usage.size(); l++) {
            List<Usage> u = new ArrayList<>();
            List<Map<String, Long>> st = new ArrayList<>();
            List<HotObjects> h = new ArrayList<>();
            for (int s = 0; s < usage.get(l).size(); s++) {
                u.add(usage.get(l).get(s).plus(other.usage.get(l).get(s)));
                h.add(hot.get(l).get(s).plus(other.hot.get(l).get(s)));
                Map<String, Long> merged = new LinkedHashMap<>(stats.get(l).get(s));
                other.stats.get(l).get(s).forEach((name, value) -> merged.merge(name, value,
                        name.startsWith(MAXIMUM_PREFIX) ? Math::max : Long::sum));
                st.add(homesInOrder(merged));
            }
            sumUsage.add(u);
            sumStats.add(st);
            sumHot.add(h);
        }
        return new StageTotals(sumUsage, sumStats, sumHot);
    }

    // a Durable Object stage's statistics in the order its tier gives them (objects, then by home region), whatever
    // the members' order
    private static Map<String, Long> homesInOrder(Map<String, Long> merged) {
        return merged.containsKey("objects")
                ? DurableObjectNamespace.homeStats(merged.get("objects"), DurableObjectNamespace.homesIn(merged))
                : merged;
    }

    /** Billable operations of all stages of limiter {@code limiter}. */
    public Usage limiterUsage(int limiter) {
        Usage total = Usage.NONE;
        for (Usage stage : usage.get(limiter)) {
            total = total.plus(stage);
        }
        return total;
    }

    /** The statistics of stage {@code stage} of limiter {@code limiter}. */
    public Map<String, Long> stats(int limiter, int stage) {
        return stats.get(limiter).get(stage);
    }
}
