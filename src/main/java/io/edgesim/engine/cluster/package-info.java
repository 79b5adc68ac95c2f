/**
 * The Pekko cluster engine and the wiring of a run: {@link io.edgesim.engine.cluster.ClusterEngine} (what the CLI
 * calls) forms the cluster, hosts every member's regions the same way ({@link io.edgesim.engine.cluster.RunHost}),
 * warms it up ({@link io.edgesim.engine.cluster.ShardWarmUp}, {@code TrafficWarmUp}),
 * feeds the request stream in arrival order ({@link io.edgesim.engine.cluster.TrafficFeeder}, with the decisions that
 * need one owner in {@code Admissions}) and builds the result. Its parts, each a sub-package that depends only on the
 * ones before it: {@code delivery} (the scenario clock and delivery at deadlines), {@code node} (the members of a
 * cluster, in this process or in node processes, and their settings) and {@code actors} (the PoP actor, the sharded remote objects and their
 * protocol). Every time is nanoseconds of scenario time; the model code it runs never sees Pekko or a clock.
 */
package io.edgesim.engine.cluster;
