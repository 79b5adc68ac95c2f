package io.edgesim.scenario;

import io.edgesim.model.key.KeyKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioLoaderOverridesTest {

    private static final Path REGIONS = Path.of("regions.conf");

    private static Path file(Path dir) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, """
                name = s
                duration = 10s
                regions = [FRA, AMS]
                clients = [ { name = a, rate = 1, key = k }, { name = b, rate = 2, key = k } ]
                limiters = [
                  { name = one, tier = cache, limit = 10, window = 10s }
                  { name = two, chain = [ { tier = waf, limit = 5, period = 10s },
                                          { tier = durable-object, limit = 3, window = 10s,
                                            placement { policy = fixed, region = FRA } } ] }
                ]
                """);
        return file;
    }

    @Test
    void aPlanNamedByDigitsCanBeAddedWhereThereAreNoPlans(@TempDir Path dir) throws IOException {
        // an all-digit segment under a missing setting is an element of a missing list only where a list belongs
        Path file = Files.writeString(dir.resolve("dig.conf"), """
                name = dig
                duration = 10s
                regions = [FRA]
                clients = [ { name = c, key = "k", rate = 1, plan = "2024" } ]
                limiters = [
                  { name = a, tier = cache, limit = 5, window = 10s, plans { "2024" { limit = 3 } } }
                  { name = b, tier = cache, limit = 5, window = 10s }
                ]
                """);

        Scenario s = ScenarioLoader.load(file, REGIONS, Map.of("limiters.b.plans.2024.limit", "4"));

        assertThat(s.limiters().get(1).stages().get(0).algorithm().plans().get("2024").limit()).isEqualTo(4);
    }

    @Test
    void overridesPickListElementsByNameOrIndex(@TempDir Path dir) throws IOException {
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("clients.b.rate", "7");
        overrides.put("limiters.one.limit", "42");
        overrides.put("limiters.two.chain.1.limit", "9");
        overrides.put("regions", "[FRA]");
        Scenario s = ScenarioLoader.load(file(dir), REGIONS, overrides);
        assertThat(((ClientSpec.Population) s.clients().get(1)).ratePerSecond()).isEqualTo(7.0);
        assertThat(s.limiters().get(0).stages().get(0).algorithm().limit()).isEqualTo(42);
        assertThat(s.limiters().get(1).stages().get(1).algorithm().limit()).isEqualTo(9);
        assertThat(s.pops()).containsExactly("FRA");
    }

    @Test
    void overriddenValuesAreValidatedLikeTheFile(@TempDir Path dir) throws IOException {
        Path file = file(dir);
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("limiters.one.limit", "0")))
                .isInstanceOf(InputException.class).hasMessageContaining("limiters[0].limit");
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("clients.zz.rate", "1")))
                .isInstanceOf(InputException.class)
                .hasMessage("--param clients.zz.rate: clients has no element 'zz'; allowed: a, b or an index from 0 "
                        + "to 1");
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("limiters.onr.limit", "1")))
                .isInstanceOf(InputException.class).hasMessageEndingWith("; did you mean `one`?");
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("limiters[0].limit", "1")))
                .isInstanceOf(InputException.class).hasMessage("--param limiters[0].limit: limiters[0]: a list's "
                        + "entry is named by a dot; allowed: limiters.0.limit (or the entry's name in place of its "
                        + "index)");
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("duration.x", "1")))
                .isInstanceOf(InputException.class).hasMessage("--param duration.x: duration is a single value "
                        + "(\"10s\"), it has no setting 'x'; allowed: a value for duration itself, an object in braces "
                        + "where it takes one (--param 'duration={x=...},{...}')");
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("faults.0.until", "1s")))
                .isInstanceOf(InputException.class).hasMessage("--param faults.0.until: faults has no element '0'; "
                        + "allowed: nothing: the scenario sets no faults (a whole list as the value: --param "
                        + "'faults=[{...}],[{...}]')");
    }

    @Test
    void referenceKeyDefaultsToTheLastStageAndCanBeSet(@TempDir Path dir) throws IOException {
        Scenario plain = ScenarioLoader.load(file(dir), REGIONS);
        assertThat(plain.limiters().get(0).referenceKey()).isEqualTo(KeyKind.API_KEY);
        Scenario judged = ScenarioLoader.load(file(dir), REGIONS,
                Map.of("limiters.one.reference", "{ key = ip }"));
        assertThat(judged.limiters().get(0).referenceKey()).isEqualTo(KeyKind.IP);
        assertThat(judged.limiters().get(0).reference()).isEqualTo(plain.limiters().get(0).reference());
        assertThatThrownBy(() -> ScenarioLoader.load(file(dir), REGIONS,
                Map.of("limiters.one.reference", "{ key = cookie }")))
                .isInstanceOf(InputException.class).hasMessageContaining("limiters[0].reference.key");
    }

    @Test
    void aPlanTheContractDoesNotHaveIsRefusedNotAddedUnused(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "plans.conf", """
                name = t
                duration = 10s
                regions = [FRA]
                plans { free { limit = 10, window = 60s }, enterprise { limit = 100, window = 60s } }
                clients = [ { name = f, key = "f", rate = 1, plan = free } ]
                limiters = [ { name = l, tier = cache } ]
                """);

        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("plans.entreprise.limit", "3000")))
                .isInstanceOf(InputException.class)
                .hasMessage("--param plans.entreprise.limit: plans has no plan 'entreprise'; allowed: a plan of the "
                        + "contract: enterprise, free; did you mean `enterprise`?");
        assertThat(ScenarioLoader.load(file, REGIONS, Map.of("plans.enterprise.limit", "3000"))).isNotNull();
        assertThatThrownBy(() -> ScenarioLoader.load(file(dir), REGIONS, Map.of("plans.pro.limit", "5")))
                .isInstanceOf(InputException.class).hasMessageEndingWith("plans has no plan 'pro'; allowed: nothing: "
                        + "the scenario has no plans (no contract)");
    }

    @Test
    void aPlanWhoseNameHasADotIsSweptInQuotesAsHoconWritesIt(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "dots.conf", """
                name = t
                duration = 10s
                regions = [FRA]
                plans { "pro.v2" { limit = 10, window = 60s } }
                clients = [ { name = p, key = "p", rate = 1, plan = "pro.v2" } ]
                limiters = [ { name = l, tier = cache } ]
                """);

        Scenario swept = ScenarioLoader.load(file, REGIONS, Map.of("plans.\"pro.v2\".limit", "3000"));
        assertThat(swept.limiters().get(0).stages().get(0).algorithm().forPlan("pro.v2").limit()).isEqualTo(3000);
        // unquoted, the dot splits the name: the message shows the name as a path takes it
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("plans.pro.v2.limit", "3000")))
                .isInstanceOf(InputException.class)
                .hasMessage("--param plans.pro.v2.limit: plans has no plan 'pro'; allowed: a plan of the contract: "
                        + "\"pro.v2\"");
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS, Map.of("plans.\"pro.v2.limit", "3000")))
                .isInstanceOf(InputException.class).hasMessageContaining("not a setting path");
    }

    @Test
    void aNameHoconWouldQuoteIsSweptAsWrittenOrInQuotes(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "colons.conf", """
                name = t
                duration = 10s
                regions = [FRA]
                clients = [ { name = "bots:eu", key = "k", rate = 1 } ]
                limiters = [ { name = "waf:pro", tier = cache, limit = 10, window = 10s } ]
                """);

        // HOCON refuses a colon in a path unquoted; split at its dots, as before quotes were read
        for (String path : List.of("limiters.waf:pro.limit", "limiters.\"waf:pro\".limit")) {
            Scenario swept = ScenarioLoader.load(file, REGIONS, Map.of(path, "20"));
            assertThat(swept.limiters().get(0).stages().get(0).algorithm().limit()).as(path).isEqualTo(20);
        }
        assertThat(ScenarioLoader.load(file, REGIONS, Map.of("clients.bots:eu.rate", "5")).clients().get(0))
                .isInstanceOfSatisfying(ClientSpec.Population.class, p -> assertThat(p.ratePerSecond()).isEqualTo(5));
    }
}
