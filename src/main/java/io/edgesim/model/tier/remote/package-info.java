/**
 * The tiers decided away from the request's PoP ({@link io.edgesim.model.tier.RemoteTier}): Durable Objects (the
 * namespace that routes a key to its object, the object that serves it, where objects are placed, how a key is split
 * over shards, and the load that makes an object hot) and an origin limiter.
 */
package io.edgesim.model.tier.remote;
