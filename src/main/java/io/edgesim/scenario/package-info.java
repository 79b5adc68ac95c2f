/**
 * The scenario language: HOCON scenario files ({@link io.edgesim.scenario.ScenarioLoader}), regions.conf
 * ({@link io.edgesim.scenario.RegionsLoader}) and trace CSVs ({@link io.edgesim.scenario.TraceReader}), read once
 * into validated, immutable records ({@link io.edgesim.scenario.Scenario}, {@link io.edgesim.scenario.ClientSpec}
 * and the model's limiter specs). Defaults come from reference.conf (edgesim.*) and nowhere else. Bad input becomes an
 * {@link io.edgesim.scenario.InputException} naming the file, the setting, what is wrong and what is allowed.
 */
package io.edgesim.scenario;
