package io.edgesim.engine.cluster;

import io.edgesim.model.algorithm.Decision;
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
import java.util.Set;

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
        TestProbe<DurableObjectEntity.Served> served = testKit.createTestProbe();
        TestProbe<DurableObjectEntity.Pong> pongs = testKit.createTestProbe();
        List<CborSerializable> samples = List.of(
                new DurableObjectEntity.Serve(7, "SYD", 125_000_000L, 1, served.ref()),
                new DurableObjectEntity.Ping(pongs.ref()),
                new DurableObjectEntity.Served(7, 250_000_000L, 125_000_000L, 125_400_000L,
                        new Decision(false, 0, 30_000_000_000L, 60_000_000_000L)),
                new DurableObjectEntity.Pong("FRA|api-key-1", "FRA"));
        assertThat(samples).extracting(Object::getClass).as("one sample per cross-node message type")
                .containsExactlyInAnyOrderElementsOf(recordsPermittedBy(CborSerializable.class));

        SerializationTestKit serialization = new SerializationTestKit(testKit.system());
        for (CborSerializable message : samples) {
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
