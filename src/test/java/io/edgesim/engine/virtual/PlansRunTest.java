package io.edgesim.engine.virtual;

import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whole runs with plans: two free keys, one pro key and one key with no plan, each sending more than its limit in
 * one PoP within one window (a GCRA refilling one token per 1,000 s gets back none), so that every limiter, on every
 * tier and in the exact count, lets each key through exactly its plan's limit: free 5, pro 50, no plan 10.
 */
class PlansRunTest {

    private static final Path REGIONS = Path.of("regions.conf");

    private static final String SCENARIO = """
            name = plans
            duration = 60s
            regions = [FRA]
            clients = [
              { name = free, count = 2, key = "free-{i}", rate = 1, plan = free }
              { name = pro, key = "pro", rate = 2, plan = pro }
              { name = plain, key = "plain", rate = 1 }
            ]
            limiters = [
              { name = cache, tier = cache, limit = 10, window = 60s, plans { free { limit = 5 }, pro { limit = 50 } } }
              { name = isolate, tier = isolate, isolates-per-pop = 1, mean-lifetime = 3650d, algorithm = gcra, rate = 0.001, burst = 10,
                plans { free { burst = 5 }, pro { burst = 50 } } }
              { name = binding, tier = binding, machines-per-pop = 1, limit = 10, period = 60,
                plans { free { limit = 5 }, pro { limit = 50 } } }
              { name = waf, tier = waf, plan = pro, key = ip, update-delay = 0s, limit = 10, period = 60s,
                plans { free { limit = 5 }, pro { limit = 50 } } }
              { name = object, tier = durable-object, algorithm = sliding-log, limit = 10, window = 60s,
                placement { policy = fixed, region = FRA }, plans { free { limit = 5 }, pro { limit = 50 } } }
              { name = chain, chain = [
                  { tier = cache, limit = 20, window = 60s }
                  { tier = origin, region = FRA, algorithm = token-bucket, rate = 0.001, burst = 10 }
                ], plans { free { limit = 8, burst = 5 }, pro { limit = 80, burst = 50 } } }
              { name = free-only, clients = [free], tier = cache, limit = 10, window = 60s,
                plans { free { limit = 5 }, pro { limit = 50 } } }
              { name = pro-only, clients = [pro], tier = cache, limit = 10, window = 60s,
                plans { free { limit = 5 }, pro { limit = 50 } } }
              { name = plain-only, clients = [plain], tier = cache, limit = 10, window = 60s,
                plans { free { limit = 5 }, pro { limit = 50 } } }
            ]
            """;

    private static Scenario load(Path dir) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, SCENARIO);
        return ScenarioLoader.load(file, REGIONS);
    }

    @Test
    void eachPlansKeysGetTheirPlansLimitOnEveryTierAndInTheExactCount(@TempDir Path dir) throws IOException {
        RunResult result = new VirtualEngine(load(dir)).run();

        for (String name : List.of("cache", "isolate", "binding", "waf", "object", "chain")) {
            // 2 x 5 + 50 + 10
            assertThat(limiter(result, name).totals().accepted()).as(name).isEqualTo(70);
            assertThat(limiter(result, name).exact().accepted()).as(name).isEqualTo(70);
            assertThat(limiter(result, name).exact().wronglyAccepted()).as(name).isZero();
        }
        assertThat(limiter(result, "free-only").totals().accepted()).isEqualTo(10);
        assertThat(limiter(result, "pro-only").totals().accepted()).isEqualTo(50);
        assertThat(limiter(result, "plain-only").totals().accepted()).isEqualTo(10);
        assertThat(limiter(result, "pro-only").exact().accepted()).isEqualTo(50);
    }

    @Test
    void eachKeyIsLetThroughItsPlansLimitWhenEveryDecisionIsListenedTo(@TempDir Path dir) throws IOException {
        Map<String, Integer> acceptedByKey = new HashMap<>();
        DecisionListener listener = new DecisionListener() {
            @Override
            public void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed,
                                long remaining, long retryAfterNanos, long latencyNanos) {
                if (limiter.equals("cache") && allowed.equals("true")) {
                    acceptedByKey.merge(key, 1, Integer::sum);
                }
            }

            @Override
            public void close() {
            }
        };

        new VirtualEngine(load(dir), VirtualEngine.Order.BY_REQUEST, listener).run();

        assertThat(acceptedByKey).containsExactlyInAnyOrderEntriesOf(Map.of("free-0", 5, "free-1", 5, "pro", 50,
                "plain", 10));
    }
}
