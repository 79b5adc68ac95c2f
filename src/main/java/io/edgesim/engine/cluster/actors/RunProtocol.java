package io.edgesim.engine.cluster.actors;

import io.edgesim.model.tier.ChainProgress;
import io.edgesim.scenario.ScenarioText;
import org.apache.pekko.actor.typed.ActorRef;

import java.util.List;

/**
 * The messages between the coordinator of a cluster run and the run host of each member: the members the coordinator
 * starts in its own process and node processes ({@code edgesim node}, joined with {@code edgesim run --join}) alike.
 * In order: {@link Prepare} (the scenario, the run's speed and a wall-clock instant
 * every process takes as its clock's origin; the host builds its PoP actors and readies its objects),
 * {@link WarmUp} (the host pings every shard, so the run's first requests find them allocated), warm-up traffic,
 * {@link Start} (the wall-clock instant of scenario time 0), the traffic, whose finished chains come back one
 * {@link ChainDone} each, and {@link Finish} (the host's part of the bill, statistics and delivery lateness; the host
 * then forgets the run). Every message is a value of its own: the nodes need no file of the scenario.
 */
public final class RunProtocol {

    private RunProtocol() {
    }

    /** What a run host accepts. */
    public sealed interface HostCommand extends CborSerializable permits Prepare, WarmUp, Start, Finish {

        /** The run the command is about. */
        String runId();
    }

    /** What a run host answers. */
    public sealed interface HostReply extends CborSerializable permits Prepared, Done, Finished {

        /** The run the answer is about. */
        String runId();

        /** Why the host could not do what it was asked, or null when it did. */
        String error();
    }

    /**
     * Readies a run: the host builds the scenario from {@code scenario}, a clock at {@code speed} whose origin until
     * the start is the wall-clock instant {@code originEpochNanos}, the in-PoP tiers, and a PoP actor (and a warm-up
     * PoP actor) for each of {@code pops}; its remote objects of the run take namespaces prefixed with the run id.
     *
     * @param runId            letters and digits, unique to the run
     * @param pops             the PoPs (region codes) this host runs; it holds each as a role
     * @param outcomes         where the run's finished chains go
     * @param warmUpOutcomes   where the warm-up traffic's finished chains go
     */
    public record Prepare(String runId, ScenarioText scenario, double speed, long originEpochNanos, List<String> pops,
                          ActorRef<ChainDone> outcomes, ActorRef<ChainDone> warmUpOutcomes,
                          ActorRef<Prepared> replyTo) implements HostCommand {

        public Prepare {
            pops = List.copyOf(pops);
        }
    }

    /**
     * The host is ready: its PoP actors and warm-up PoP actors (one per PoP it was given).
     *
     */
    public record Prepared(String runId, List<PopRef> pops, List<PopRef> warmUpPops, String error)
            implements HostReply {

        public Prepared {
            pops = List.copyOf(pops);
            warmUpPops = List.copyOf(warmUpPops);
        }
    }

    /** The PoP actor of a region. */
    public record PopRef(String region, ActorRef<PopActor.Command> pop) {
    }

    /**
     * Pings every shard of {@code homeRegions} from the host once the shard coordinator knows {@code members} shard
     * regions (one per host, and the coordinator's member's).
     */
    public record WarmUp(String runId, List<String> homeRegions, int members, ActorRef<Done> replyTo)
            implements HostCommand {

        public WarmUp {
            homeRegions = List.copyOf(homeRegions);
        }
    }

    /** Scenario time 0 is the wall-clock instant {@code startEpochNanos}; the host forgets the warm-up's lateness. */
    public record Start(String runId, long startEpochNanos, ActorRef<Done> replyTo) implements HostCommand {
    }

    /** The answer to {@link WarmUp} and {@link Start}. */
    public record Done(String runId, String error) implements HostReply {
    }

    /** Every chain is recorded: the host sends its part of the run and forgets it (its PoPs and objects stop). */
    public record Finish(String runId, ActorRef<Finished> replyTo) implements HostCommand {
    }

    /**
     * The host's part of a finished run.
     *
     * @param totals          what the stages did on this host (its PoPs and the objects it homed)
     * @param latencyLateness how late messages carrying an injected latency were handled here, nanoseconds: an
     *                        HdrHistogram in its compressed encoding, Base64
     * @param arrivalLateness the same for request arrivals
     */
    public record Finished(String runId, StageTotals totals, String latencyLateness, String arrivalLateness,
                           String error) implements HostReply {
    }

    /**
     * A chain that ended on a host: the request with id {@code requestId} through limiter {@code limiter} in the PoP
     * with index {@code pop}; the rest as {@link ChainSink#record} takes it.
     */
    public record ChainDone(int pop, long requestId, int limiter, ChainProgress.Snapshot progress, long touched,
                            long failedOver) implements CborSerializable {
    }
}
