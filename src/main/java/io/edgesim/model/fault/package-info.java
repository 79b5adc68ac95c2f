/**
 * Faults a scenario injects (region and PoP outages, partitions, added latency, KV outages) and the one timeline both
 * engines ask about them, with the time passed in: is a region or a PoP down at t, is a link cut, how much later does
 * a message arrive, is KV down, where does a PoP's traffic go.
 */
package io.edgesim.model.fault;
