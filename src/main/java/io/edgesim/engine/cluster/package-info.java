/**
 * The Pekko cluster engine: one ActorSystem per PoP of a scenario, joined into one cluster in this JVM, with
 * Durable Objects as sharded entities placed on the node of their home region and every message between regions
 * delivered at a deadline (its send time plus the one-way delay between the regions) by a high-resolution
 * {@link io.edgesim.engine.cluster.DelayLine}. All times are nanoseconds of scenario time read from one
 * {@link io.edgesim.engine.cluster.ScenarioClock}; the model code it runs never sees Pekko or a clock.
 */
package io.edgesim.engine.cluster;
