package io.edgesim.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class ClientDefaultsTest {

    private static ClientSpec.Population population(Scenario s, int index) {
        return (ClientSpec.Population) s.clients().get(index);
    }

    @Test
    void defaultsApplyToEveryPopulationThatDoesNotSetThem(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                client-defaults { pops-per-key = 2, arrival = poisson, rate = 3, key = "{name}-{i}" }
                clients = [ { name = a, count = 5 }, { name = b, rate = 7, arrival = constant } ]
                """);

        ClientSpec.Population a = population(s, 0);
        assertThat(a.arrival()).isEqualTo(Arrival.POISSON);
        assertThat(a.ratePerSecond()).isEqualTo(3.0);
        assertThat(a.pops().popsPerKey()).isEqualTo(2);
        assertThat(a.headers().apiKey().text()).isEqualTo("a-{i}");
        ClientSpec.Population b = population(s, 1);
        assertThat(b.arrival()).isEqualTo(Arrival.CONSTANT);
        assertThat(b.ratePerSecond()).isEqualTo(7.0);
        assertThat(b.pops().popsPerKey()).isEqualTo(2);
        assertThat(b.headers().apiKey().text()).isEqualTo("b-{i}");
    }

    @Test
    void aClientsOwnObjectReplacesTheDefaultsWholeObject(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                client-defaults { pops { FRA = 1, AMS = 1 }, rate { distribution = zipf, total = 10, exponent = 1 } }
                clients = [ { name = a, count = 3, pops { SYD = 1 }, rate { distribution = lognormal, median = 1,
                              sigma = 1 } } ]
                """);

        assertThat(population(s, 0).pops().pops()).containsExactly("SYD");
        assertThat(population(s, 0).rates()).isEqualTo(new RateDistribution.LogNormal(1, 1));
    }

    @Test
    void aClientDropsADefaultBySettingItToNull(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                client-defaults { rate = 2, burst { every = 10s, size = 5 }, pop-choice = hop, hop-every = 10s }
                clients = [ { name = a }, { name = b, burst = null, pop-choice = per-client, hop-every = null } ]
                """);

        assertThat(population(s, 0).burst()).isNotNull();
        assertThat(population(s, 1).burst()).isNull();
        assertThat(population(s, 1).pops().mode()).isEqualTo(PopChoice.Mode.PER_CLIENT);
    }

    @Test
    void aSettingDroppedWithNullTakesItsBuiltInDefault(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                client-defaults { rate = 2, pop-choice = hop, hop-every = 10s, arrival = poisson, count = 3 }
                clients = [ { name = a, hop-every = null, arrival = null, count = null, pops = null, cost = null } ]
                """);
        Scenario plain = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, rate = 2, pop-choice = hop } ]
                """);

        // reference.conf's: hop-every 30 s, constant arrivals, one client, every PoP, cost 1
        assertThat(population(s, 0)).isEqualTo(population(plain, 0));
        assertThat(population(s, 0).pops().hopEveryNanos()).isEqualTo(30_000_000_000L);
        // inside a burst too: its spread's built-in 0s
        Scenario burst = ScenarioFixture.loadOverBase(dir, """
                client-defaults { burst { every = 2s, size = 3, spread = 1s } }
                clients = [ { name = a, rate = 1, burst { every = 2s, size = 3, spread = null } } ]
                """);
        assertThat(population(burst, 0).burst()).isEqualTo(new Burst(2_000_000_000L, 3, 0));
    }

    @Test
    void tracesIgnoreTheDefaults(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n");
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                client-defaults { rate = 2, pops-per-key = 1 }
                clients = [ { name = replay, trace = "trace.csv" } ]
                """);

        // read with the scenario: its one row has an API key and no address
        assertThat(s.clients()).containsExactly(new ClientSpec.Trace("replay", dir.resolve("trace.csv"), null, 0, 1));
    }

    @Test
    void withoutDefaultsAPopulationIsReadAsBefore(@TempDir Path dir) {
        Scenario plain = ScenarioFixture.loadOverBase(dir, "clients = [ { name = a, count = 3, rate = 2 } ]\n");
        Scenario empty = ScenarioFixture.loadOverBase(dir, "client-defaults {}\n"
                + "clients = [ { name = a, count = 3, rate = 2 } ]\n");

        assertThat(empty.clients()).isEqualTo(plain.clients());
    }

    static Stream<Arguments> badDefaults() {
        return Stream.of(
                arguments("client-defaults { limt = 5 }",
                        "client-defaults.limt: unknown setting; allowed: count, rate, arrival, start, stop, ramp-to, "
                                + "burst, key, ip, xff, anon-token, path, cost, pops, pops-per-key, pop-choice, "
                                + "hop-every, plan"),
                arguments("client-defaults { name = x }",
                        "client-defaults.name: unknown setting; allowed: count, rate, arrival, start, stop, ramp-to, "
                                + "burst, key, ip, xff, anon-token, path, cost, pops, pops-per-key, pop-choice, "
                                + "hop-every, plan"),
                arguments("client-defaults { trace = \"t.csv\" }",
                        "client-defaults.trace: unknown setting; allowed: count, rate, arrival, start, stop, "
                                + "ramp-to, burst, key, ip, xff, anon-token, path, cost, pops, pops-per-key, "
                                + "pop-choice, hop-every, plan"),
                arguments("client-defaults = 5", "client-defaults: '5' is not an object; allowed: an object { ... }"),
                arguments("client-defaults { arrival = bursty }",
                        "client-defaults.arrival (applied to clients[0]): 'bursty' is not an arrival; "
                                + "allowed: constant, poisson"),
                arguments("client-defaults { rate { distribution = zipf, total = 10 } }\n"
                                + "clients = [ { name = a, count = 2 } ]",
                        "client-defaults.rate.exponent (applied to clients[0]): missing; "
                                + "allowed: a number from 0 to 10"),
                arguments("client-defaults { pops = [FRA, XYZ] }",
                        "client-defaults.pops (applied to clients[0]): XYZ is not a region of this scenario; "
                                + "allowed: FRA, AMS, SYD"),
                arguments("client-defaults { pops-per-key = 3 }\n"
                                + "clients = [ { name = a, rate = 1 }, { name = b, rate = 1, pops = [FRA, AMS] } ]",
                        "client-defaults.pops-per-key (applied to clients[1]): 3 is too large; allowed: a whole "
                                + "number from 1 to 2 (the PoPs of pops with a weight above 0)"));
    }

    @ParameterizedTest
    @MethodSource("badDefaults")
    void badDefaultIsOneLineNamingWhereItIsWritten(String fragment, String expected, @TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, fragment + "\n")).isEqualTo(dir.resolve("s.conf") + ": "
                + expected);
    }
}
