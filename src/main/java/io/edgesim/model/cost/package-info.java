/** The monthly cost of a way of counting, from the usage a run measured and the published Workers Paid prices. */
package io.edgesim.model.cost;
