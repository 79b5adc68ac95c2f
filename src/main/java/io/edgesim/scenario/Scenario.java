package io.edgesim.scenario;

import io.edgesim.model.cost.Prices;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A validated scenario: who sends what where, and the limiters that judge it.
 *
 * @param source        the scenario file (paths in it are relative to its folder)
 * @param name          report name (reports/NAME/)
 * @param description   the question the scenario answers
 * @param durationNanos how long traffic runs, scenario time
 * @param seed          random seed (the --seed flag overrides it before the run)
 * @param pops          the PoPs traffic may land in
 * @param clients       client populations and traces
 * @param limiters      the limiters, each seeing the same stream independently
 * @param regions       the PoPs and latency matrix in force (from regions.conf or the file the scenario names); it
 *                      holds every region of that file, so counters may be homed outside {@code pops}
 * @param regionsFile   where {@code regions} came from
 * @param assumptions   every default in force that the scenario did not set, as "setting" -> "value (why)", sorted
 *                      by setting ("seed", "regions.intra-pop-rtt", "regions.rtt.AMS-FRA",
 *                      "tiers.cache.write-delay", ...), and notes on settings it did set that forget a counter
 *                      while it still decides ("limiters[0].expiration-ttl" -> "60s: shorter than ...")
 * @param prices        the prices in force: reference.conf's Workers Paid prices with the scenario's overrides
 * @param faults        the faults injected, in the order written (empty for none)
 * @param settings      what the scenario sets, flat and sorted by path ({@code limiters.exact.placement.region} ->
 *                      {@code FRA}), name, description and sweep aside: what tells two runs' scenarios apart
 */
public record Scenario(Path source, String name, String description, long durationNanos, long seed,
                       List<String> pops, List<ClientSpec> clients, List<LimiterSpec> limiters, RegionMap regions,
                       Path regionsFile, Map<String, String> assumptions, Prices prices,
                       List<Fault> faults, Map<String, String> settings) {

    public Scenario {
        pops = List.copyOf(pops);
        clients = List.copyOf(clients);
        limiters = List.copyOf(limiters);
        faults = List.copyOf(faults);
        // keep the given (sorted) order: reports print assumptions in it
        assumptions = Collections.unmodifiableMap(new LinkedHashMap<>(assumptions));
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** The faults as the engines ask about them. */
    public FaultTimeline faultTimeline() {
        return new FaultTimeline(faults, regions, pops);
    }

    /** This scenario with one more assumption in force, {@code setting} -> {@code value}, after the others. */
    public Scenario withAssumption(String setting, String value) {
        Map<String, String> more = new LinkedHashMap<>(assumptions);
        more.put(setting, value);
        return new Scenario(source, name, description, durationNanos, seed, pops, clients, limiters, regions,
                regionsFile, more, prices, faults, settings);
    }

    /** This scenario without the assumption (or note) on {@code setting}. */
    public Scenario withoutAssumption(String setting) {
        Map<String, String> fewer = new LinkedHashMap<>(assumptions);
        fewer.remove(setting);
        return new Scenario(source, name, description, durationNanos, seed, pops, clients, limiters, regions,
                regionsFile, fewer, prices, faults, settings);
    }

    public Scenario withSeed(long newSeed) {
        return new Scenario(source, name, description, durationNanos, newSeed, pops, clients, limiters, regions,
                regionsFile, assumptions, prices, faults, settings);
    }
}
