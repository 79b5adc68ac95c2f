/**
 * The members of a cluster run: {@link io.edgesim.engine.cluster.node.StandaloneNode} is one member (one
 * ActorSystem, the regions it holds as roles), in a process of its own ({@code edgesim node}) or started by a
 * coordinator in its process, admitted by {@link io.edgesim.engine.cluster.node.JoinCheck} only with the same
 * protocol version and shared secret; {@link io.edgesim.engine.cluster.node.JoinedCluster} is a run's coordinator, a
 * member joined to node processes or of a cluster of its own process, which reads which member holds which region and
 * starts members for the regions no node holds; {@link io.edgesim.engine.cluster.node.ClusterSettings} are the
 * engine's validated settings (edgesim-cluster.conf). Depends on {@code delivery}.
 */
package io.edgesim.engine.cluster.node;
