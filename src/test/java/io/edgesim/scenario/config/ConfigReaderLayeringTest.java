package io.edgesim.scenario.config;

import com.typesafe.config.ConfigFactory;
import io.edgesim.scenario.InputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Layered settings are read from the first layer that writes them, and every message names where that was. */
class ConfigReaderLayeringTest {

    private static ConfigReader object(String file, String path, String hocon) {
        return new ConfigReader(file, path, ConfigFactory.parseString(hocon));
    }

    private static final ConfigReader STAGE = object("s.conf", "limiters[1]", "write-delay = 1ms, namespace = null");
    private static final ConfigReader SECTION = object("s.conf", "tiers.cache", "write-delay = 2ms, read-latency = x");
    private static final ConfigReader REFERENCE = object("reference.conf", "edgesim.tiers.cache",
            "write-delay = 5ms, read-latency = 0.5ms, namespace = shared, placement { policy = fixed }");

    @Test
    void aKeyIsReadFromTheFirstLayerThatWritesItEvenAsNull() {
        ConfigReader layered = STAGE.withFallback(SECTION).withFallback(REFERENCE);

        assertThat(layered.durationNanos("write-delay")).isEqualTo(1_000_000);
        assertThat(layered.string("read-latency")).isEqualTo("x");
        assertThat(layered.has("namespace")).isFalse();
        assertThat(layered.writtenIn("write-delay", STAGE)).isTrue();
        assertThat(layered.writtenIn("read-latency", SECTION)).isTrue();
        assertThat(layered.writtenIn("read-latency", REFERENCE)).isFalse();
        assertThat(layered.writtenIn("placement", REFERENCE)).isTrue();
    }

    @Test
    void messagesNameTheFileAndPathWhereTheKeyWasWritten() {
        ConfigReader layered = STAGE.withFallback(SECTION).withFallback(REFERENCE);

        assertThatThrownBy(() -> layered.durationNanos("read-latency")).isInstanceOf(InputException.class)
                .hasMessageStartingWith("s.conf: tiers.cache.read-latency: 'x' is not a duration; allowed: ");
        assertThat(layered.setting("write-delay")).isEqualTo("limiters[1].write-delay");
        assertThat(layered.fail("placement", "wrong").getMessage())
                .isEqualTo("reference.conf: edgesim.tiers.cache.placement: wrong");
        assertThat(layered.object("placement").setting("policy")).isEqualTo("edgesim.tiers.cache.placement.policy");
    }

    @Test
    void defaultsWrittenForSeveralObjectsNameTheObjectTheyWereAppliedTo() {
        ConfigReader client = object("s.conf", "clients[2]", "name = a");
        ConfigReader defaults = object("s.conf", "client-defaults", "arrival = bursty, rate { total = 1 }");

        ConfigReader layered = client.under(defaults);

        assertThat(layered.setting("name")).isEqualTo("clients[2].name");
        assertThat(layered.setting("arrival")).isEqualTo("client-defaults.arrival (applied to clients[2])");
        assertThat(layered.object("rate").error("exponent", "missing", "a number").getMessage())
                .isEqualTo("s.conf: client-defaults.rate.exponent (applied to clients[2]): missing; allowed: a number");
    }
}
