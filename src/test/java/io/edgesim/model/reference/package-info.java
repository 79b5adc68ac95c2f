/**
 * Plain references of the model's counters and tiers, for tests: one small class each, written from docs/model.md
 * with maps of key to state and plain longs, to check the optimised classes against decision by decision.
 */
package io.edgesim.model.reference;
