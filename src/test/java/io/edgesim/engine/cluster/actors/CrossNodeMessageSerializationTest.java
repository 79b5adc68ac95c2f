package io.edgesim.engine.cluster.actors;

import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.remote.ObjectLoad;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.scenario.ScenarioText;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.tier.remote.DurableObjectServer;
import io.edgesim.model.tier.RemoteTier;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.SerializationTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.jackson.JacksonCborSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every message that may cross nodes goes through the jackson-cbor binding and comes back equal to itself. */
class CrossNodeMessageSerializationTest {

    static {
        // initialise logging on this thread before the actor system's threads race to do it
        LoggerFactory.getILoggerFactory();
    }

    // a node's own configuration (cluster provider, remote addresses in actor refs), not joined to anything
    private final ActorTestKit testKit = ActorTestKit.create("edgesim-serialization",
            ClusterSettings.load().nodeConfig());

    @AfterEach
    void stop() {
        testKit.shutdownTestKit();
    }

    @Test
    void everyCrossNodeMessageRoundTripsThroughJacksonCbor() {
        TestProbe<RemoteObjectEntity.Served> served = testKit.createTestProbe();
        TestProbe<RemoteObjectEntity.Pong> pongs = testKit.createTestProbe();
        TestProbe<RunProtocol.ChainDone> chains = testKit.createTestProbe();
        TestProbe<RunProtocol.Prepared> prepared = testKit.createTestProbe();
        TestProbe<PopActor.Command> pops = testKit.createTestProbe();
        TestProbe<RunProtocol.Done> done = testKit.createTestProbe();
        TestProbe<RunProtocol.Finished> finished = testKit.createTestProbe();
        List<CborSerializable> samples = List.of(
                new RemoteObjectEntity.Serve(7, "SYD", 125_000_000L, 1, "pro", -4_242L, 0, 1_000_000_000L,
                        served.ref()),
                new RemoteObjectEntity.Ping(pongs.ref()),
                new RemoteObjectEntity.Served(7, 251_500_000L,
                        StageResult.of(new Decision(false, 0, 30_000_000_000L, 60_000_000_000L), 1_000_000L), 0, true),
                new RemoteObjectEntity.Pong("FRA|0.1|api-key-1", List.of("FRA", "SYD")),
                new RemoteObjectEntity.Retire(),
                new PopActor.Arrive(new Request(42, 1_500_000_000L, "SYD", "spread", "edge_test", "10.0.0.1",
                        null, null, "/api", 2, "pro"), List.of(new Admission(1, 3, true, 0,
                        List.of(new ObjectRoute("edge_test", "FRA")))), -1),
                new RunProtocol.Prepare("k3x9", new ScenarioText("scenarios/three-pops.conf", "{\"name\":\"x\"}",
                        "{\"regions\":{}}"), 0.5, 1_764_547_200_000_000_000L, List.of("SYD"), chains.ref(),
                        chains.ref(), prepared.ref()),
                new RunProtocol.Prepared("k3x9", List.of(new RunProtocol.PopRef("SYD",
                        pops.ref())), List.of(new RunProtocol.PopRef("SYD", pops.ref())), null),
                new RunProtocol.WarmUp("k3x9", List.of("FRA", "SYD"), 3, done.ref()),
                new RunProtocol.Start("k3x9", 1_764_547_201_000_000_000L, done.ref()),
                new RunProtocol.Done("k3x9", "no run k3x9 here"),
                new RunProtocol.Finish("k3x9", finished.ref()),
                new RunProtocol.Finished("k3x9", new StageTotals(
                        List.of(List.of(Usage.NONE, new Usage(100, 100, 0, 1_000_000L, 0, 0))),
                        List.of(List.of(Map.of("max_admissions_between_syncs", 7L), Map.of("objects", 1L))),
                        List.of(List.of(HotObjects.NONE, new HotObjects(1, 2000, List.of(new ObjectLoad("hot-key#3", 9000,
                                2000, 6999, 1_001_000_000L, 1500, 7000, 7_000_000_000L)))))),
                        "HISTOGRAM", "HISTOGRAM", null),
                new RunProtocol.ChainDone(2, 42, 1, new ChainProgress.Snapshot(1, false, true, 0, 250_000_000L,
                        StageResult.of(new Decision(false, 0, 30_000_000_000L, 60_000_000_000L), 0), "edge_test", 0b10L),
                        0b10, 0));
        List<CborSerializable> variants = List.of(
                // a failed answer carries its error; a refusal that can never pass carries Long.MAX_VALUE
                new RemoteObjectEntity.Served(8, 2_000_000L, StageResult.failed(true,
                        new Decision(false, 0, 3_000_000L, 1_000_000L), 0, DurableObjectServer.OVERLOADED_ERROR), 0,
                        true),
                new RemoteObjectEntity.Served(9, 2_000_000L,
                        StageResult.of(new Decision(false, 0, Long.MAX_VALUE, 1_000_000L), 1_000_000L), 0, true),
                // a reply slowed by latency faults 0 and 2; a timed-out request's answer
                new RemoteObjectEntity.Served(10, 2_000_000L, StageResult.failed(false,
                        new Decision(false, 0, 0, 1_000_000L), 1_000_000_000L, RemoteTier.TIMEOUT_ERROR), 0b101, true),
                // a reply lost to partition 1: it does not count
                new RemoteObjectEntity.Served(11, 2_000_000L,
                        StageResult.of(new Decision(true, 9, 0, 1_000_000L), 1_000_000L), 0b10, false));
        assertThat(samples).extracting(Object::getClass).as("one sample per cross-node message type")
                .containsExactlyInAnyOrderElementsOf(recordsPermittedBy(CborSerializable.class));

        SerializationTestKit serialization = new SerializationTestKit(testKit.system());
        for (CborSerializable message : Stream.concat(samples.stream(), variants.stream()).toList()) {
            assertThat(SerializationExtension.get(testKit.system()).findSerializerFor(message))
                    .isInstanceOf(JacksonCborSerializer.class);
            assertThat(serialization.verifySerialization(message, true)).isEqualTo(message);
        }
    }

    private static Set<Class<?>> recordsPermittedBy(Class<?> sealedType) {
        Set<Class<?>> records = new HashSet<>();
        for (Class<?> permitted : sealedType.getPermittedSubclasses()) {
            if (permitted.isRecord()) {
                records.add(permitted);
            } else {
                records.addAll(recordsPermittedBy(permitted));
            }
        }
        return records;
    }
}
