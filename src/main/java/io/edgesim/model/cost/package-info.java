/**
 * The monthly bill of a way of counting: {@link io.edgesim.model.cost.CostModel} scales the
 * {@link io.edgesim.model.cost.Invocations} (what the Workers did per request) and the
 * {@link io.edgesim.model.cost.Usage} (what the tiers did) a run measured to a 30-day month and prices them with the
 * Workers Paid {@link io.edgesim.model.cost.Prices} (whose values come from reference.conf), giving a
 * {@link io.edgesim.model.cost.CostEstimate}.
 */
package io.edgesim.model.cost;
