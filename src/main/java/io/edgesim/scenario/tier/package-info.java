/**
 * The settings of each tier ({@link io.edgesim.model.tier.TierSettings}): one small reader per tier, and
 * {@link io.edgesim.scenario.tier.TierSettingsReader}, which layers a stage's own keys over the scenario's
 * {@code tiers.<tier>} section over reference.conf and hands them to the tier's reader. Built on
 * {@code scenario.config}; names nothing else of the scenario language.
 */
package io.edgesim.scenario.tier;
