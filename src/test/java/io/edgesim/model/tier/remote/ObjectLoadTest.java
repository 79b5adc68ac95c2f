package io.edgesim.model.tier.remote;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The load a Durable Object records and the hot-key rule read from it: hot when it refused a request as overloaded,
 * or when more requests arrived in one whole second than one second over its mean service time.
 */
class ObjectLoadTest {

    private static final Placement ANYWHERE = new Placement(Placement.Policy.FIRST_REQUEST, null, null);

    private static DurableObjectServer object(long serviceNanos, int queueBound) {
        return new DurableObjectServer(new CounterFactory(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW,
                1_000_000, 60 * SECOND)), new TierSettings.DurableObject(serviceNanos, queueBound, false, ANYWHERE));
    }

    /** Sends {@code count} requests, one every {@code gapNanos} from {@code startNanos}. */
    private static void send(DurableObjectServer object, long startNanos, long gapNanos, int count) {
        StageVerdict verdict = new StageVerdict();
        for (int i = 0; i < count; i++) {
            object.serve(startNanos + i * gapNanos, 1, verdict);
        }
    }

    @Test
    void threeRequestsAtOnceQueueTwoTheLastWaitingTwoServiceTimes() {
        DurableObjectServer object = object(MS, 10);

        send(object, 0, 0, 3);

        // served at 0, 1 ms and 2 ms: two waited, the last 2 ms; 3 in the second from 0 is far under the 1,000 the
        // object serves per second: not hot, it only queued
        ObjectLoad load = object.load("k");
        assertThat(load).isEqualTo(new ObjectLoad("k", 3, 0, 2, 2 * MS, 3, 3, 3 * MS));
        assertThat(load.capacityPerSecond()).isEqualTo(1000);
        assertThat(load.hot()).isFalse();
    }

    @Test
    void keyAt200PerSecondOnAnObjectServing100IsHotWithHalfItsRequestsOverloaded() {
        // 10 ms per request: 100 per second; no queue, so a request that finds the object busy fails at once
        DurableObjectServer object = object(10 * MS, 0);

        // 200 per second for 2 s, one every 5 ms: the object is free again only for every other one
        send(object, 0, 5 * MS, 400);

        ObjectLoad load = object.load("hot");
        assertThat(load.requests()).isEqualTo(400);
        assertThat(load.overloaded()).isEqualTo(200);
        assertThat(load.served()).isEqualTo(200);
        assertThat(load.queued()).isZero();
        assertThat(load.busiestSecond()).isEqualTo(200);
        assertThat(load.capacityPerSecond()).isEqualTo(100);
        assertThat(load.hot()).isTrue();
    }

    @Test
    void keyOverCapacityInOneSecondIsHotEvenWhenItsQueueTookEverything() {
        DurableObjectServer object = object(10 * MS, 1000);

        // 80 in the first second (under 100), 120 in the next one: all queued in time, none refused
        send(object, 0, SECOND / 80, 80);
        send(object, SECOND, SECOND / 120, 120);

        ObjectLoad load = object.load("k");
        assertThat(load.overloaded()).isZero();
        assertThat(load.busiestSecond()).isEqualTo(120);
        assertThat(load.hot()).isTrue();
    }

    @Test
    void keyUnderCapacityIsNotHot() {
        DurableObjectServer object = object(10 * MS, 0);

        send(object, 0, SECOND / 80, 160);

        ObjectLoad load = object.load("warm");
        assertThat(load.overloaded()).isZero();
        assertThat(load.queued()).isZero();
        assertThat(load.busiestSecond()).isEqualTo(80);
        assertThat(load.hot()).isFalse();
    }

    @Test
    void objectThatTakesNoTimeServesWithoutBound() {
        DurableObjectServer object = object(0, 0);

        send(object, 0, 0, 5000);

        assertThat(object.load("k").capacityPerSecond()).isEqualTo(Long.MAX_VALUE);
        assertThat(object.load("k").hot()).isFalse();
    }

    @Test
    void hotObjectsKeepTheHottestAndCountTheRestAcrossParts() {
        List<ObjectLoad> first = new java.util.ArrayList<>();
        List<ObjectLoad> second = new java.util.ArrayList<>();
        for (int i = 0; i < 15; i++) {
            // busiest seconds 1001..1015 and 2001..2015: all hot
            first.add(new ObjectLoad("a" + i, 1001 + i, 0, 0, 0, 1001 + i, 1001 + i, (1001L + i) * MS));
            second.add(new ObjectLoad("b" + i, 2001 + i, 0, 0, 0, 2001 + i, 2001 + i, (2001L + i) * MS));
        }
        first.add(new ObjectLoad("cold", 10, 0, 0, 0, 10, 10, 10 * MS));

        HotObjects both = HotObjects.of(first).plus(HotObjects.of(second));

        assertThat(HotObjects.of(first).count()).isEqualTo(15);
        assertThat(both.count()).isEqualTo(30);
        assertThat(both.hottest()).hasSize(HotObjects.KEPT);
        assertThat(both.hottest().get(0).name()).isEqualTo("b14");
        assertThat(both.hottest().get(14).name()).isEqualTo("b0");
        assertThat(both.hottest().get(19).name()).isEqualTo("a10");
        assertThat(HotObjects.of(second).plus(HotObjects.of(first))).isEqualTo(both);
    }

    @Test
    void hotObjectsCountTheOverloadedRequestsOfThoseOnlyCountedToo() {
        List<ObjectLoad> first = new java.util.ArrayList<>();
        List<ObjectLoad> second = new java.util.ArrayList<>();
        for (int i = 0; i < 15; i++) {
            // each refused 3 as overloaded: 30 hot objects, 20 kept, 90 refused in all
            first.add(new ObjectLoad("a" + i, 1001 + i, 3, 0, 0, 1001 + i, 998 + i, (998L + i) * MS));
            second.add(new ObjectLoad("b" + i, 2001 + i, 3, 0, 0, 2001 + i, 1998 + i, (1998L + i) * MS));
        }

        HotObjects both = HotObjects.of(first).plus(HotObjects.of(second));

        assertThat(HotObjects.of(first).overloaded()).isEqualTo(45);
        assertThat(both.hottest()).hasSize(HotObjects.KEPT);
        assertThat(both.overloaded()).isEqualTo(90);
    }
}
