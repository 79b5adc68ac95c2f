/**
 * How every part of the scenario language reads settings: the HOCON source with its includes, typed getters that
 * know each setting's file and path, and the layering that remembers where each value was written
 * ({@link io.edgesim.scenario.config.ConfigReader}); the defaults of reference.conf
 * ({@link io.edgesim.scenario.config.Defaults}) and the log of those in force
 * ({@link io.edgesim.scenario.config.AssumptionLog}). It knows no setting of a scenario; it names nothing of the
 * scenario language but {@link io.edgesim.scenario.InputException}.
 */
package io.edgesim.scenario.config;
