/**
 * The monthly cost of a way of counting: {@link io.edgesim.model.cost.CostModel} scales the
 * {@link io.edgesim.model.cost.Usage} a run measured to a 30-day month and prices it with the Workers Paid
 * {@link io.edgesim.model.cost.Prices} (whose values come from reference.conf), giving a
 * {@link io.edgesim.model.cost.CostEstimate}.
 */
package io.edgesim.model.cost;
