package io.edgesim.engine.cluster.actors;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.sharding.ShardCoordinator;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.dispatch.Futures;
import scala.collection.immutable.IndexedSeq;
import scala.concurrent.Future;

import java.util.Map;
import java.util.Set;

/**
 * Places each shard on the shard region of the member whose role is the shard's home region (the prefix of
 * {@link HomeRegionShards} shard ids), and never moves it: a Durable Object's placement is fixed at creation.
 * When the home node is a member but its shard region is gone (shutdown), the shard stays unallocated; when no
 * member has that role at all, allocation fails (logged by the coordinator, retried on the next request).
 */
final class HomeRegionAllocationStrategy extends ShardCoordinator.AbstractShardAllocationStrategy {

    private final ActorSystem<?> system;

    /** @param system the node the strategy runs on (it serves only when that node hosts the coordinator) */
    HomeRegionAllocationStrategy(ActorSystem<?> system) {
        this.system = system;
    }

    @Override
    public Future<ActorRef> allocateShard(ActorRef requester, String shardId,
                                          Map<ActorRef, IndexedSeq<String>> currentShardAllocations) {
        String home = HomeRegionShards.homeRegionOfShard(shardId);
        Cluster cluster = Cluster.get(system);
        boolean homeIsMember = false;
        for (Member member : cluster.state().getMembers()) {
            if (!member.hasRole(home)) {
                continue;
            }
            homeIsMember = true;
            for (ActorRef region : currentShardAllocations.keySet()) {
                if (memberAddress(region, cluster).equals(member.address())) {
                    return Futures.successful(region);
                }
            }
        }
        if (homeIsMember) {
            // the home node's shard region has stopped (the run is shutting down): the shard stays unallocated
            return Futures.<ActorRef>promise().future();
        }
        return Futures.failed(new IllegalStateException("shard " + shardId + ": no cluster member has role " + home));
    }

    @Override
    public Future<Set<String>> rebalance(Map<ActorRef, IndexedSeq<String>> currentShardAllocations,
                                         Set<String> rebalanceInProgress) {
        return Futures.successful(Set.of());
    }

    // the local shard region's path has no host and port; it is the coordinator's own member
    private static Address memberAddress(ActorRef region, Cluster cluster) {
        Address address = region.path().address();
        return address.hasGlobalScope() ? address : cluster.selfMember().address();
    }
}
