package io.edgesim.scenario.region;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.remote.Placement;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.config.AssumptionLog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Notes the regions file's assumptions that a run depends on: the intra-PoP round trip, the jitter, every estimated
 * round trip among the regions the run involves (its PoPs and wherever its Durable Objects or origin live), which
 * regions host Durable Objects, and the area homes that location hints and per-area objects use.
 */
public final class RegionNotes {

    private RegionNotes() {
    }

    public static void note(AssumptionLog log, RegionsLoader.Loaded loaded, List<String> pops,
                            List<LimiterSpec> limiters) {
        RegionMap map = loaded.map();
        String file = loaded.file().toString();
        log.note("regions.intra-pop-rtt", millis(map.intraPopRttNanos()) + " (assumption, " + file + ")");
        log.note("regions.jitter", millis(map.jitterNanos()) + " (" + file + ")");

        Set<String> involved = new LinkedHashSet<>(pops);
        Set<String> areas = new LinkedHashSet<>();
        boolean durableObjects = false;
        for (LimiterSpec limiter : limiters) {
            for (StageSpec stage : limiter.stages()) {
                if (stage.tier() instanceof TierSettings.Origin origin) {
                    involved.add(origin.region());
                } else if (stage.tier() instanceof TierSettings.DurableObject object) {
                    durableObjects = true;
                    Placement p = object.placement();
                    switch (p.policy()) {
                        case FIXED -> involved.add(p.region());
                        case LOCATION_HINT -> areas.add(p.hint());
                        case PER_AREA -> pops.forEach(pop -> areas.add(map.region(pop).area()));
                        case FIRST_REQUEST -> pops.forEach(pop -> involved.add(map.nearestDurableObjectRegion(pop)));
                    }
                }
            }
        }
        for (String area : areas) {
            involved.add(map.areaHome(area));
            log.note("regions.area-homes." + area, map.areaHome(area) + " (" + file + ")");
        }
        if (durableObjects) {
            List<String> hosts = map.codes().stream().map(map::region).filter(Region::durableObjects)
                    .map(Region::code).toList();
            log.note("regions.durable-objects", String.join(" ", hosts)
                    + " (assumption: which PoPs host Durable Objects is not published; " + file + ")");
        }
        noteEstimates(log, loaded, new ArrayList<>(involved));
        if (map.tailsOn()) {
            noteTails(log, loaded, new ArrayList<>(involved));
        }
    }

    // with tails on: the default ratio, and each involved pair's distribution and where it comes from
    private static void noteTails(AssumptionLog log, RegionsLoader.Loaded loaded, List<String> codes) {
        RegionMap map = loaded.map();
        String file = loaded.file().toString();
        log.note("regions.tails", "on: each remote call's round trip is drawn from a shifted lognormal fitted to its "
                + "pair's p50 and p99 (floor: great-circle distance at the speed of light in fibre), split evenly "
                + "between the two ways");
        log.note("regions.tails.p99-over-p50", Durations.formatNumber(map.defaultP99OverP50())
                + " for pairs without a p99 of their own and inside a PoP (assumption: no public source gives these "
                + "pairs' p99; " + file + ")");
        for (int i = 0; i < codes.size(); i++) {
            for (int j = i; j < codes.size(); j++) {
                String a = codes.get(i).compareTo(codes.get(j)) < 0 ? codes.get(i) : codes.get(j);
                String b = a.equals(codes.get(i)) ? codes.get(j) : codes.get(i);
                String source = a.equals(b) ? "inside the PoP, default ratio"
                        : loaded.ownTail(a, b) ? "given in " + file : "default ratio";
                log.note("regions.tail." + a + "-" + b, map.tail(a, b) + " (" + source + ")");
            }
        }
    }

    // each estimated pair, or for runs over more regions than a matrix shows, how many there are
    private static void noteEstimates(AssumptionLog log, RegionsLoader.Loaded loaded, List<String> codes) {
        RegionMap map = loaded.map();
        if (codes.size() > RegionSummary.MATRIX_LIMIT) {
            long pairs = (long) codes.size() * (codes.size() - 1) / 2;
            log.note("regions.rtt", String.format(Locale.ROOT, "%d of the %d pairs among the run's %d regions "
                    + "estimated: great-circle distance x route factor %s / %s km per ms, at least the round trip "
                    + "within one PoP (`edgesim regions --regions "
                    + "%s --matrix` prints them)", map.estimatedPairs(codes), pairs, codes.size(),
                    Durations.formatNumber(loaded.estimate().routeFactor()),
                    Durations.formatNumber(loaded.estimate().fibreKmPerMs()), loaded.file()));
            return;
        }
        for (int i = 0; i < codes.size(); i++) {
            for (int j = i + 1; j < codes.size(); j++) {
                String a = codes.get(i).compareTo(codes.get(j)) < 0 ? codes.get(i) : codes.get(j);
                String b = a.equals(codes.get(i)) ? codes.get(j) : codes.get(i);
                if (map.estimated(a, b)) {
                    log.note("regions.rtt." + a + "-" + b, String.format(Locale.ROOT,
                            "%.1fms (estimated: great-circle distance x route factor %s / %s km per ms%s)",
                            map.rttNanos(a, b) / 1e6, Durations.formatNumber(loaded.estimate().routeFactor()),
                            Durations.formatNumber(loaded.estimate().fibreKmPerMs()),
                            map.rttNanos(a, b) == map.intraPopRttNanos() ? ", raised to the round trip within one PoP"
                                    : ""));
                }
            }
        }
    }

    private static String millis(long nanos) {
        return Durations.formatNumber(nanos / 1e6) + "ms";
    }
}
