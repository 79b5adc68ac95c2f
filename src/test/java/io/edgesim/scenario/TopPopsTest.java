package io.edgesim.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code pops { top = N }}: the N heaviest regions by the regions file's weights, in region order. */
class TopPopsTest {

    private static final Path SMALL_WORLD = Path.of("src", "test", "resources", "regions", "small-world.conf")
            .toAbsolutePath();

    private static PopChoice top(Path dir, int n) {
        Scenario s = ScenarioFixture.load(dir, "duration = 10s\nregions-file = \"" + SMALL_WORLD + "\"\n"
                + "clients = [ { name = bots, count = 10, key = k, rate = 1, pops { top = " + n + " }, "
                + "pop-choice = per-client } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 100, window = 10s } ]\n");
        return ((ClientSpec.Population) s.clients().get(0)).pops();
    }

    @Test
    void keepsTheHeaviestWithTheirWeightsInRegionOrder(@TempDir Path dir) {
        // weights LHR 3, CDG 1, WAW 0, IAD 4, MIA 2, JNB 1 (the default)
        PopChoice two = top(dir, 2);
        assertThat(two.pops()).containsExactly("LHR", "IAD");
        assertThat(two.weights()).containsExactly(3.0, 4.0);

        // CDG and JNB weigh the same: the earlier in region order is kept
        assertThat(top(dir, 4).pops()).containsExactly("LHR", "CDG", "IAD", "MIA");
        assertThat(top(dir, 5).pops()).containsExactly("LHR", "CDG", "IAD", "MIA", "JNB");
    }

    @Test
    void reachesAtMostTheRegionsWithAWeight(@TempDir Path dir) {
        String message = ScenarioFixture.errorOf(dir, "duration = 10s\nregions-file = \"" + SMALL_WORLD + "\"\n"
                + "clients = [ { name = bots, key = k, rate = 1, pops { top = 6 } } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 100, window = 10s } ]\n");

        assertThat(message).endsWith("clients[0].pops.top: 6 is too large; allowed: a whole number from 1 to 5 (the "
                + "regions of this scenario with a weight above 0)");
    }
}
