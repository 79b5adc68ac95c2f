package io.edgesim.scenario;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Bad rate distributions and kept PoPs each end in one line: file, setting, what is wrong, what is allowed. */
class PopulationErrorsTest {

    private static final String PER_CLIENT = "requests per second per client, greater than 0 and at most 1,000,000";
    private static final String TOTAL = "requests per second of the whole population, greater than 0 and at most "
            + "10,000,000,000,000";

    static Stream<Arguments> badDistributions() {
        return Stream.of(
                arguments("rate { distribution = normal, median = 1 }",
                        "clients[0].rate.distribution: 'normal' is not a rate distribution; "
                                + "allowed: zipf, lognormal, pareto"),
                arguments("rate { median = 1, sigma = 1 }",
                        "clients[0].rate.distribution: missing; allowed: zipf, lognormal, pareto"),
                arguments("rate { distribution = zipf, total = 100, exponant = 1 }",
                        "clients[0].rate.exponant: unknown setting; allowed: distribution, total, exponent; "
                                + "did you mean `exponent`?"),
                arguments("rate { distribution = zipf, total = 100, exponent = 1, median = 3 }",
                        "clients[0].rate.median: unknown setting; allowed: distribution, total, exponent"),
                arguments("rate { distribution = zipf, exponent = 1.1 }",
                        "clients[0].rate.total: missing; allowed: " + TOTAL),
                arguments("rate { distribution = zipf, total = -5, exponent = 1.1 }",
                        "clients[0].rate.total: -5 is too small; allowed: " + TOTAL),
                arguments("rate { distribution = zipf, total = 2e13, exponent = 1.1 }",
                        "clients[0].rate.total: 20000000000000 is too large; allowed: " + TOTAL),
                arguments("rate { distribution = zipf, total = 100 }",
                        "clients[0].rate.exponent: missing; allowed: a number from 0 to 10"),
                arguments("rate { distribution = zipf, total = 100, exponent = -1 }",
                        "clients[0].rate.exponent: -1 is negative; allowed: a number from 0 to 10"),
                arguments("rate { distribution = zipf, total = 100, exponent = 11 }",
                        "clients[0].rate.exponent: 11 is too large; allowed: a number from 0 to 10"),
                arguments("rate { distribution = zipf, total = 100, exponent = steep }",
                        "clients[0].rate.exponent: 'steep' is not a number; allowed: a number from 0 to 10"),
                arguments("rate { distribution = lognormal, sigma = 1.5 }",
                        "clients[0].rate.median: missing; allowed: " + PER_CLIENT),
                arguments("rate { distribution = lognormal, median = 0, sigma = 1.5 }",
                        "clients[0].rate.median: 0 is too small; allowed: " + PER_CLIENT),
                arguments("rate { distribution = lognormal, median = 0.2, sigma = -1 }",
                        "clients[0].rate.sigma: -1 is negative; allowed: a number from 0 to 10"),
                arguments("rate { distribution = lognormal, median = 0.2 }",
                        "clients[0].rate.sigma: missing; allowed: a number from 0 to 10"),
                arguments("rate { distribution = lognormal, median = 0.2, sigma = 1, alpha = 2 }",
                        "clients[0].rate.alpha: unknown setting; allowed: distribution, median, sigma"),
                arguments("rate { distribution = pareto, alpha = 1.3 }",
                        "clients[0].rate.min: missing; allowed: " + PER_CLIENT),
                arguments("rate { distribution = pareto, min = -0.05, alpha = 1.3 }",
                        "clients[0].rate.min: -0.05 is too small; allowed: " + PER_CLIENT),
                arguments("rate { distribution = pareto, min = 0.05, alpha = 0 }",
                        "clients[0].rate.alpha: 0 is too small; allowed: a number greater than 0 and at most 100"),
                arguments("rate { distribution = pareto, min = 0.05 }",
                        "clients[0].rate.alpha: missing; allowed: a number greater than 0 and at most 100"),
                arguments("rate { distribution = pareto, min = 0.05, alpha = 1.3 }, ramp-to = 5",
                        "clients[0].ramp-to: a ramp needs one rate to start from, not a distribution; "
                                + "allowed: ramp-to only with a rate given as a number"));
    }

    @ParameterizedTest
    @MethodSource("badDistributions")
    void badDistributionIsOneLine(String settings, String expected, @TempDir Path dir) {
        String fragment = "clients = [ { name = a, count = 10, " + settings + " } ]\n";

        assertThat(ScenarioFixture.errorOverBase(dir, fragment)).isEqualTo(dir.resolve("s.conf") + ": " + expected);
    }

    static Stream<Arguments> badPopsPerKey() {
        return Stream.of(
                arguments("pops-per-key = 0",
                        "clients[0].pops-per-key: 0 is too small; allowed: a whole number from 1 to 3 (the PoPs of "
                                + "pops with a weight above 0)"),
                arguments("pops-per-key = 4",
                        "clients[0].pops-per-key: 4 is too large; allowed: a whole number from 1 to 3 (the PoPs of "
                                + "pops with a weight above 0)"),
                arguments("pops-per-key = 2, pops { FRA = 1, AMS = 0 }",
                        "clients[0].pops-per-key: 2 is too large; allowed: a whole number from 1 to 1 (the PoPs of "
                                + "pops with a weight above 0)"),
                arguments("pops-per-key = 1.5",
                        "clients[0].pops-per-key: 1.5 is not a whole number; allowed: a whole number from 1 to 3 "
                                + "(the PoPs of pops with a weight above 0)"),
                arguments("pops-per-key = all",
                        "clients[0].pops-per-key: 'all' is not a whole number; allowed: a whole number from 1 to 3 "
                                + "(the PoPs of pops with a weight above 0)"),
                // relative weights, bounded so that their sum stays exact enough to draw by
                arguments("pops { FRA = 1e308, AMS = 1e308, SYD = 1 }",
                        "clients[0].pops.AMS: 1e308 is too large; allowed: a weight from 0 to 1e15 (relative to the "
                                + "others)"),
                arguments("pops { FRA = -1 }",
                        "clients[0].pops.FRA: -1 is negative; allowed: a weight from 0 to 1e15 (relative to the "
                                + "others)"));
    }

    @ParameterizedTest
    @MethodSource("badPopsPerKey")
    void badPopsPerKeyIsOneLine(String settings, String expected, @TempDir Path dir) {
        String fragment = "clients = [ { name = a, rate = 1, " + settings + " } ]\n";

        assertThat(ScenarioFixture.errorOverBase(dir, fragment)).isEqualTo(dir.resolve("s.conf") + ": " + expected);
    }

    @org.junit.jupiter.api.Test
    void keptPopsBeyondOneArrayAreRefusedBeforeTheRun(@TempDir Path dir) {
        // validate said ok and the run ended in an internal error (an int overflow sizing the clients' kept PoPs)
        String hocon = "duration = 1s\nregions-file = \"" + Path.of("regions", "cloudflare.conf").toAbsolutePath()
                + "\"\nclients = [ { name = bots, count = 10000000, key = \"k-{i}\", rate = 0.000001, "
                + "pops-per-key = 300 } ]\nlimiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]\n";

        assertThat(ScenarioFixture.errorOf(dir, hocon)).endsWith(": clients[0].pops-per-key: 300 PoPs for each of "
                + "10000000 clients is 3000000000 kept PoPs; allowed: count x pops-per-key up to 2147483639");
    }

    static Stream<Arguments> badTop() {
        String allowed = "allowed: a whole number from 1 to 3 (the regions of this scenario with a weight above 0)";
        return Stream.of(
                arguments("pops { top = 0 }", "clients[0].pops.top: 0 is too small; " + allowed),
                arguments("pops { top = 4 }", "clients[0].pops.top: 4 is too large; " + allowed),
                arguments("pops { top = all }", "clients[0].pops.top: 'all' is not a whole number; " + allowed),
                arguments("pops { top = 2, SYD = 1 }",
                        "clients[0].pops.SYD: set beside top; allowed: top = N alone, or { REGION = weight, ... }"));
    }

    @ParameterizedTest
    @MethodSource("badTop")
    void badTopIsOneLine(String settings, String expected, @TempDir Path dir) {
        String fragment = "clients = [ { name = a, rate = 1, " + settings + " } ]\n";
        assertThat(ScenarioFixture.errorOverBase(dir, fragment)).isEqualTo(dir.resolve("s.conf") + ": " + expected);
    }
}
