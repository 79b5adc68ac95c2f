package io.edgesim.engine.cluster.actors;

import io.edgesim.model.tier.remote.ObjectRoute;
import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HomeRegionShardsTest {

    private final HomeRegionShards shards = new HomeRegionShards(4);

    @Test
    void entityIdCarriesTheHomeRegionTheNamespaceAndTheObjectName() {
        ObjectRoute route = new ObjectRoute("api-key|with-separators-42", "SYD");

        String entityId = HomeRegionShards.entityId("2.1", route);

        assertThat(entityId).isEqualTo("SYD|2.1|api-key|with-separators-42");
        assertThat(HomeRegionShards.route(entityId)).isEqualTo(route);
        assertThat(HomeRegionShards.namespace(entityId)).isEqualTo("2.1");
    }

    @Test
    void shardIdNamesTheHomeRegionAndOneOfItsShards() {
        String shardId = shards.shardId(HomeRegionShards.entityId("0.0", new ObjectRoute("client-7", "FRA")));

        assertThat(shards.shardIds("FRA")).contains(shardId);
        assertThat(HomeRegionShards.homeRegionOfShard(shardId)).isEqualTo("FRA");
    }

    @Test
    void theSameObjectFallsInTheSameShardIndexInEveryRegion() {
        String inFrankfurt = shards.shardId(HomeRegionShards.entityId("0.0", new ObjectRoute("client-7", "FRA")));
        String inSydney = shards.shardId(HomeRegionShards.entityId("0.0", new ObjectRoute("client-7", "SYD")));

        assertThat(inFrankfurt.substring(3)).isEqualTo(inSydney.substring(3));
    }

    @Test
    void warmUpNamesReachEveryShardOfARegion() {
        assertThat(shards.namesCoveringShards("warm-up", "object-").stream()
                .map(name -> shards.shardId(HomeRegionShards.entityId("warm-up", new ObjectRoute(name, "AMS"))))
                .collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(shards.shardIds("AMS"));
    }

    @Test
    void rejectsIdsWithoutAHomeRegionOrANamespace() {
        assertThatThrownBy(() -> HomeRegionShards.route("no-separator")).hasMessageContaining("HOME|namespace|name");
        assertThatThrownBy(() -> HomeRegionShards.route("FRA|name")).hasMessageContaining("HOME|namespace|name");
        assertThatThrownBy(() -> HomeRegionShards.entityId("a|b", new ObjectRoute("k", "FRA")))
                .hasMessageContaining("namespace");
        assertThatThrownBy(() -> HomeRegionShards.homeRegionOfShard("FRA")).hasMessageContaining("HOME-n");
        assertThatThrownBy(() -> new HomeRegionShards(0)).hasMessageContaining("shardsPerRegion");
    }
}
