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
 * When the home node's shard region is gone (shutdown) or no member has that role, the shard stays unallocated until
 * the next request for it.
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
        for (Member member : cluster.state().getMembers()) {
            if (!member.hasRole(home)) {
                continue;
            }
            for (ActorRef region : currentShardAllocations.keySet()) {
                if (memberAddress(region, cluster).equals(member.address())) {
                    return Futures.successful(region);
                }
            }
        }
        // The home node's shard region has stopped (the run is shutting down), or the home node has left (the member
        // a coordinator started for a run, after the run; Pekko asks again for shards it handed off): the shard stays
        // unallocated, and the coordinator asks again on the next message for it. A run never sends to a region no
        // member holds: every region it needs has a member before it starts.
        return Futures.<ActorRef>promise().future();
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
