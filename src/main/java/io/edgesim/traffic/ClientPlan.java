package io.edgesim.traffic;

import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.ClientSpec.Population;
import io.edgesim.scenario.PopChoice;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What all clients of one population share, built once for the population so that {@link ClientSources} keeps
 * only each client's own state for its (possibly a million) clients.
 *
 * @param population the population
 * @param picker     its PoP choice: among all its PoPs, or among each client's own (pops-per-key)
 * @param profile    its clients' rate over time, or null when it only bursts or its clients draw their rates
 * @param rates      the rates its clients draw, or null when they all send at the population's rate
 * @param startNanos when its clients start sending
 * @param endNanos   when they stop: the population's stop or the end of the run, whichever comes first
 * @param keyKinds   what the run's limiters key on (see {@link ClientSources}: the headers they read are expanded
 *                   once per client)
 */
record ClientPlan(Population population, PopChooser picker, RateProfile profile, ClientRates rates, long startNanos,
                  long endNanos, Set<KeyKind> keyKinds) {

    /** What {@code limiters} key on: every stage's key and every exact reference's. */
    static Set<KeyKind> keyKinds(List<LimiterSpec> limiters) {
        Set<KeyKind> kinds = EnumSet.noneOf(KeyKind.class);
        for (LimiterSpec limiter : limiters) {
            kinds.add(limiter.referenceKey());
            for (StageSpec stage : limiter.stages()) {
                kinds.add(stage.key());
            }
        }
        return kinds;
    }

    static ClientPlan of(Population population, long durationNanos, Set<KeyKind> keyKinds, long seed) {
        // the ramp is defined up to stop even when the run ends first
        RateProfile profile = population.ratePerSecond() <= 0 ? null
                : new RateProfile(population.ratePerSecond(), population.rampToPerSecond(), spanSeconds(population));
        ClientRates rates = population.rates() == null ? null : ClientRates.of(population, seed);
        PopChoice pops = population.pops();
        PopChooser picker = pops.popsPerKey() > 0
                ? new KeptPops(pops, population.count(), seed, population.name()) : new PopPicker(pops);
        return new ClientPlan(population, picker, profile, rates, population.startNanos(),
                Math.min(population.stopNanos(), durationNanos), keyKinds);
    }

    private static double spanSeconds(Population population) {
        return (population.stopNanos() - population.startNanos()) / 1e9;
    }

    /**
     * The rate over time of client {@code index}: the population's, or one at the client's own drawn rate; null when
     * the client sends no regular requests (a burst-only population, a drawn rate of 0).
     */
    RateProfile profileOf(int index) {
        if (rates == null) {
            return profile;
        }
        double perSecond = rates.perSecond(index);
        return perSecond > 0 ? new RateProfile(perSecond, perSecond, spanSeconds(population)) : null;
    }

    /** True when a limiter's key is read from a header that {@code kinds} includes. */
    boolean keyedOn(KeyKind... kinds) {
        for (KeyKind kind : kinds) {
            if (keyKinds.contains(kind)) {
                return true;
            }
        }
        return false;
    }
}
