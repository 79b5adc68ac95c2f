package io.edgesim.scenario;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.fault.FaultKind;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.tier.TierSettingsReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads the {@code faults} list: {@code { kind = region-outage, region = FRA, from = 20s, until = 40s }} and the
 * other kinds ({@link FaultKind}), each active from {@code from} until {@code until} in scenario time. A region is
 * one of the regions file; a PoP one of the scenario's; a link two different regions. Faults may never take every
 * PoP down at once (failed-over traffic needs somewhere to go), and faults that can lose a reply (region-outage,
 * partition) need a timeout on every remote stage ({@link #requireTimeouts}).
 */
final class FaultReader {

    private static final Map<FaultKind, List<String>> KEYS = Map.of(
            FaultKind.REGION_OUTAGE, List.of("kind", "region", "from", "until"),
            FaultKind.POP_OUTAGE, List.of("kind", "pop", "from", "until"),
            FaultKind.PARTITION, List.of("kind", "between", "from", "until"),
            FaultKind.LATENCY, List.of("kind", "between", "extra", "from", "until"),
            FaultKind.KV_OUTAGE, List.of("kind", "from", "until"));

    private FaultReader() {
    }

    /** The scenario's faults, in the order written; empty when it has none. */
    static List<Fault> read(ConfigReader root, RegionMap regions, List<String> pops, long durationNanos) {
        if (!root.has("faults")) {
            return List.of();
        }
        List<ConfigReader> entries = root.objectList("faults");
        if (entries.size() > FaultTimeline.MAX_FAULTS) {
            throw root.error("faults", entries.size() + " faults are too many",
                    "at most " + FaultTimeline.MAX_FAULTS);
        }
        List<Fault> faults = new ArrayList<>();
        for (ConfigReader entry : entries) {
            faults.add(fault(entry, regions, pops, durationNanos));
        }
        requireLivePop(root, faults, pops);
        return List.copyOf(faults);
    }

    private static Fault fault(ConfigReader f, RegionMap regions, List<String> pops, long durationNanos) {
        if (!f.has("kind")) {
            throw f.error("kind", "missing", FaultKind.allowedNames());
        }
        FaultKind kind = FaultKind.parse(f.string("kind"));
        if (kind == null) {
            throw f.error("kind", "'" + f.string("kind") + "' is not a kind of fault", FaultKind.allowedNames());
        }
        if (kind == FaultKind.POP_OUTAGE && f.has("region") && !f.has("pop")) {
            throw f.error("region", "a pop-outage names its PoP with pop, not region", "pop = CODE, a PoP of the "
                    + "scenario: " + CodeList.of(pops) + " (a region-outage takes region)");
        }
        if (kind == FaultKind.REGION_OUTAGE && f.has("pop") && !f.has("region")) {
            throw f.error("pop", "a region-outage names its region with region, not pop", "region = CODE, a region "
                    + "of the regions file (a pop-outage takes pop)");
        }
        f.rejectUnknownKeys(KEYS.get(kind));
        String place = null;
        String other = null;
        long extra = 0;
        switch (kind) {
            case REGION_OUTAGE -> place = region(f, "region", regions);
            case POP_OUTAGE -> place = pop(f, pops);
            case PARTITION, LATENCY -> {
                List<String> link = link(f, regions);
                place = link.get(0);
                other = link.get(1);
            }
            case KV_OUTAGE -> {
            }
        }
        if (kind == FaultKind.LATENCY) {
            extra = f.durationNanos("extra", true, TierSettingsReader.MAX_LATENCY_NANOS);
        }
        String during = "a duration from 0 to the run's " + Durations.format(durationNanos) + ", before until";
        long from = f.durationNanos("from", false, ConfigReader.MAX_DURATION_NANOS, during);
        if (from >= durationNanos) {
            throw f.error("from", f.shown("from") + " is not before the end of the run", during);
        }
        long until = f.durationNanos("until", true, ConfigReader.MAX_DURATION_NANOS, "a duration after from ("
                + Durations.format(from) + ")");
        if (until <= from) {
            throw f.error("until", f.shown("until") + " is not after from (" + Durations.format(from) + ")",
                    "a duration after from");
        }
        return new Fault(kind, place, other, extra, from, until);
    }

    private static String region(ConfigReader f, String key, RegionMap regions) {
        String allowed = "a region of the regions file: " + CodeList.of(regions.codes());
        if (!f.has(key)) {
            throw f.error(key, "missing", allowed);
        }
        String code = f.string(key);
        if (!regions.contains(code)) {
            throw f.error(key, "'" + code + "' is not a region", allowed + CodeList.suggestion(code, regions.codes()));
        }
        return code;
    }

    private static String pop(ConfigReader f, List<String> pops) {
        String allowed = "a PoP of the scenario: " + CodeList.of(pops);
        if (!f.has("pop")) {
            throw f.error("pop", "missing", allowed);
        }
        String code = f.string("pop");
        if (!pops.contains(code)) {
            throw f.error("pop", "'" + code + "' is not a PoP of the scenario",
                    allowed + CodeList.suggestion(code, pops));
        }
        return code;
    }

    private static List<String> link(ConfigReader f, RegionMap regions) {
        String allowed = "two different regions of the regions file, [A, B]: " + CodeList.of(regions.codes());
        List<String> link = f.stringList("between", allowed);
        if (link.size() != 2) {
            throw f.error("between", (link.size() == 1 ? "one region listed" : link.size() + " regions listed")
                    + " (" + link.stream().map(code -> "'" + code + "'").collect(Collectors.joining(", ")) + ")",
                    allowed);
        }
        for (String code : link) {
            if (!regions.contains(code)) {
                throw f.error("between", "'" + code + "' is not a region",
                        allowed + CodeList.suggestion(code, regions.codes()));
            }
        }
        if (link.get(0).equals(link.get(1))) {
            throw f.error("between", "both ends are " + link.get(0), allowed);
        }
        return link;
    }

    // every PoP down at once leaves the traffic nowhere to land; checked at each outage's start, where the set of
    // PoPs down grows
    private static void requireLivePop(ConfigReader root, List<Fault> faults, List<String> pops) {
        for (int i = 0; i < faults.size(); i++) {
            Fault f = faults.get(i);
            if (f.kind() != FaultKind.REGION_OUTAGE && f.kind() != FaultKind.POP_OUTAGE) {
                continue;
            }
            TreeSet<String> down = new TreeSet<>();
            for (Fault g : faults) {
                if ((g.kind() == FaultKind.REGION_OUTAGE || g.kind() == FaultKind.POP_OUTAGE)
                        && g.activeAt(f.fromNanos())) {
                    down.add(g.place());
                }
            }
            if (down.containsAll(pops)) {
                throw root.error("faults[" + i + "]", "at " + Durations.format(f.fromNanos())
                        + " every PoP of the scenario is down (" + String.join(", ", down) + ")",
                        "outages that leave at least one PoP up at every moment");
            }
        }
    }

    /**
     * Faults that can lose a reply (region-outage, partition) need a timeout on every remote stage: without one a
     * lost reply would leave its request waiting for ever.
     */
    static void requireTimeouts(ConfigReader root, List<Fault> faults, List<ConfigReader> limiterEntries,
                                List<LimiterSpec> limiters) {
        int losing = -1;
        for (int i = 0; i < faults.size() && losing < 0; i++) {
            FaultKind kind = faults.get(i).kind();
            if (kind == FaultKind.REGION_OUTAGE || kind == FaultKind.PARTITION) {
                losing = i;
            }
        }
        if (losing < 0) {
            return;
        }
        for (int l = 0; l < limiters.size(); l++) {
            List<StageSpec> stages = limiters.get(l).stages();
            boolean chain = limiterEntries.get(l).written("chain");
            for (int s = 0; s < stages.size(); s++) {
                if (stages.get(s).kind().remote() && RemoteTier.timeoutNanos(stages.get(s).tier()) == 0) {
                    String stage = "limiters[" + l + "]" + (chain ? ".chain[" + s + "]" : "");
                    throw root.error(stage + ".timeout", "missing: faults[" + losing + "] ("
                            + faults.get(losing).kind().configName() + ") can lose this "
                            + stages.get(s).kind().configName() + " stage's replies",
                            "a duration the PoP waits for the reply, such as 1s (here or under tiers."
                                    + stages.get(s).kind().configName() + ")");
                }
            }
        }
    }
}
