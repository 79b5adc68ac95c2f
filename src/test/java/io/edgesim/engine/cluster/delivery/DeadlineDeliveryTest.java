package io.edgesim.engine.cluster.delivery;

import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The delay line and the deadline interceptor on a local ActorSystem. */
class DeadlineDeliveryTest {

    static {
        // initialise logging on this thread before the actor system's threads race to do it
        LoggerFactory.getILoggerFactory();
    }

    private static final long MILLI = 1_000_000L;
    // wide: the machine is shared (a CI run beside another Maven build saw 67 ms); typical errors are well under a
    // millisecond. What the tests hold to is never early
    private static final long MAX_ERROR_NANOS = 250 * MILLI;

    private final ActorTestKit testKit = ActorTestKit.create();
    private DeadlineDelivery delivery;

    @AfterEach
    void stop() {
        if (delivery != null) {
            delivery.close();
        }
        testKit.shutdownTestKit();
    }

    /** A test message; {@code injected} says whether its deadline is an injected latency. */
    record Timed(int id, long deadlineNanos, boolean injected) implements Deadlined {
        @Override
        public boolean injectedLatency() {
            return injected;
        }
    }

    /** What the recording actor saw: the message, and the scenario and real clocks when it handled it. */
    record Seen(Object message, long scenarioNanos, long realNanos) {
    }

    @Test
    void delayLineReleasesEachMessageAtItsDeadlineNeverBeforeAndInDeadlineOrder() {
        delivery = new DeadlineDelivery(new MonotonicScenarioClock(1.0), 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> recorder = testKit.spawn(recording(seen.ref()));
        long now = delivery.clock().nowNanos();
        List<Long> deadlines = List.of(now + 60 * MILLI, now + 20 * MILLI, now + 40 * MILLI);
        for (int i = 0; i < deadlines.size(); i++) {
            delivery.deliverAt(deadlines.get(i), recorder, deadlines.get(i));
        }

        List<Seen> handled = seen.receiveSeveralMessages(3);

        assertThat(handled).extracting(Seen::message).containsExactly(now + 20 * MILLI, now + 40 * MILLI,
                now + 60 * MILLI);
        assertThat(handled).allSatisfy(s -> assertThat(s.scenarioNanos() - (Long) s.message())
                .isBetween(0L, MAX_ERROR_NANOS));
        assertThat(delivery.delayLine().releaseLateness().getTotalCount()).isEqualTo(3);
    }

    @Test
    void delayLineReleasesMessagesWithTheSameDeadlineInSubmissionOrder() {
        delivery = new DeadlineDelivery(new MonotonicScenarioClock(1.0), 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> recorder = testKit.spawn(recording(seen.ref()));
        long deadline = delivery.clock().nowNanos() + 20 * MILLI;
        IntStream.range(0, 50).forEach(i -> delivery.deliverAt(deadline, recorder, i));

        assertThat(seen.receiveSeveralMessages(50)).extracting(Seen::message)
                .containsExactlyElementsOf(IntStream.range(0, 50).boxed().toList());
    }

    @Test
    void atSpeedTwoAScenarioDelayTakesHalfAsLongInRealTime() {
        delivery = new DeadlineDelivery(new MonotonicScenarioClock(2.0), 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> recorder = testKit.spawn(recording(seen.ref()));
        long realStart = System.nanoTime();
        long scenarioStart = delivery.clock().nowNanos();
        long deadline = scenarioStart + 200 * MILLI;

        delivery.deliverAt(deadline, recorder, "late");
        Seen handled = seen.receiveMessage();

        // never before its deadline: at least 100 ms of real time for 200 ms of scenario time; however late a loaded
        // machine hands it over, scenario time ran twice as fast as real time meanwhile
        long realElapsed = handled.realNanos() - realStart;
        long scenarioElapsed = handled.scenarioNanos() - scenarioStart;
        assertThat(realElapsed).isGreaterThanOrEqualTo(100 * MILLI);
        assertThat(handled.scenarioNanos()).isGreaterThanOrEqualTo(deadline);
        assertThat((double) scenarioElapsed / realElapsed).isBetween(1.8, 2.2);
    }

    @Test
    void anEarlyMessageReachesTheWrappedBehaviourAtItsDeadlineAndItsLatenessIsRecorded() {
        delivery = new DeadlineDelivery(new MonotonicScenarioClock(1.0), 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> target = testKit.spawn(delivery.holdUntilDeadline(Object.class, recording(seen.ref())));
        Timed early = new Timed(1, delivery.clock().nowNanos() + 50 * MILLI, true);

        target.tell(early);
        Seen handled = seen.receiveMessage();

        assertThat(handled.message()).isEqualTo(early);
        assertThat(handled.scenarioNanos() - early.deadlineNanos()).isBetween(0L, MAX_ERROR_NANOS);
        assertThat(delivery.errors().latencyInterval().getTotalCount()).isEqualTo(1);
        assertThat(delivery.errors().arrivalInterval().getTotalCount()).isZero();
    }

    @Test
    void dueAndUntimedMessagesPassAtOnceAndArrivalsAreRecordedApart() {
        delivery = new DeadlineDelivery(new MonotonicScenarioClock(1.0), 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> target = testKit.spawn(delivery.holdUntilDeadline(Object.class, recording(seen.ref())));
        Timed overdue = new Timed(2, delivery.clock().nowNanos() - 5 * MILLI, false);

        target.tell(overdue);
        target.tell("untimed");

        assertThat(seen.receiveSeveralMessages(2)).extracting(Seen::message).containsExactly(overdue, "untimed");
        assertThat(delivery.errors().arrivalInterval().getMinValue()).isGreaterThanOrEqualTo(5 * MILLI);
        assertThat(delivery.errors().latencyInterval().getTotalCount()).isZero();
    }

    @Test
    void aLateMessageWaitsBehindAnEarlierOneTheDelayLineStillHoldsButNotBehindLaterOnes() {
        // scenario time set by hand; the delay line releases scenario time d one second after the test starts plus d,
        // as a delay line running late would
        ManualClock clock = new ManualClock(System.nanoTime() + 1_000 * MILLI);
        delivery = new DeadlineDelivery(clock, 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> target = testKit.spawn(delivery.holdUntilDeadline(Object.class, recording(seen.ref())));
        Timed held = new Timed(1, 10 * MILLI, false);
        Timed dueAfterIt = new Timed(2, 20 * MILLI, false);
        Timed dueBeforeIt = new Timed(3, 5 * MILLI, false);

        target.tell(held);
        // an untimed message passes at once: once it is seen, the first is in the delay line
        target.tell("held");
        assertThat(seen.receiveMessage().message()).isEqualTo("held");
        // it is still there when the two others come, both late
        clock.nowNanos = 30 * MILLI;
        target.tell(dueAfterIt);
        target.tell(dueBeforeIt);

        assertThat(seen.receiveSeveralMessages(3)).extracting(Seen::message)
                .containsExactly(dueBeforeIt, held, dueAfterIt);
    }

    /** Scenario time set by the test; scenario time d is due at real time {@code realAtZero} + d. */
    private static final class ManualClock implements ScenarioClock {
        private final long realAtZero;
        volatile long nowNanos;

        ManualClock(long realAtZero) {
            this.realAtZero = realAtZero;
        }

        @Override
        public long nowNanos() {
            return nowNanos;
        }

        @Override
        public double speed() {
            return 1.0;
        }

        @Override
        public long realNanosAt(long scenarioNanos) {
            return realAtZero + scenarioNanos;
        }
    }

    @Test
    void resetForgetsErrorsRecordedBeforeIt() {
        delivery = new DeadlineDelivery(new MonotonicScenarioClock(1.0), 0);
        TestProbe<Seen> seen = testKit.createTestProbe();
        ActorRef<Object> target = testKit.spawn(delivery.holdUntilDeadline(Object.class, recording(seen.ref())));
        target.tell(new Timed(3, delivery.clock().nowNanos(), true));
        seen.receiveMessage();

        delivery.errors().reset();

        assertThat(delivery.errors().latencyInterval().getTotalCount()).isZero();
    }

    private Behavior<Object> recording(ActorRef<Seen> seen) {
        return Behaviors.receiveMessage(message -> {
            seen.tell(new Seen(message, delivery.clock().nowNanos(), System.nanoTime()));
            return Behaviors.same();
        });
    }
}
