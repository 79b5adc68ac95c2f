package io.edgesim.serve;

import org.apache.pekko.NotUsed;
import org.apache.pekko.stream.Attributes;
import org.apache.pekko.stream.BidiShape;
import org.apache.pekko.stream.Inlet;
import org.apache.pekko.stream.Outlet;
import org.apache.pekko.stream.javadsl.BidiFlow;
import org.apache.pekko.stream.stage.AbstractInHandler;
import org.apache.pekko.stream.stage.AbstractOutHandler;
import org.apache.pekko.stream.stage.GraphStage;
import org.apache.pekko.stream.stage.GraphStageLogic;
import org.apache.pekko.stream.stage.TimerGraphStageLogic;
import org.apache.pekko.util.ByteString;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The header timeout of one connection, on its bytes: the connection must bring a request's whole head within
 * {@code timeout} of its opening or of its previous answer's last bytes. The request handler says when a head has
 * come ({@link #headArrived}) and when it answered ({@link #answered}); between an answer and the next head the clock
 * runs, restarting with each of the answer's bytes sent.
 * Past the timeout the connection gets 408 {@code header_timeout} and is closed when bytes of a head came (a slow or
 * stalled client), and is closed without a word when none did (an idle keep-alive connection, where an unasked 408
 * could be read as the answer to a request crossing it). Pekko HTTP has no such limit: its idle-timeout restarts at
 * every byte, so a client sending one byte every few seconds would hold its connection for ever.
 */
final class HeadDeadline {

    // the clock is stopped: a request is being handled
    private static final long STOPPED = Long.MIN_VALUE;
    private static final Object CHECK = "check";
    private static final Duration MOST_BETWEEN_CHECKS = Duration.ofMillis(250);

    private final Duration timeout;
    // told once, when the deadline closes the connection: true when part of a head had come (answered 408)
    private final Consumer<Boolean> timedOut;
    // System.nanoTime() when the wait for a head began, or STOPPED
    private final AtomicLong waitingSince = new AtomicLong(System.nanoTime());

    /**
     * A deadline of {@code timeout}; {@code timedOut} is told once when it closes the connection, with true when part
     * of a head had come (the client gets 408) and false for a connection that sent nothing since its last answer.
     */
    HeadDeadline(Duration timeout, Consumer<Boolean> timedOut) {
        this.timeout = timeout;
        this.timedOut = timedOut;
    }

    /** A request's head has been read: the clock stops. */
    void headArrived() {
        waitingSince.set(STOPPED);
    }

    /** The request has been answered: the clock for the next head starts. */
    void answered() {
        waitingSince.set(System.nanoTime());
    }

    /** The bytes of the connection, server side on top, client side below, with the deadline enforced. */
    BidiFlow<ByteString, ByteString, ByteString, ByteString, NotUsed> bytes() {
        return BidiFlow.fromGraph(new Stage());
    }

    // the answer to a connection past its deadline with part of a head sent
    private ByteString timeoutAnswer() {
        String body = "{\"error\":\"header_timeout\",\"timeout_ms\":" + timeout.toMillis() + "}";
        return ByteString.fromString("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body,
                StandardCharsets.ISO_8859_1);
    }

    private final class Stage extends GraphStage<BidiShape<ByteString, ByteString, ByteString, ByteString>> {

        private final Inlet<ByteString> fromServer = Inlet.create("HeadDeadline.fromServer");
        private final Outlet<ByteString> toClient = Outlet.create("HeadDeadline.toClient");
        private final Inlet<ByteString> fromClient = Inlet.create("HeadDeadline.fromClient");
        private final Outlet<ByteString> toServer = Outlet.create("HeadDeadline.toServer");
        private final BidiShape<ByteString, ByteString, ByteString, ByteString> shape =
                BidiShape.of(fromServer, toClient, fromClient, toServer);

        @Override
        public BidiShape<ByteString, ByteString, ByteString, ByteString> shape() {
            return shape;
        }

        @Override
        public GraphStageLogic createLogic(Attributes attributes) {
            return new TimerGraphStageLogic(shape) {
                // the waitingSince during which bytes of a head last came, or STOPPED
                private long bytesDuring = STOPPED;

                {
                    setHandler(fromServer, new AbstractInHandler() {
                        @Override
                        public void onPush() {
                            // an answer still on its way (an upstream's body streaming in): the clock starts from
                            // its last bytes, not from its head
                            long since = waitingSince.get();
                            if (since != STOPPED) {
                                waitingSince.compareAndSet(since, System.nanoTime());
                            }
                            push(toClient, grab(fromServer));
                        }
                    });
                    setHandler(toClient, new AbstractOutHandler() {
                        @Override
                        public void onPull() {
                            pull(fromServer);
                        }
                    });
                    setHandler(fromClient, new AbstractInHandler() {
                        @Override
                        public void onPush() {
                            long since = waitingSince.get();
                            if (since != STOPPED) {
                                bytesDuring = since;
                            }
                            push(toServer, grab(fromClient));
                        }
                    });
                    setHandler(toServer, new AbstractOutHandler() {
                        @Override
                        public void onPull() {
                            pull(fromClient);
                        }
                    });
                }

                @Override
                public void preStart() {
                    Duration every = timeout.dividedBy(4);
                    scheduleWithFixedDelay(CHECK, Duration.ZERO,
                            every.compareTo(MOST_BETWEEN_CHECKS) < 0 ? every : MOST_BETWEEN_CHECKS);
                }

                @Override
                public void onTimer(Object key) {
                    long since = waitingSince.get();
                    if (since == STOPPED || System.nanoTime() - since < timeout.toNanos()) {
                        return;
                    }
                    cancelTimer(CHECK);
                    timedOut.accept(bytesDuring == since);
                    cancel(fromClient);
                    // failed, not completed: completed, Pekko HTTP parsed the partial head it had as a request and
                    // logged "Illegal request, responding with status '400 Bad Request'" for the client just answered
                    fail(toServer, new TimeoutException("no whole request head within " + timeout));
                    cancel(fromServer);
                    if (bytesDuring == since) {
                        emit(toClient, timeoutAnswer(), () -> completeStage());
                    } else {
                        completeStage();
                    }
                }
            };
        }
    }
}
