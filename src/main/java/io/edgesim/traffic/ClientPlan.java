package io.edgesim.traffic;

import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.ClientSpec.Population;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What all clients of one population share, built once for the population so that each of its (possibly a million)
 * {@link ClientSource}s holds only its own state.
 *
 * @param population the population
 * @param picker     its PoP choice
 * @param profile    its rate over time, or null when it only bursts
 * @param startNanos when its clients start sending
 * @param endNanos   when they stop: the population's stop or the end of the run, whichever comes first
 * @param keyKinds   what the run's limiters key on (see {@link ClientSource}: the headers they read are expanded
 *                   once per client)
 */
record ClientPlan(Population population, PopPicker picker, RateProfile profile, long startNanos, long endNanos,
                  Set<KeyKind> keyKinds) {

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

    static ClientPlan of(Population population, long durationNanos, Set<KeyKind> keyKinds) {
        // the ramp is defined up to stop even when the run ends first
        RateProfile profile = population.ratePerSecond() <= 0 ? null
                : new RateProfile(population.ratePerSecond(), population.rampToPerSecond(),
                (population.stopNanos() - population.startNanos()) / 1e9);
        return new ClientPlan(population, new PopPicker(population.pops()), profile, population.startNanos(),
                Math.min(population.stopNanos(), durationNanos), keyKinds);
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
