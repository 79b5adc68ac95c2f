package io.edgesim.engine.cluster.actors;

import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.ShardingMessageExtractor;

/** Routes sharding envelopes by {@link HomeRegionShards}: entity id "HOME|name" to shard "HOME-n". */
final class HomeRegionMessageExtractor<M> extends ShardingMessageExtractor<ShardingEnvelope<M>, M> {

    private final HomeRegionShards shards;

    HomeRegionMessageExtractor(HomeRegionShards shards) {
        this.shards = shards;
    }

    @Override
    public String entityId(ShardingEnvelope<M> envelope) {
        return envelope.entityId();
    }

    @Override
    public String shardId(String entityId) {
        return shards.shardId(entityId);
    }

    @Override
    public M unwrapMessage(ShardingEnvelope<M> envelope) {
        return envelope.message();
    }
}
