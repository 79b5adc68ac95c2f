package io.edgesim.engine.cluster.node;

import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.GetCurrentState;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Tag("cluster")
class EmbeddedClusterTest {

    @Test
    void formsOneMemberPerRegionWithItsRoleAndShutsDownInAFewSeconds() {
        EmbeddedCluster cluster = EmbeddedCluster.start(List.of("FRA", "AMS", "SYD"), 1.0, ClusterSettings.load());
        try {
            for (ClusterNode node : cluster.nodes()) {
                TestProbe<ClusterEvent.CurrentClusterState> probe = TestProbe.create(node.system());
                Cluster.get(node.system()).subscriptions().tell(new GetCurrentState(probe.ref()));
                List<Member> members = StreamSupport.stream(
                        probe.receiveMessage().getMembers().spliterator(), false).toList();
                assertThat(members).hasSize(3).allMatch(m -> m.status() == MemberStatus.up());
                assertThat(members).filteredOn(m -> m.address().equals(node.address()))
                        .singleElement().satisfies(m -> assertThat(m.getRoles()).contains(node.region()));
            }
            assertThat(cluster.nodes()).extracting(ClusterNode::region).containsExactly("FRA", "AMS", "SYD");
        } finally {
            long closeStart = System.nanoTime();
            cluster.close();
            assertThat(Duration.ofNanos(System.nanoTime() - closeStart)).isLessThan(Duration.ofSeconds(6));
        }
        assertThat(cluster.nodes()).allMatch(node -> node.terminated().toCompletableFuture().isDone());
    }

    @Test
    void rejectsRepeatedRegionsBeforeStartingAnything() {
        assertThatThrownBy(() -> EmbeddedCluster.start(List.of("FRA", "FRA"), 1.0, ClusterSettings.load()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("distinct");
    }
}
