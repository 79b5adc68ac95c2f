package io.edgesim.traffic;

import io.edgesim.scenario.ClientSpec.Population;

/**
 * What all clients of one population share, built once for the population so that each of its (possibly a million)
 * {@link ClientSource}s holds only its own state.
 *
 * @param population the population
 * @param picker     its PoP choice
 * @param profile    its rate over time, or null when it only bursts
 * @param startNanos when its clients start sending
 * @param endNanos   when they stop: the population's stop or the end of the run, whichever comes first
 */
record ClientPlan(Population population, PopPicker picker, RateProfile profile, long startNanos, long endNanos) {

    static ClientPlan of(Population population, long durationNanos) {
        // the ramp is defined up to stop even when the run ends first
        RateProfile profile = population.ratePerSecond() <= 0 ? null
                : new RateProfile(population.ratePerSecond(), population.rampToPerSecond(),
                (population.stopNanos() - population.startNanos()) / 1e9);
        return new ClientPlan(population, new PopPicker(population.pops()), profile, population.startNanos(),
                Math.min(population.stopNanos(), durationNanos));
    }
}
