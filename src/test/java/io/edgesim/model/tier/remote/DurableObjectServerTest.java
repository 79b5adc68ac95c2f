package io.edgesim.model.tier.remote;

import io.edgesim.model.Outcome;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

class DurableObjectServerTest {

    private static final Placement ANYWHERE = new Placement(Placement.Policy.FIRST_REQUEST, null, null);

    private static TestObject object(long limit, long windowNanos, long serviceNanos, int queueBound,
                                     boolean failOpen) {
        return new TestObject(new DurableObjectServer(new CounterFactory(AlgorithmSpec.windowed(
                AlgorithmKind.FIXED_WINDOW, limit, windowNanos)), new TierSettings.DurableObject(serviceNanos,
                queueBound, failOpen, ANYWHERE)), serviceNanos);
    }

    /** What an object did with one request: its answer, when service began, when the reply left. */
    private record Served(StageResult result, long startNanos, long replyNanos) {
    }

    /** An object and the service time it was built with, answering as these tests read it. */
    private record TestObject(DurableObjectServer server, long serviceNanos) {

        Served serve(long arrivalNanos, long cost) {
            return serve(arrivalNanos, cost, new StageVerdict());
        }

        Served serve(long arrivalNanos, long cost, StageVerdict into) {
            long replyNanos = server.serve(arrivalNanos, cost, into);
            // an overloaded object serves nothing: it answers at once
            long startNanos = into.outcome() == Outcome.FAILED ? arrivalNanos : replyNanos - serviceNanos;
            return new Served(into.result(), startNanos, replyNanos);
        }

        Usage usage() {
            return server.usage();
        }
    }

    @Test
    void writesARowPerAcceptedRequestOrPerRequestWhenCountingAll() {
        AlgorithmSpec two = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 2, SECOND);
        TierSettings.DurableObject settings = new TierSettings.DurableObject(MS, 10, true, ANYWHERE);
        DurableObjectServer counting = new DurableObjectServer(new CounterFactory(two), settings);
        DurableObjectServer countingAll = new DurableObjectServer(new CounterFactory(two.withCount(Counting.ALL)),
                settings);
        StageVerdict verdict = new StageVerdict();
        for (int i = 0; i < 5; i++) {
            counting.serve(i * 10 * MS, 1, verdict);
            countingAll.serve(i * 10 * MS, 1, verdict);
        }

        assertThat(counting.usage().rowsWritten()).isEqualTo(2);
        assertThat(countingAll.usage().rowsWritten()).isEqualTo(5);
        assertThat(countingAll.usage().rowsRead()).isEqualTo(5);
    }

    @Test
    void queuesArrivalsFasterThanTheServiceTime() {
        TestObject object = object(100, SECOND, MS, 10, true);
        List<Served> results = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            results.add(object.serve(i * 250_000L, 1));
        }

        assertThat(results).extracting(Served::startNanos).containsExactly(0L, MS, 2 * MS, 3 * MS);
        assertThat(results).extracting(Served::replyNanos).containsExactly(MS, 2 * MS, 3 * MS, 4 * MS);
        assertThat(results).extracting(r -> r.result().addedLatencyNanos())
                .containsExactly(1_000_000L, 1_750_000L, 2_500_000L, 3_250_000L);
    }

    @Test
    void overloadsWhenTheQueueIsFull() {
        // queue bound 2: at t = 0 one request is served and two wait; the next ones are refused at once
        TestObject object = object(100, SECOND, MS, 2, true);
        List<Served> results = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            results.add(object.serve(0, 1));
        }

        assertThat(results).extracting(r -> r.result().outcome()).containsExactly(Outcome.ACCEPTED,
                Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.FAILED, Outcome.FAILED);
        Served refused = results.get(3);
        assertThat(refused.result().error()).isEqualTo("overloaded");
        assertThat(refused.result().failedOpen()).isTrue();
        assertThat(refused.replyNanos()).isZero();
        assertThat(refused.result().addedLatencyNanos()).isZero();

        // at 1 ms the second request has started: one place is free again, served after the third
        Served later = object.serve(MS, 1);
        assertThat(later.result().outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(later.startNanos()).isEqualTo(3 * MS);

        assertThat(object.usage()).isEqualTo(new Usage(6, 4, 4, 4 * MS, 0, 0));
    }

    @Test
    void answersIntoAReusedHolderAsIntoFreshOnes() {
        // two objects fed the same arrivals, through a queue that overloads: one answers into a new holder each
        // time, the other into one holder reused from request to request
        TestObject fresh = object(3, SECOND, MS, 2, true);
        TestObject reused = object(3, SECOND, MS, 2, true);
        StageVerdict verdict = new StageVerdict();
        long[] arrivals = {0, 0, 0, 0, MS, 2 * MS, 5 * MS, SECOND};
        for (long arrival : arrivals) {
            Served expected = fresh.serve(arrival, 1);
            Served answered = reused.serve(arrival, 1, verdict);
            assertThat(answered.replyNanos()).isEqualTo(expected.replyNanos());
            assertThat(answered.result()).isEqualTo(expected.result());
        }
        assertThat(reused.usage()).isEqualTo(fresh.usage());
    }

    @Test
    void overloadFailsClosedWhenConfigured() {
        TestObject object = object(100, SECOND, MS, 0, false);
        object.serve(0, 1);

        Served refused = object.serve(0, 1);

        assertThat(refused.result().outcome()).isEqualTo(Outcome.FAILED);
        assertThat(refused.result().passes()).isFalse();
    }

    @Test
    void decidesWhenServiceStarts() {
        // limit 2 per 10 ms: with 6 ms of service the third request starts at 12 ms, in the next window
        TestObject slow = object(2, 10 * MS, 6 * MS, 10, true);
        TestObject fast = object(2, 10 * MS, 4 * MS, 10, true);

        List<Outcome> slowOutcomes = new ArrayList<>();
        List<Outcome> fastOutcomes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            slowOutcomes.add(slow.serve(0, 1).result().outcome());
            fastOutcomes.add(fast.serve(0, 1).result().outcome());
        }

        assertThat(slowOutcomes).containsOnly(Outcome.ACCEPTED);
        assertThat(fastOutcomes).containsExactly(Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.REJECTED);
        assertThat(fast.usage().rowsWritten()).isEqualTo(2);
        assertThat(fast.usage().rowsRead()).isEqualTo(3);
    }

    @Test
    void aLongQueueDrainsInArrivalOrderAndRefillsAfterwards() {
        // queue bound 6: a burst of 10 at t = 0 serves one, queues six and refuses three; waiting places free one
        // per ms as service starts, and a second burst at 3 ms finds three of them
        TestObject object = object(1_000, SECOND, MS, 6, true);
        List<Served> first = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            first.add(object.serve(0, 1));
        }
        List<Served> second = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            second.add(object.serve(3 * MS, 1));
        }

        assertThat(first).extracting(r -> r.result().outcome()).containsExactly(Outcome.ACCEPTED, Outcome.ACCEPTED,
                Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.ACCEPTED,
                Outcome.FAILED, Outcome.FAILED, Outcome.FAILED);
        assertThat(first.subList(0, 7)).extracting(Served::startNanos)
                .containsExactly(0L, MS, 2 * MS, 3 * MS, 4 * MS, 5 * MS, 6 * MS);
        // the refused ones wait for the first waiting request to start (1 ms)
        assertThat(first.get(7).result().decision().retryAfterNanos()).isEqualTo(MS);
        assertThat(second).extracting(Served::startNanos).containsExactly(7 * MS, 8 * MS, 9 * MS, 3 * MS,
                3 * MS);
        assertThat(second).extracting(r -> r.result().outcome()).containsExactly(Outcome.ACCEPTED,
                Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.FAILED, Outcome.FAILED);
    }

    @Test
    void serviceTimesDrawnFromMedianAndP99ReproduceThemAndAreBilledAsDrawn() {
        TierSettings.DurableObject settings = new TierSettings.DurableObject(MS, 15 * MS, 10, false, ANYWHERE, 0,
                false, 1);
        DurableObjectServer server = new DurableObjectServer(new CounterFactory(AlgorithmSpec.windowed(
                AlgorithmKind.FIXED_WINDOW, Long.MAX_VALUE / 4, SECOND)), settings, settings.serviceTime(), 99);
        StageVerdict verdict = new StageVerdict();
        int n = 100_000;
        long[] service = new long[n];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            // a second apart: no request waits, so the added latency is the service time alone
            long arrival = i * SECOND;
            service[i] = server.serve(arrival, 1, verdict) - arrival;
            assertThat(verdict.result().addedLatencyNanos()).isEqualTo(service[i]);
            sum += service[i];
        }
        java.util.Arrays.sort(service);
        assertThat((double) service[n / 2 - 1]).isCloseTo(MS, org.assertj.core.api.Assertions.within(0.02 * MS));
        assertThat((double) service[(int) (0.99 * n) - 1]).isCloseTo(15.0 * MS,
                org.assertj.core.api.Assertions.within(0.02 * 15 * MS));
        assertThat(server.usage().activeNanos()).isEqualTo(sum);
    }

    @Test
    void aFixedServiceTimeNeedsNoDraw() {
        TierSettings.DurableObject settings = new TierSettings.DurableObject(2 * MS, 10, false, ANYWHERE);

        assertThat(settings.serviceTime().hasTail()).isFalse();
        assertThat(settings.serviceTimeP99Nanos()).isEqualTo(2 * MS);
    }
}
