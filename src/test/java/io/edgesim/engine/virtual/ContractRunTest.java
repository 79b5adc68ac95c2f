package io.edgesim.engine.virtual;

import io.edgesim.result.KeyResults;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whole runs under a contract (the scenario's top-level {@code plans}), by hand. 50 s of one 60 s window (so that no
 * request reaches a Durable Object in the next one); every key sends more than any limit it meets, so each limiter
 * lets each key through exactly what it enforces:
 * <ul>
 *   <li>two free keys (5 per minute) at 1/s from Sydney, one pro key (20) at 2/s from Frankfurt, one enterprise
 *       key (40) at 9/s spread over Frankfurt, Amsterdam and Sydney (~150 requests in each, more than 2 x 40);</li>
 *   <li>the exact count, by the contract: 5 + 5 + 20 + 40 = 70 for every limiter that counts under it;</li>
 *   <li>{@code per-location} (cache, the contract): 5 + 5 + 20 + 3 x 40 = 150;</li>
 *   <li>{@code shield-2x} (cache at limit-factor 2): 10 + 10 + 40 + 3 x 80 = 300, still judged by the contract;</li>
 *   <li>{@code shield-then-object} (the same cache, then a Durable Object under the contract): 70;</li>
 *   <li>{@code own-pro} (a Durable Object whose own plans give pro 30 and leave the rest to the contract):
 *       5 + 5 + 30 + 40 = 80, judged by the contract: the pro key is the one key over it, by 30 / 20;</li>
 *   <li>{@code off} (contract = off: a cache at its own 10 per minute for every key): 10 + 10 + 10 + 3 x 10 = 60,
 *       judged by its own 10 a key: 40.</li>
 * </ul>
 */
class ContractRunTest {

    private static final Path REGIONS = Path.of("regions.conf");

    static final String SCENARIO = """
            name = contract
            duration = 50s
            regions = [FRA, AMS, SYD]
            plans {
              free { limit = 5, window = 60s }
              pro { limit = 20, window = 60s }
              enterprise { limit = 40, window = 60s }
            }
            clients = [
              { name = free, count = 2, key = "free-{i}", rate = 1, plan = free, pops = [SYD] }
              { name = pro, key = "pro", rate = 2, plan = pro, pops = [FRA] }
              { name = ent, key = "ent", rate = 9, plan = enterprise, pops { FRA = 1, AMS = 1, SYD = 1 } }
            ]
            limiters = [
              { name = per-location, tier = cache, key = api-key }
              { name = shield-2x, tier = cache, key = api-key, limit-factor = 2 }
              { name = shield-then-object, chain = [
                  { tier = cache, key = api-key, limit-factor = 2 }
                  { tier = durable-object, key = api-key, placement { policy = fixed, region = FRA } }
                ] }
              { name = own-pro, tier = durable-object, key = api-key, placement { policy = fixed, region = FRA },
                plans { pro { limit = 30 } } }
              { name = off, tier = cache, key = api-key, contract = off, limit = 10, window = 60s }
            ]
            """;

    @Test
    void everyLimiterEnforcesTheContractOrWhatItSaysAndIsJudgedByTheContract(@TempDir Path dir) throws IOException {
        RunResult run = run(dir, Map.of());

        assertThat(limiter(run, "per-location").totals().letThrough()).isEqualTo(150);
        assertThat(limiter(run, "shield-2x").totals().letThrough()).isEqualTo(300);
        assertThat(limiter(run, "shield-then-object").totals().letThrough()).isEqualTo(70);
        assertThat(limiter(run, "own-pro").totals().letThrough()).isEqualTo(80);
        assertThat(limiter(run, "off").totals().letThrough()).isEqualTo(60);
        for (String name : new String[] {"per-location", "shield-2x", "shield-then-object", "own-pro"}) {
            assertThat(limiter(run, name).exact().accepted()).as(name).isEqualTo(70);
        }
        assertThat(limiter(run, "off").exact().accepted()).isEqualTo(40);
        assertThat(limiter(run, "shield-2x").multiplication().getAsDouble()).isEqualTo(300 / 70.0, within());
        assertThat(limiter(run, "shield-2x").exact().wronglyAccepted()).isEqualTo(230);
    }

    @Test
    void keysOverContractAreJudgedByTheContractEvenWhereTheLimiterEnforcesOtherNumbers(@TempDir Path dir)
            throws IOException {
        RunResult run = run(dir, Map.of());

        KeyResults own = limiter(run, "own-pro").keys();
        assertThat(own.overLimit()).isEqualTo(1);
        assertThat(own.letThroughRatio().max()).isEqualTo(1.5, within());
        KeyResults.PlanKeys pro = own.plans().stream().filter(p -> p.plan().equals("pro")).findFirst().orElseThrow();
        assertThat(pro.limit()).isEqualTo(20);
        assertThat(pro.overLimit()).isEqualTo(1);
        // the shield at twice the plan: every key over its contract, the enterprise key by 3 x 80 / 40
        KeyResults shield = limiter(run, "shield-2x").keys();
        assertThat(shield.overLimit()).isEqualTo(4);
        assertThat(shield.letThroughRatio().max()).isEqualTo(6.0, within());
        assertThat(limiter(run, "shield-2x").keys().plans()).extracting(KeyResults.PlanKeys::plan)
                .containsExactlyInAnyOrder("free", "pro", "enterprise");
    }

    @Test
    void theSample429QuotesTheRefusedKeysPlanAsTheStageEnforcesIt(@TempDir Path dir) throws IOException {
        RunResult run = run(dir, Map.of());

        // the first refusal is a free key's sixth request, ~5 s in, when no other key is over its limit yet
        assertThat(limiter(run, "per-location").firstRefusal().headers())
                .containsEntry("RateLimit-Policy", "\"per-location\";q=5;w=60");
        assertThat(limiter(run, "shield-2x").firstRefusal().headers())
                .containsEntry("RateLimit-Policy", "\"shield-2x\";q=10;w=60");
    }

    @Test
    void aSweptLimitFactorChangesWhatTheShieldLetsThrough(@TempDir Path dir) throws IOException {
        assertThat(limiter(run(dir, Map.of("limiters.shield-2x.limit-factor", "1")), "shield-2x").totals()
                .letThrough()).isEqualTo(150);
        assertThat(limiter(run(dir, Map.of("limiters.shield-2x.limit-factor", "0.5")), "shield-2x").totals()
                .letThrough()).as("free 3 (2.5 rounded), pro 10, enterprise 3 x 20").isEqualTo(3 + 3 + 10 + 60);
    }

    private static RunResult run(Path dir, Map<String, String> overrides) throws IOException {
        Path file = dir.resolve("contract.conf");
        Files.writeString(file, SCENARIO);
        Scenario scenario = ScenarioLoader.load(file, REGIONS, overrides);
        return new VirtualEngine(scenario).run();
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-3);
    }
}
