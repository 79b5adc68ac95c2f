package io.edgesim.scenario.tier;

import com.typesafe.config.ConfigFactory;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.TierKind;
import io.edgesim.scenario.ScenarioFixture;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.region.RegionsLoader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A stage's tier settings: its own keys over the scenario's tiers section over reference.conf. */
class StageSettingsTest {

    private static final RegionMap REGIONS = RegionsLoader.load(ScenarioFixture.REGIONS);

    private static ConfigReader object(String path, String hocon) {
        return new ConfigReader("s.conf", path, ConfigFactory.parseString(hocon));
    }

    @Test
    void eachKeyComesFromTheMostSpecificLayerThatWritesIt() {
        StageSettings s = new StageSettings(TierKind.KV, object("limiters[1]", "tier = kv, hot-read = 2ms"),
                object("tiers.kv", "miss-read-max = 30ms, hot-read = 3ms"), null, REGIONS, false);

        assertThat(s.rank("hot-read")).isZero();
        assertThat(s.rank("miss-read-max")).isEqualTo(1);
        assertThat(s.rank("miss-read-min")).isEqualTo(2);
        assertThat(s.latency("hot-read")).isEqualTo(2_000_000);
        assertThat(s.latency("miss-read-max")).isEqualTo(30_000_000);
        assertThat(s.source("miss-read-max")).isEqualTo("set at tiers.kv.miss-read-max");
        assertThat(s.source("miss-read-min")).isEqualTo("the default in reference.conf");
    }

    @Test
    void onlyDefaultsTakenFromReferenceConfAreNoted() {
        AssumptionLog log = new AssumptionLog();
        StageSettings s = new StageSettings(TierKind.CACHE, object("limiters[0]", "tier = cache, write-delay = 1ms"),
                null, log, REGIONS, false);

        CacheReader.read(s);

        assertThat(log.toMap()).containsEntry("tiers.cache.read-latency", "0.5ms (assumption)")
                .doesNotContainKey("tiers.cache.write-delay");
    }
}
