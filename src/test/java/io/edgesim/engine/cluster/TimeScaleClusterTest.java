package io.edgesim.engine.cluster;

import io.edgesim.model.tier.ObjectRoute;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static io.edgesim.engine.cluster.TestRegions.MILLI;
import static org.assertj.core.api.Assertions.assertThat;

@Tag("cluster")
class TimeScaleClusterTest {

    @Test
    void atSpeedTwoARoundTripTakesHalfItsScenarioTimeInRealTimeAndIsReportedInScenarioTime() {
        try (ClusterFixture fixture = ClusterFixture.start(TestRegions.fraAmsSyd(), 2.0)) {
            ObjectRoute route = ClusterFixture.freshObject("FRA");
            ClusterFixture.Pop sydney = fixture.pop("SYD");
            long roundTrip = 2 * fixture.regions.oneWayNanos("SYD", "FRA");
            long arrival = fixture.soon();
            long realArrival = fixture.cluster.clock().realNanosAt(arrival);

            sydney.arrive(arrival, route);
            PopActor.Completed completed = sydney.completions(1).get(0);
            long realElapsed = System.nanoTime() - realArrival;

            assertThat(completed.completedNanos() - arrival).isEqualTo(roundTrip);
            assertThat((double) realElapsed / roundTrip).as("real time per scenario time").isBetween(0.5, 0.65);
            assertThat(completed.handledNanos() - completed.completedNanos()).isBetween(0L, 100 * MILLI);
        }
    }
}
