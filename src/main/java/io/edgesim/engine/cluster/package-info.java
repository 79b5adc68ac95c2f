/**
 * The Pekko cluster engine ({@link io.edgesim.engine.cluster.ClusterEngine}): one ActorSystem per PoP of a scenario
 * (and per region a remote stage can home an object in), joined into one cluster in this JVM. A
 * {@link io.edgesim.engine.cluster.PopActor} per PoP runs each limiter's chain with the model's in-PoP tiers; Durable
 * Objects and origin counters are {@link io.edgesim.engine.cluster.RemoteObjectEntity} entities sharded onto the node
 * of their home region; every message between regions is delivered at a deadline (its send time plus the one-way
 * delay between the regions) by a high-resolution {@link io.edgesim.engine.cluster.DelayLine}. All times are
 * nanoseconds of scenario time read from one {@link io.edgesim.engine.cluster.ScenarioClock}; the model code it runs
 * never sees Pekko or a clock.
 */
package io.edgesim.engine.cluster;
