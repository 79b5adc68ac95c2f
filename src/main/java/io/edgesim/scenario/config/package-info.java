/**
 * How every part of the scenario language reads settings, knowing no setting of a scenario: the HOCON source with
 * its includes ({@link io.edgesim.scenario.config.HoconSource}, {@link io.edgesim.scenario.config.ConfigText}), typed
 * getters that know each setting's file and path ({@link io.edgesim.scenario.config.ConfigReader}), the one layering
 * that remembers where each value was written ({@code ConfigReader.withFallback} and {@code under}, kept by
 * {@link io.edgesim.scenario.config.Origins}), the defaults of reference.conf
 * ({@link io.edgesim.scenario.config.Defaults}) and the log of those in force
 * ({@link io.edgesim.scenario.config.AssumptionLog}). It names nothing of the scenario language but
 * {@link io.edgesim.scenario.InputException}.
 */
package io.edgesim.scenario.config;
