/**
 * The nodes of a cluster run: {@link io.edgesim.engine.cluster.node.EmbeddedCluster} starts one ActorSystem
 * ({@link io.edgesim.engine.cluster.node.ClusterNode}, role = its region code) per region in this JVM, forms the
 * cluster and shuts it down; {@link io.edgesim.engine.cluster.node.ClusterSettings} are the engine's validated
 * settings (edgesim-cluster.conf). Depends on {@code delivery}.
 */
package io.edgesim.engine.cluster.node;
