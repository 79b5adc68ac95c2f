package io.edgesim.engine;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The keys a scenario declares for a limiter's exact count, which shares of keys are shares of. */
class DeclaredKeysTest {

    @Test
    void aTemplateWithTheClientIndexDeclaresAKeyPerClientAndOneWithoutDeclaresOne(@TempDir Path dir) {
        Scenario s = ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [
                  { name = free, count = 9000, key = "free-{i}", rate = 0.01, plan = free }
                  { name = pro, count = 1000, key = "pro-{i}", rate = 0.1, plan = pro }
                  { name = pro-again, count = 400, key = "pro-{i}", rate = 0.1, plan = pro }
                  { name = abuser, key = "abuser", rate = 20, plan = free, ip = "203.0.113.9" }
                ]
                limiters = [
                  { name = per-key, tier = cache, limit = 100, window = 60s, plans { free { limit = 10 }, pro { limit = 50 } } }
                  { name = per-ip, tier = cache, limit = 100, window = 60s, key = ip }
                  { name = pro-only, clients = [pro], tier = cache, limit = 100, window = 60s }
                  { name = global, tier = cache, limit = 100, window = 60s, key = global }
                ]
                """);

        // free-0..8999, pro-0..999 (pro-again's 400 are pro-0..399 again), abuser
        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(0), null)).isEqualTo(9000 + 1000 + 1);
        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(0), "free")).isEqualTo(9001);
        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(0), "pro")).isEqualTo(1000);
        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(2), null)).isEqualTo(1000);
        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(3), null)).isEqualTo(1);
        // the default address template holds {i}: one address per client of each population
        long perIp = DeclaredKeys.of(s.clients(), s.limiters().get(1), null);
        assertThat(perIp).isGreaterThan(1);
    }

    @Test
    void templatesWrittenDifferentlyThatGiveTheSameKeysCountThemOnce(@TempDir Path dir) {
        // the abuser is one of the 20 users: 20 keys, not 21 (a share of 1 in 21 where it is 1 in 20)
        Scenario s = ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [
                  { name = web, count = 20, key = "user-{i}", rate = 1 }
                  { name = abuser, key = "user-3", rate = 20 }
                  { name = other, key = "user-30", rate = 1 }
                ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s }
                             { name = web-and-abuser, clients = [web, abuser], tier = cache, limit = 100,
                               window = 60s } ]
                """);

        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(0), null)).isEqualTo(21);
        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(1), null)).isEqualTo(20);
    }

    @Test
    void aKeyPerRequestCannotBeCounted(@TempDir Path dir) {
        Scenario s = ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = rotating, key = "k-{n}", rate = 1 } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
                """);

        assertThat(DeclaredKeys.of(s.clients(), s.limiters().get(0), null)).isEqualTo(DeclaredKeys.UNKNOWN);
    }
}
