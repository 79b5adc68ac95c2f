package io.edgesim.engine.virtual;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.edgesim.report.JsonReport;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every run must satisfy, whatever the scenario, checked on result.json of random small valid scenarios
 * ({@link RandomScenarios}): every request sent ends as exactly one outcome, per region and limiter; the totals are
 * the sums of the regions; let through is accepted plus failed open; latency percentiles are ordered; the per-key
 * figures agree with each other; and the same seed gives the same bytes.
 */
class RunInvariantsTest {

    private static final int SCENARIOS = 40;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void randomScenariosKeepEveryInvariantAndGiveTheSameBytesTwice(@TempDir Path dir) throws IOException {
        RandomScenarios scenarios = new RandomScenarios(2026);
        Set<String> tiers = new HashSet<>();
        Set<String> algorithms = new HashSet<>();
        SoftAssertions softly = new SoftAssertions();
        for (int i = 0; i < SCENARIOS; i++) {
            String text = scenarios.next("random-" + i);
            Scenario scenario = ScenarioFixture.load(dir, text);
            String json = JsonReport.render(new VirtualEngine(scenario).run());
            String again = JsonReport.render(new VirtualEngine(scenario).run());
            softly.assertThat(again).as("the same seed twice:%n%s", text).isEqualTo(json);
            for (JsonNode limiter : JSON.readTree(json).get("limiters")) {
                checkLimiter(softly, limiter, text);
                tiers.add(limiter.get("tier").asText());
                algorithms.add(limiter.get("algorithm").asText().split(" ")[0]);
            }
        }
        softly.assertAll();
        assertThat(tiers).as("tiers covered").containsAll(RandomScenarios.TIERS)
                .contains("cache > durable-object");
        assertThat(algorithms).as("algorithms covered").containsAll(RandomScenarios.WINDOWED)
                .containsAll(RandomScenarios.BUCKETS);
    }

    private static void checkLimiter(SoftAssertions softly, JsonNode limiter, String scenario) {
        String name = limiter.get("name").asText() + " (" + limiter.get("tier").asText() + ") of\n" + scenario;
        JsonNode totals = limiter.get("totals");
        long[] sums = new long[5];
        Iterator<Map.Entry<String, JsonNode>> regions = limiter.get("regions").fields();
        while (regions.hasNext()) {
            Map.Entry<String, JsonNode> region = regions.next();
            String where = region.getKey() + " of " + name;
            JsonNode counts = region.getValue();
            checkCounts(softly, counts, where);
            String[] fields = {"sent", "accepted", "rejected", "failed", "failed_open"};
            for (int f = 0; f < fields.length; f++) {
                sums[f] += counts.get(fields[f]).asLong();
            }
            JsonNode latency = counts.get("latency_ms");
            double p50 = latency.get("p50").asDouble();
            double p90 = latency.get("p90").asDouble();
            double p99 = latency.get("p99").asDouble();
            double max = latency.get("max").asDouble();
            softly.assertThat(new double[]{0, p50, p90, p99, max}).as("latency percentiles of " + where).isSorted();
            // every request that ends its chain records its latency once
            softly.assertThat(latency.get("samples").asLong()).as("latency samples of " + where)
                    .isEqualTo(counts.get("sent").asLong());
        }
        checkCounts(softly, totals, "totals of " + name);
        softly.assertThat(new long[]{totals.get("sent").asLong(), totals.get("accepted").asLong(),
                        totals.get("rejected").asLong(), totals.get("failed").asLong(),
                        totals.get("failed_open").asLong()})
                .as("totals = sum of regions, " + name).containsExactly(sums);
        JsonNode keys = limiter.get("keys");
        long seen = keys.get("seen").asLong();
        softly.assertThat(seen).as("keys.seen >= keys.over_limit, " + name)
                .isGreaterThanOrEqualTo(keys.get("over_limit").asLong());
        softly.assertThat(seen).as("keys.seen >= keys.wrongly_throttled, " + name)
                .isGreaterThanOrEqualTo(keys.get("wrongly_throttled").asLong());
        if (totals.get("sent").asLong() == 0) {
            softly.assertThat(seen).as("no key seen without requests, " + name).isZero();
        } else {
            softly.assertThat(seen).as("a key seen when requests were, " + name).isPositive();
        }
        JsonNode ratio = keys.get("let_through_ratio");
        softly.assertThat(new double[]{0, ratio.get("p50").asDouble(), ratio.get("p90").asDouble(),
                ratio.get("p99").asDouble(), ratio.get("max").asDouble()})
                .as("keys.let_through_ratio ordered, " + name).isSorted();
        double[] byPercent = new double[101];
        for (int p = 0; p < byPercent.length; p++) {
            byPercent[p] = keys.get("ratio_by_percent").get(p).asDouble();
        }
        softly.assertThat(byPercent).as("keys.ratio_by_percent ordered, " + name).isSorted();
        softly.assertThat(byPercent[100]).as("keys.ratio_by_percent ends at the max, " + name)
                .isEqualTo(ratio.get("max").asDouble());
    }

    private static void checkCounts(SoftAssertions softly, JsonNode counts, String where) {
        long sent = counts.get("sent").asLong();
        long accepted = counts.get("accepted").asLong();
        long rejected = counts.get("rejected").asLong();
        long failed = counts.get("failed").asLong();
        long failedOpen = counts.get("failed_open").asLong();
        softly.assertThat(accepted + rejected + failed).as("accepted + rejected + failed = sent, " + where)
                .isEqualTo(sent);
        softly.assertThat(counts.get("let_through").asLong()).as("let_through = accepted + failed_open, " + where)
                .isEqualTo(accepted + failedOpen);
        softly.assertThat(failedOpen).as("failed_open within failed, " + where).isBetween(0L, failed);
        softly.assertThat(Math.min(accepted, Math.min(rejected, failed))).as("no negative count, " + where)
                .isNotNegative();
    }
}
