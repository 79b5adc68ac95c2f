package io.edgesim.model.fault;

import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.TestRegions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the engines ask of the faults: who is down, where traffic goes, which links are cut or slow. */
class FaultTimelineTest {

    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final RegionMap REGIONS = TestRegions.map();
    private static final int FRA = REGIONS.indexOf("FRA");
    private static final int AMS = REGIONS.indexOf("AMS");
    private static final int IAD = REGIONS.indexOf("IAD");
    private static final int SYD = REGIONS.indexOf("SYD");

    private static FaultTimeline timeline(Fault... faults) {
        return new FaultTimeline(List.of(faults), REGIONS, List.of("FRA", "AMS", "IAD", "SYD"));
    }

    @Test
    void aRegionOutageTakesDownItsPopAndItsObjectsForItsIntervalOnly() {
        FaultTimeline t = timeline(new Fault(FaultKind.KV_OUTAGE, null, null, 0, 0, S),
                new Fault(FaultKind.REGION_OUTAGE, "FRA", null, 0, 20 * S, 40 * S));

        assertThat(t.regionDown(FRA, 20 * S - 1)).isEqualTo(-1);
        assertThat(t.regionDown(FRA, 20 * S)).isEqualTo(1);
        assertThat(t.popDown(FRA, 39 * S)).isEqualTo(1);
        assertThat(t.regionDown(FRA, 40 * S)).isEqualTo(-1);
        assertThat(t.regionDown(AMS, 30 * S)).isEqualTo(-1);
    }

    @Test
    void aPopOutageLeavesTheRegionsObjectsUp() {
        FaultTimeline t = timeline(new Fault(FaultKind.POP_OUTAGE, "FRA", null, 0, 0, 10 * S));

        assertThat(t.popDown(FRA, 5 * S)).isZero();
        assertThat(t.regionDown(FRA, 5 * S)).isEqualTo(-1);
    }

    @Test
    void trafficFailsOverToTheNearestLivePopByRoundTrip() {
        // from FRA: AMS 8 ms, IAD 90 ms, SYD 280 ms
        FaultTimeline t = timeline(new Fault(FaultKind.POP_OUTAGE, "FRA", null, 0, 0, 30 * S),
                new Fault(FaultKind.REGION_OUTAGE, "AMS", null, 0, 10 * S, 20 * S));

        assertThat(t.failoverRegion(FRA, 5 * S)).isEqualTo(AMS);
        assertThat(t.failoverRegion(FRA, 15 * S)).isEqualTo(IAD);
    }

    @Test
    void aPartitionCutsTheLinkBothWaysAndNoOther() {
        FaultTimeline t = timeline(new Fault(FaultKind.PARTITION, "SYD", "FRA", 0, 5 * S, 15 * S));

        assertThat(t.partitioned(FRA, SYD, 5 * S)).isZero();
        assertThat(t.partitioned(SYD, FRA, 14 * S)).isZero();
        assertThat(t.partitioned(SYD, AMS, 10 * S)).isEqualTo(-1);
        assertThat(t.partitioned(SYD, FRA, 15 * S)).isEqualTo(-1);
    }

    @Test
    void latencyFaultsAddHalfTheirExtraEachWayAndAddUp() {
        FaultTimeline t = timeline(new Fault(FaultKind.LATENCY, "SYD", "FRA", 300 * MS, 0, 60 * S),
                new Fault(FaultKind.LATENCY, "FRA", "SYD", 100 * MS, 10 * S, 20 * S));

        assertThat(t.extraOneWayNanos(t.slowedBy(FRA, SYD, 5 * S))).isEqualTo(150 * MS);
        assertThat(t.slowedBy(SYD, FRA, 15 * S)).isEqualTo(0b11);
        assertThat(t.extraOneWayNanos(t.slowedBy(SYD, FRA, 15 * S))).isEqualTo(200 * MS);
        assertThat(t.slowedBy(SYD, AMS, 15 * S)).isZero();
    }

    @Test
    void aRequestOnItsWayOutIsSlowedAtDepartureAndLostOverACutLinkOrToAHomeDownWhenItArrives() {
        FaultTimeline t = timeline(new Fault(FaultKind.LATENCY, "SYD", "FRA", 300 * MS, 0, 10 * S),
                new Fault(FaultKind.PARTITION, "SYD", "FRA", 0, 20 * S, 30 * S),
                new Fault(FaultKind.REGION_OUTAGE, "FRA", null, 0, 40 * S, 50 * S));

        assertThat(t.out(SYD, FRA, 5 * S, 125 * MS)).isEqualTo(new Leg(5 * S + 275 * MS, false, 0b1));
        assertThat(t.out(SYD, FRA, 25 * S, 125 * MS)).isEqualTo(new Leg(25 * S + 125 * MS, true, 0b10));
        // leaves before the outage, arrives in it
        assertThat(t.out(SYD, FRA, 40 * S - 100 * MS, 125 * MS)).isEqualTo(new Leg(40 * S + 25 * MS, true, 0b100));
        assertThat(t.out(AMS, FRA, 15 * S, 4 * MS)).isEqualTo(new Leg(15 * S + 4 * MS, false, 0));
    }

    @Test
    void aReplyOnItsWayBackIsLostOnlyOverACutLinkNotByItsHomeGoingDown() {
        FaultTimeline t = timeline(new Fault(FaultKind.LATENCY, "SYD", "FRA", 300 * MS, 0, 10 * S),
                new Fault(FaultKind.PARTITION, "SYD", "FRA", 0, 20 * S, 30 * S),
                new Fault(FaultKind.REGION_OUTAGE, "FRA", null, 0, 40 * S, 50 * S));

        assertThat(t.back(FRA, SYD, 5 * S, 125 * MS)).isEqualTo(new Leg(5 * S + 275 * MS, false, 0b1));
        assertThat(t.back(FRA, SYD, 25 * S, 125 * MS)).isEqualTo(new Leg(25 * S + 125 * MS, true, 0b10));
        assertThat(t.back(FRA, SYD, 40 * S - 100 * MS, 125 * MS)).isEqualTo(new Leg(40 * S + 25 * MS, false, 0));
    }

    @Test
    void aRequestWhoseWayOutTakesTheWholeTimeoutIsNeverServedWhileAReplyBackAtTheTimeoutCounts() {
        long departed = 10 * S;
        assertThat(Leg.clear(departed, 99 * MS).servedBefore(departed, 100 * MS)).isTrue();
        assertThat(Leg.clear(departed, 100 * MS).servedBefore(departed, 100 * MS)).isFalse();
        assertThat(Leg.clear(departed, 100 * MS).backWithin(departed, 100 * MS)).isTrue();
        assertThat(Leg.clear(departed, 101 * MS).backWithin(departed, 100 * MS)).isFalse();
        // no timeout: only a loss fails it
        assertThat(Leg.clear(departed, 10 * S).servedBefore(departed, 0)).isTrue();
        assertThat(new Leg(departed + MS, true, 1).servedBefore(departed, 0)).isFalse();
        assertThat(new Leg(departed + MS, true, 1).backWithin(departed, S)).isFalse();
    }

    @Test
    void anInMemoryObjectLosesItsStateOnlyWhenAnOutageBeganSinceItsLastRequest() {
        FaultTimeline t = timeline(new Fault(FaultKind.REGION_OUTAGE, "FRA", null, 0, 20 * S, 40 * S));

        assertThat(t.outageBegan(FRA, 19 * S, 41 * S)).isTrue();
        assertThat(t.outageBegan(FRA, 41 * S, 50 * S)).isFalse();
        assertThat(t.outageBegan(FRA, Long.MIN_VALUE, 10 * S)).isFalse();
        assertThat(t.outageBegan(AMS, 19 * S, 41 * S)).isFalse();
    }

    @Test
    void kvIsDownOnlyDuringItsOutage() {
        FaultTimeline t = timeline(new Fault(FaultKind.KV_OUTAGE, null, null, 0, 30 * S, 35 * S));

        assertThat(t.kvDown(29 * S)).isEqualTo(-1);
        assertThat(t.kvDown(30 * S)).isZero();
        assertThat(t.kvDown(35 * S)).isEqualTo(-1);
        assertThat(timeline().isEmpty()).isTrue();
    }
}
