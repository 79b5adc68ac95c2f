package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.ChainSink;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;

/**
 * Where a cluster run's requests come from, and who hears of each chain's end: the scenario's own generated traffic
 * ({@link #generated}), or requests that live clients send while the run lasts ({@code edgesim serve}). The feeder
 * takes the stream's requests in order, admits them and hands each to its PoP's actor as for generated traffic; a
 * live stream stamps each request with the clock's time when it comes in, and ends when the server stops.
 */
public interface Traffic {

    /**
     * The run's requests, opened once scenario time 0 is set on {@code clock}; {@link RequestStream#next} may block
     * until the next request comes.
     */
    RequestStream open(Scenario scenario, ScenarioClock clock);

    /** Told of every chain's end on the recording thread, after the run's recorder (see {@link ChainSink}). */
    ChainSink ends();

    /**
     * The scenario time the run's result covers, its bill scaled to a month from it, once the stream has ended: the
     * scenario's duration, unless the traffic knows better (live traffic: the time it was served).
     */
    default long durationNanos(Scenario scenario) {
        return scenario.durationNanos();
    }

    /** The scenario's generated traffic (the same stream as the virtual engine's); no one hears of chains. */
    Traffic GENERATED = new Traffic() {
        @Override
        public RequestStream open(Scenario scenario, ScenarioClock clock) {
            return TrafficGenerator.open(scenario);
        }

        @Override
        public ChainSink ends() {
            return ChainSink.NONE;
        }
    };
}
