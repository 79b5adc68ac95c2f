package io.edgesim.engine.virtual;

import io.edgesim.model.Seeds;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One limiter of a virtual-engine run: the model's tiers of its stages (an in-PoP stage's by PoP index, a remote
 * stage's one {@link RemoteTier}), its own jitter, the event queue of its group, and the {@link Flight}s its
 * requests take through the chain, reused from request to request.
 */
final class LimiterRun {

    final int index;
    final LimiterSpec spec;
    final StageSpec[] stages;
    // [stage][pop] for in-PoP stages, [stage] for remote ones; null where the other kind is
    final PopTier[][] local;
    final RemoteTier[] remote;
    final boolean inPopOnly;
    // the one flight of a chain that stays in the PoP (decided at once), else null
    final Flight inPopFlight;
    // this limiter's own: its draws do not depend on the order in which limiters run
    final SplittableRandom jitter;
    // the run's seed: with tails on, each remote call's round trip is drawn by a key mixed from it
    final long seed;
    // the index of its exact reference (ExactAnswers), which other limiters may share, and whether this limiter is the
    // one that decides it (set when the group is built)
    final int reference;
    boolean decidesReference;
    // the kinds of key it numbers: its exact reference's, then each stage's
    final List<KeyKind> keyKinds;
    // its group's, set when the group is built
    EventQueue<Flight> queue;
    private final StageFactory factory;
    private final RunContext run;
    // the free flights of a chain with a remote stage: one per request on its way at a time, reused
    private Flight[] flights = new Flight[16];
    private int freeFlights;

    LimiterRun(int index, LimiterSpec spec, long seed, StageFactory factory, RunContext run) {
        this.index = index;
        this.spec = spec;
        this.stages = spec.stages().toArray(StageSpec[]::new);
        this.factory = factory;
        this.run = run;
        this.local = new PopTier[stages.length][];
        this.remote = new RemoteTier[stages.length];
        boolean anyRemote = false;
        for (int s = 0; s < stages.length; s++) {
            StageSpec stage = stages[s];
            if (stage.kind().remote()) {
                remote[s] = factory.remote(index, s, stage);
                anyRemote = true;
            } else {
                local[s] = new PopTier[run.popNames.length];
                for (int p = 0; p < run.popNames.length; p++) {
                    local[s][p] = factory.local(spec.name(), s, stage, run.popNames[p]);
                }
            }
        }
        this.jitter = Seeds.random(seed, "jitter", spec.name());
        this.seed = seed;
        this.reference = run.exact.reference(index);
        List<KeyKind> kinds = new ArrayList<>();
        kinds.add(run.exact.keyKind(reference));
        for (StageSpec stage : stages) {
            kinds.add(stage.key());
        }
        this.keyKinds = List.copyOf(kinds);
        this.inPopOnly = !anyRemote;
        this.inPopFlight = inPopOnly ? new Flight(this, run) : null;
    }

    /** A flight for a request starting through the chain: the one of a chain that stays in the PoP, else a free one. */
    Flight takeFlight() {
        if (inPopOnly) {
            return inPopFlight;
        }
        return freeFlights > 0 ? flights[--freeFlights] : new Flight(this, run);
    }

    /** Takes back a flight whose request has finished, for another request to take. */
    void release(Flight flight) {
        if (flight == inPopFlight) {
            return;
        }
        flight.request = null;
        if (freeFlights == flights.length) {
            flights = Arrays.copyOf(flights, 2 * freeFlights);
        }
        flights[freeFlights++] = flight;
    }

    /** Billable operations of all its stages so far. */
    Usage usage() {
        Usage total = Usage.NONE;
        for (int s = 0; s < remote.length; s++) {
            total = total.plus(remote[s] != null ? remote[s].usage() : factory.localUsage(spec.name(), s));
        }
        return total;
    }

    /** The hot Durable Objects of each stage (none for an in-PoP stage), in stage order. */
    List<HotObjects> hotObjects() {
        List<HotObjects> hot = new ArrayList<>();
        for (RemoteTier tier : remote) {
            hot.add(tier != null ? tier.hotObjects() : HotObjects.NONE);
        }
        return hot;
    }

    /** Statistics per stage for the report (see {@link StageFactory#stageStats}). */
    Map<String, Map<String, Long>> stageStats() {
        return factory.stageStats(spec, remote);
    }
}
