package io.edgesim.scenario;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code pops = all} follows the regions file's weights; a list of PoPs weighs them equally, as before. */
class PopWeightsTest {

    private static final Path SMALL_WORLD = Path.of("src", "test", "resources", "regions", "small-world.conf")
            .toAbsolutePath();

    private static String scenario(String regions, String pops) {
        return "duration = 10s\nregions-file = \"" + SMALL_WORLD + "\"\n" + regions
                + "clients = [ { name = a, key = k, rate = 110" + pops + " } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 100000, window = 10s } ]\n";
    }

    private static PopChoice pops(Scenario s) {
        return ((ClientSpec.Population) s.clients().get(0)).pops();
    }

    @Test
    void allTakesTheWeightsOfTheRegionsFile(@TempDir Path dir) {
        PopChoice all = pops(ScenarioFixture.load(dir, scenario("", "")));

        assertThat(all.pops()).containsExactly("LHR", "CDG", "WAW", "IAD", "MIA", "JNB");
        assertThat(all.weights()).containsExactly(3.0, 1.0, 0.0, 4.0, 2.0, 1.0);
    }

    @Test
    void aListStillWeighsItsPopsEqually(@TempDir Path dir) {
        PopChoice listed = pops(ScenarioFixture.load(dir, scenario("", ", pops = [LHR, WAW]")));

        assertThat(listed.weights()).containsExactly(1.0, 1.0);
    }

    @Test
    void weightsAreTakenInNameOrderHoweverTheyAreWritten(@TempDir Path dir) {
        // the order decides the seeded draws: the same weights over three lines, on one, or swept as one --param
        // value (always one line) must make the same run
        String threeLines = scenario("", ", pops {\n  MIA = 2\n  LHR = 3\n  CDG = 1\n}");
        Path file = ScenarioFixture.write(dir, "lines.conf", threeLines);
        Scenario written = ScenarioLoader.load(file, Path.of("regions.conf"));
        Scenario oneLine = ScenarioFixture.load(dir, scenario("", ", pops { LHR = 3, CDG = 1, MIA = 2 }"));
        Scenario swept = ScenarioLoader.load(file, Path.of("regions.conf"),
                Map.of("clients.a.pops", "{MIA = 2, LHR = 3, CDG = 1}"));

        assertThat(pops(written).pops()).containsExactly("CDG", "LHR", "MIA");
        assertThat(pops(written).weights()).containsExactly(1.0, 3.0, 2.0);
        assertThat(pops(oneLine)).isEqualTo(pops(written));
        assertThat(pops(swept)).isEqualTo(pops(written));
        LimiterResult writtenRun = new VirtualEngine(written).run().limiters().get(0);
        LimiterResult sweptRun = new VirtualEngine(swept).run().limiters().get(0);
        for (String pop : List.of("CDG", "LHR", "MIA")) {
            assertThat(sweptRun.regions().get(pop).counts()).as(pop)
                    .isEqualTo(writtenRun.regions().get(pop).counts());
        }
    }

    @Test
    void requestsLandInProportionToTheWeights(@TempDir Path dir) {
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, scenario("", ""))).run();
        LimiterResult l = run.limiters().get(0);
        long total = l.totals().sent();

        assertThat(total).isEqualTo(1100);
        assertThat(l.regions().get("WAW").counts().sent()).isZero();
        // 1,100 draws: each share within 4 points of weight / 11 (binomial sd at most 1.5 points)
        assertThat(l.regions().get("IAD").counts().sent() / (double) total).isBetween(4 / 11.0 - 0.04, 4 / 11.0 + 0.04);
        assertThat(l.regions().get("LHR").counts().sent() / (double) total).isBetween(3 / 11.0 - 0.04, 3 / 11.0 + 0.04);
        assertThat(l.regions().get("JNB").counts().sent() / (double) total).isBetween(1 / 11.0 - 0.04, 1 / 11.0 + 0.04);
    }

    @Test
    void allOverRegionsWhoseWeightsAreAllZeroIsRefused(@TempDir Path dir) {
        String message = ScenarioFixture.errorOf(dir, scenario("regions = [WAW]\n", ""));

        assertThat(message).endsWith("clients[0].pops: every PoP of the scenario has weight 0 in the regions file; "
                + "allowed: at least one PoP with a weight greater than 0");
        // and the heaviest N of them, which named no bound (from 1 to 0)
        assertThat(ScenarioFixture.errorOf(dir, scenario("regions = [WAW]\n", ", pops { top = 1 }")))
                .endsWith("clients[0].pops.top: every region of this scenario has weight 0 in the regions file; "
                        + "allowed: regions with a weight greater than 0 in the regions file, or pops as a list or "
                        + "{ REGION = weight, ... }");
    }

    @Test
    void aPopListedTwiceIsNamed(@TempDir Path dir) {
        assertThat(ScenarioFixture.errorOf(dir, scenario("", ", pops = [LHR, IAD, LHR]")))
                .endsWith("clients[0].pops: LHR is listed twice; allowed: each PoP once");
    }

    @Test
    void aWeightSetByParamChangesNoOrder(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "s.conf", scenario("", ", pops {\n MIA = 2\n IAD = 4\n CDG = 1\n }"));

        PopChoice written = pops(ScenarioLoader.load(file, ScenarioFixture.REGIONS));
        PopChoice swept = pops(ScenarioLoader.load(file, ScenarioFixture.REGIONS, Map.of("clients.a.pops.IAD", "5")));

        assertThat(written.pops()).containsExactly("CDG", "IAD", "MIA");
        assertThat(swept.pops()).containsExactly("CDG", "IAD", "MIA");
        assertThat(swept.weights()).containsExactly(1.0, 5.0, 2.0);
    }
}
