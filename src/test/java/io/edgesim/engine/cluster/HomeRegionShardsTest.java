package io.edgesim.engine.cluster;

import io.edgesim.model.tier.ObjectRoute;
import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HomeRegionShardsTest {

    private final HomeRegionShards shards = new HomeRegionShards(4);

    @Test
    void entityIdCarriesTheHomeRegionAndTheObjectName() {
        ObjectRoute route = new ObjectRoute("api-key|with-separators-42", "SYD");

        String entityId = HomeRegionShards.entityId(route);

        assertThat(entityId).startsWith("SYD|");
        assertThat(HomeRegionShards.route(entityId)).isEqualTo(route);
    }

    @Test
    void shardIdNamesTheHomeRegionAndOneOfItsShards() {
        String shardId = shards.shardId(HomeRegionShards.entityId(new ObjectRoute("client-7", "FRA")));

        assertThat(shards.shardIds("FRA")).contains(shardId);
        assertThat(HomeRegionShards.homeRegionOfShard(shardId)).isEqualTo("FRA");
    }

    @Test
    void theSameObjectNameFallsInTheSameShardIndexInEveryRegion() {
        String inFrankfurt = shards.shardId(HomeRegionShards.entityId(new ObjectRoute("client-7", "FRA")));
        String inSydney = shards.shardId(HomeRegionShards.entityId(new ObjectRoute("client-7", "SYD")));

        assertThat(inFrankfurt.substring(3)).isEqualTo(inSydney.substring(3));
    }

    @Test
    void warmUpNamesReachEveryShardOfARegion() {
        assertThat(shards.namesCoveringShards("warm-up-").stream()
                .map(name -> shards.shardId(HomeRegionShards.entityId(new ObjectRoute(name, "AMS"))))
                .collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(shards.shardIds("AMS"));
    }

    @Test
    void rejectsIdsWithoutAHomeRegion() {
        assertThatThrownBy(() -> HomeRegionShards.route("no-separator")).hasMessageContaining("HOME|name");
        assertThatThrownBy(() -> HomeRegionShards.homeRegionOfShard("FRA")).hasMessageContaining("HOME-n");
        assertThatThrownBy(() -> new HomeRegionShards(0)).hasMessageContaining("shardsPerRegion");
    }
}
