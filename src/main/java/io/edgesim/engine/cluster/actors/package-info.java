/**
 * The actors of a cluster run and their protocol: a {@link io.edgesim.engine.cluster.actors.PopActor} per PoP walks
 * each request through its limiters' chains with the model's in-PoP tiers
 * ({@link io.edgesim.engine.cluster.actors.LocalTiers}); Durable Objects and origin counters are
 * {@link io.edgesim.engine.cluster.actors.RemoteObjectEntity} entities, sharded onto the node of their home region
 * ({@link io.edgesim.engine.cluster.actors.HomeRegionShards}). Messages that cross nodes are
 * {@link io.edgesim.engine.cluster.actors.CborSerializable}. Depends on {@code delivery} and {@code node}.
 */
package io.edgesim.engine.cluster.actors;
