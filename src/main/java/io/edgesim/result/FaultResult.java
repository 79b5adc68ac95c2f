package io.edgesim.result;

import java.util.List;

/**
 * One fault of a run and what it did to the requests it touched, per limiter.
 *
 * @param label        how reports name it: "region-outage FRA 20s-40s"
 * @param kind         region-outage, pop-outage, partition, latency or kv-outage
 * @param fromSeconds  when it began, scenario time
 * @param untilSeconds when it ended
 * @param regions      the regions it names: the region or PoP that fails, the two ends of a link; none for kv-outage
 * @param limiters     per limiter, in scenario order, the requests it touched
 */
public record FaultResult(String label, String kind, double fromSeconds, double untilSeconds, List<String> regions,
                          List<Effect> limiters) {

    public FaultResult {
        regions = List.copyOf(regions);
        limiters = List.copyOf(limiters);
    }

    /**
     * The requests of one limiter a fault touched (failed over, lost, slowed, or failed by KV), by how each ended;
     * {@code touched == accepted + rejected + failedOpen + failedClosed}.
     *
     * @param failedOver how many of them were moved to another PoP by the fault (counted there)
     */
    public record Effect(String limiter, long touched, long accepted, long rejected, long failedOpen,
                         long failedClosed, long failedOver) {

        public Effect {
            if (touched != accepted + rejected + failedOpen + failedClosed) {
                throw new IllegalArgumentException("fault counts do not add up: touched " + touched);
            }
        }
    }
}
