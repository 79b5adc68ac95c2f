package io.edgesim.engine.virtual;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Durable-object stages with {@code shards = 4}, counted by hand. One key sends one request a second, all in one
 * 60 s window; request n goes to the shard {@code ObjectShards.shardOf(n, 4)} picks, which for requests 0-11 is
 * 3 0 3 0 3 2 1 0 3 2 1 2 (pinned in ObjectShardsTest). Each shard accepts its first requests up to its share; the
 * exact count accepts the key's first requests up to the whole limit.
 */
class ShardedObjectsRunTest {

    private static final Path REGIONS = Path.of("regions.conf");

    private static RunResult run(Path dir, String text) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, text);
        return new VirtualEngine(ScenarioLoader.load(file, REGIONS)).run();
    }

    private static final String TWELVE = """
            name = shards
            duration = 12s
            regions = [FRA]
            clients = [ { name = one, key = "k", rate = 1, pops = [FRA] } ]
            limiters = [
              { name = sharded, tier = durable-object, limit = 8, window = 60s, shards = 4,
                placement { policy = fixed, region = FRA } }
              { name = rounded-up, tier = durable-object, limit = 6, window = 60s, shards = 4,
                placement { policy = fixed, region = FRA } }
              { name = one-object, tier = durable-object, limit = 8, window = 60s,
                placement { policy = fixed, region = FRA } }
            ]
            """;

    @Test
    void eachShardAcceptsItsShareSoTheKeyGetsItsLimitButNotTheRequestsTheExactCountAccepts(@TempDir Path dir)
            throws IOException {
        RunResult result = run(dir, TWELVE);

        // 8 / 4 = 2 per shard: shard 3 takes 0 and 2 (refuses 4, 8), shard 0 takes 1 and 3 (refuses 7), shard 2
        // takes 5 and 9 (refuses 11), shard 1 takes 6 and 10: 0 1 2 3 5 6 9 10 accepted; the exact count accepts
        // 0-7: 9 and 10 wrongly accepted, 4 and 7 wrongly rejected
        LimiterResult sharded = limiter(result, "sharded");
        assertThat(sharded.totals().sent()).isEqualTo(12);
        assertThat(sharded.totals().accepted()).isEqualTo(8);
        assertThat(sharded.exact().accepted()).isEqualTo(8);
        assertThat(sharded.exact().wronglyAccepted()).isEqualTo(2);
        assertThat(sharded.exact().wronglyRejected()).isEqualTo(2);
        assertThat(sharded.multiplication()).hasValue(1.0);
        java.util.Map<String, Long> objects = sharded.stageStats().get("0:durable-object");
        assertThat(objects).containsEntry("objects", 4L);
        assertThat(objects.entrySet().stream().filter(e -> e.getKey().startsWith("objects_in_"))
                .mapToLong(java.util.Map.Entry::getValue).sum()).as("objects by home").isEqualTo(4);
        assertThat(sharded.algorithm()).isEqualTo("fixed-window 8 per 60s, each key over 4 objects of 2 per 60s");
        // the first refusal, request 4, by shard 3, which holds 2 per 60 s
        assertThat(sharded.firstRefusal().headers().get("RateLimit-Policy")).contains(";q=2;");
        assertThat(sharded.firstRefusal().headers().get("RateLimit")).contains(";r=0;");
    }

    @Test
    void aLimitThatDoesNotDivideIsRoundedUpPerShardAndTheShardsTogetherLetMoreThrough(@TempDir Path dir)
            throws IOException {
        RunResult result = run(dir, TWELVE);

        // 6 / 4 rounded up = 2 per shard: the same 8 accepted; the exact count accepts 0-5: 6, 9 and 10 wrongly
        // accepted, 4 wrongly rejected, 8 / 6 = 1.33x
        LimiterResult rounded = limiter(result, "rounded-up");
        assertThat(rounded.totals().accepted()).isEqualTo(8);
        assertThat(rounded.exact().accepted()).isEqualTo(6);
        assertThat(rounded.exact().wronglyAccepted()).isEqualTo(3);
        assertThat(rounded.exact().wronglyRejected()).isEqualTo(1);
        assertThat(rounded.multiplication()).hasValue(1.3333);
        assertThat(rounded.keys().overLimit()).isEqualTo(1);
    }

    @Test
    void oneObjectPerKeyIsTheExactCount(@TempDir Path dir) throws IOException {
        LimiterResult whole = limiter(run(dir, TWELVE), "one-object");

        assertThat(whole.totals().accepted()).isEqualTo(8);
        assertThat(whole.exact().wronglyAccepted()).isZero();
        assertThat(whole.exact().wronglyRejected()).isZero();
        assertThat(whole.algorithm()).isEqualTo("fixed-window 8 per 60s");
    }

    @Test
    void anUnevenSpreadRefusesWhatTheLimitAllows(@TempDir Path dir) throws IOException {
        LimiterResult sharded = limiter(run(dir, TWELVE.replace("duration = 12s", "duration = 6s")), "sharded");

        // requests 0-5 go to shards 3 0 3 0 3 2: shard 3 refuses 4, its third; the exact count accepts all 6
        assertThat(sharded.totals().sent()).isEqualTo(6);
        assertThat(sharded.totals().accepted()).isEqualTo(5);
        assertThat(sharded.exact().accepted()).isEqualTo(6);
        assertThat(sharded.exact().wronglyAccepted()).isZero();
        assertThat(sharded.exact().wronglyRejected()).isEqualTo(1);
        assertThat(sharded.keys().wronglyThrottled()).isEqualTo(1);
    }

    @Test
    void underTheContractEachPlansLimitIsDividedAndTheExactCountJudgesByTheWholeOne(@TempDir Path dir)
            throws IOException {
        RunResult result = run(dir, """
                name = shards-plans
                duration = 12s
                regions = [FRA]
                plans { free { limit = 8, window = 60s }, pro { limit = 80, window = 60s } }
                clients = [ { name = one, key = "k", rate = 1, pops = [FRA], plan = free } ]
                limiters = [
                  { name = sharded, tier = durable-object, shards = 4, placement { policy = fixed, region = FRA } }
                ]
                """);

        // the free key counts 2 per shard: the same requests as with limit = 8
        LimiterResult sharded = limiter(result, "sharded");
        assertThat(sharded.totals().accepted()).isEqualTo(8);
        assertThat(sharded.exact().accepted()).isEqualTo(8);
        assertThat(sharded.exact().wronglyAccepted()).isEqualTo(2);
        assertThat(sharded.exact().wronglyRejected()).isEqualTo(2);
    }

    @Test
    void twoHundredRequestsOverFourShardsOf25LetThroughTheLimitButNotTheSameRequests(@TempDir Path dir)
            throws IOException {
        RunResult result = run(dir, """
                name = shards-100
                duration = 20s
                regions = [FRA]
                clients = [ { name = one, key = "k", rate = 10, pops = [FRA] } ]
                limiters = [
                  { name = sharded, tier = durable-object, limit = 100, window = 60s, shards = 4,
                    placement { policy = fixed, region = FRA } }
                ]
                """);

        // requests 0-199 reach the shards 58, 53, 38 and 51 times: every shard fills its 25, so the key gets its
        // 100, the exact count's 100; but a shard reached often early fills before request 100 and one reached
        // seldom takes requests after it: as many wrongly accepted as wrongly rejected
        LimiterResult sharded = limiter(result, "sharded");
        assertThat(sharded.totals().sent()).isEqualTo(200);
        assertThat(sharded.totals().accepted()).isEqualTo(100);
        assertThat(sharded.exact().accepted()).isEqualTo(100);
        assertThat(sharded.exact().wronglyAccepted()).isPositive()
                .isEqualTo(sharded.exact().wronglyRejected());
    }
}
