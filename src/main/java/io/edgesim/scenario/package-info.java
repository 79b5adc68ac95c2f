/**
 * The scenario language: HOCON scenario files ({@link io.edgesim.scenario.ScenarioLoader}) read once into validated,
 * immutable records ({@link io.edgesim.scenario.Scenario}, {@link io.edgesim.scenario.ClientSpec} and the model's
 * limiter specs), with the readers of the scenario's own sections: clients, limiters and their stages, plans and the
 * contract, faults, prices. Bad input becomes an {@link io.edgesim.scenario.InputException} naming the file, the
 * setting, what is wrong and what is allowed. The parts it assembles sit below it, each in its own package:
 * {@code config} (the HOCON source, typed getters and layering, reference.conf), {@code tier} (the settings of each
 * tier), {@code region} (regions.conf) and {@code trace} (trace files). Those never name this package, except
 * {@code InputException}, the one line of bad input every part throws.
 */
package io.edgesim.scenario;
