package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import io.edgesim.serve.LiveEdge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input to {@code edgesim serve}: one line naming the flag and what is allowed, exit 2, before any cluster; and
 * the startup line on plans.
 */
class ServeCommandTest {

    private record Ran(int status, String out, String err) {
    }

    private static Ran serve(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] line = new String[args.length + 2];
        line[0] = "serve";
        line[1] = "scenarios/three-pops.conf";
        System.arraycopy(args, 0, line, 2, args.length);
        int status = Main.execute(line, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Ran(status, out.toString(), err.toString());
    }

    @Test
    void refusesAPortOutsideTheUnprivilegedRange() {
        Ran ran = serve("--port", "80");

        assertThat(ran.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(ran.err()).isEqualTo("edgesim: --port: '80' is a privileged port (below 1024); allowed: a whole "
                + "number from 1024 to 65535, or 0 for any free port per PoP" + System.lineSeparator());
    }

    @Test
    void refusesABasePortThatLeavesNoPortForTheLastPop() {
        Ran ran = serve("--port", "65534");

        assertThat(ran.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(ran.err()).startsWith("edgesim: --port: 65534 leaves no port for the last of the scenario's 3 "
                + "PoPs; allowed: 1024 to 65533").doesNotContain("\tat ");
    }

    @Test
    void refusesALimiterTheScenarioHasNotAndNamesItsLimiters() {
        Ran ran = serve("--limiter", "nope");

        assertThat(ran.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(ran.err()).isEqualTo("edgesim: --limiter: 'nope' is not a limiter of scenarios/three-pops.conf; "
                + "allowed: local, exact" + System.lineSeparator());
    }

    @Test
    void refusesAnUpstreamThatIsNotAnHttpServiceUrl() {
        Ran ran = serve("--upstream", "ftp://127.0.0.1/x");

        assertThat(ran.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(ran.err()).isEqualTo("edgesim: --upstream: 'ftp://127.0.0.1/x' is not a service URL; allowed: "
                + "http://HOST[:PORT][/PATH], e.g. http://127.0.0.1:8080" + System.lineSeparator());

        Ran port = serve("--upstream", "http://127.0.0.1:99999");
        assertThat(port.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(port.err()).isEqualTo("edgesim: --upstream: 'http://127.0.0.1:99999' has port 99999; allowed: a "
                + "port from 1 to 65535, or none (80)" + System.lineSeparator());
    }

    @Test
    void refusesASpeedOutOfRangeAsRunDoes() {
        Ran ran = serve("--speed", "0");

        assertThat(ran.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(ran.err()).startsWith("edgesim: --speed: '0' is not a speed; allowed: a number from 0.001 to 1000");
    }

    @Test
    void refusesAMaxConnectionsThatIsNotAPositiveNumber() {
        Ran ran = serve("--max-connections", "0");

        assertThat(ran.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(ran.err()).isEqualTo("edgesim: --max-connections: 0 is too few connections; allowed: a "
                + "whole number from 1 to 100000" + System.lineSeparator());
    }

    @Test
    void withClientsOfSeveralPlansItSaysWhichPlanEveryRequestCountsUnder(@TempDir Path dir) {
        Scenario plans = ScenarioFixture.load(dir, """
                name = t
                duration = 10s
                regions = [FRA]
                plans { free { limit = 60, window = 60s }, pro { limit = 600, window = 60s } }
                clients = [ { name = f, key = "f-{i}", rate = 1, plan = free }
                            { name = p, key = "p-{i}", rate = 1, plan = pro } ]
                limiters = [ { name = l, tier = durable-object } ]
                """);
        Scenario plain = ScenarioFixture.load(dir, ScenarioFixture.BASE);

        assertThat(ServeCommand.planNote(plans, LiveEdge.client(plans, 0))).isEqualTo("every request counts as sent "
                + "by client f, of plan free: each key is counted and judged by that plan's limits (docs/serve.md)");
        assertThat(ServeCommand.planNote(plain, LiveEdge.client(plain, 0))).isNull();
    }

    @Test
    void theScenarioServedDropsTheNoteOnHowItsBurstsWouldBeBilled(@TempDir Path dir) {
        // the scenario's one burst a minute in a 10 s run would be billed six times its cadence; served, the bill is
        // of the requests served, and the note does not apply
        Scenario bursts = ScenarioFixture.load(dir, """
                name = t
                duration = 10s
                regions = [FRA]
                clients = [ { name = b, key = k, burst { every = 1m, size = 200 } } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
                """);
        assertThat(bursts.assumptions()).containsKey("duration");

        Scenario served = ServeCommand.served(bursts);
        assertThat(served.assumptions()).doesNotContainKey("duration")
                .containsEntry(ServeCommand.TRAFFIC, ServeCommand.LIVE_TRAFFIC);
    }

    @Test
    void howTheSessionIsServedIsInItsAssumptions(@TempDir Path dir) {
        // two sessions of one scenario, one answered by the cache, one by the object behind a service: compare and the
        // report tell them apart by these
        Scenario scenario = ServeCommand.served(ScenarioFixture.load(dir, """
                name = t
                duration = 10s
                regions = [FRA]
                clients = [ { name = c, key = k, rate = 1 } ]
                limiters = [ { name = local, tier = cache, limit = 100, window = 60s }
                             { name = exact, tier = durable-object, limit = 100, window = 60s } ]
                """));

        assertThat(ServeCommand.servedAs(scenario, 0, false, null, 1024, false).assumptions())
                .containsEntry("serve.limiter", "local (its decisions answered the clients; the scenario's first, by "
                        + "default)")
                .containsEntry("serve.upstream", "none (edgesim answered 200 itself)")
                .containsEntry("serve.max-connections", "1024 (default)");
        assertThat(ServeCommand.servedAs(scenario, 1, true, java.net.URI.create("http://127.0.0.1:8080"), 2, true)
                .assumptions())
                .containsEntry("serve.limiter", "exact (its decisions answered the clients; --limiter)")
                .containsEntry("serve.upstream", "http://127.0.0.1:8080 (--upstream)")
                .containsEntry("serve.max-connections", "2 (--max-connections)");
    }
}
