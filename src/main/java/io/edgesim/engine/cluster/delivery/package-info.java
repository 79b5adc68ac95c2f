/**
 * Delivery at deadlines for the cluster engine: the run's one {@link io.edgesim.engine.cluster.delivery.ScenarioClock},
 * the {@link io.edgesim.engine.cluster.delivery.DelayLine} that releases held messages at their deadline, the
 * interceptor that holds an early {@link io.edgesim.engine.cluster.delivery.Deadlined} message until then, and the
 * record of how late messages were handled. Pekko's actors and HdrHistogram only; nothing of the other parts.
 */
package io.edgesim.engine.cluster.delivery;
