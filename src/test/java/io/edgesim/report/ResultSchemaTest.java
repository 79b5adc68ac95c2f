package io.edgesim.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.edgesim.engine.virtual.ParallelRuns;
import io.edgesim.result.Figure;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import io.edgesim.result.DecisionListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/result.schema.json is what result.json holds: every shipped report's result.json, a fresh run's with
 * replications and thresholds, validate against it; a result.json missing a field, with a field of another type or
 * of another schema_version does not.
 */
class ResultSchemaTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Schema SCHEMA = schema();

    @TempDir
    Path dir;

    private static Schema schema() {
        try (InputStream in = Files.newInputStream(Path.of("docs", "result.schema.json"))) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> errors(JsonNode json) {
        return SCHEMA.validate(json).stream().map(Error::toString).toList();
    }

    @Test
    void everyShippedReportsResultJsonFollowsTheSchema() throws IOException {
        List<Path> files;
        try (Stream<Path> reports = Files.list(Path.of("reports"))) {
            files = reports.map(r -> r.resolve("result.json")).filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(files).as("shipped result.json files").hasSizeGreaterThan(10);
        for (Path file : files) {
            assertThat(errors(MAPPER.readTree(file.toFile()))).as(file.toString()).isEmpty();
        }
    }

    @Test
    void aRunWithReplicationsAndThresholdsFollowsTheSchema() throws IOException {
        JsonNode json = MAPPER.readTree(JsonReport.render(replicatedWithThresholds()));

        assertThat(json.get("schema_version").asInt()).isEqualTo(JsonReport.SCHEMA_VERSION);
        assertThat(json.get("replications").get("figures").size()).isPositive();
        assertThat(json.get("thresholds").size()).isEqualTo(2);
        assertThat(errors(json)).isEmpty();
    }

    @Test
    void aBrokenResultFailsValidation() throws IOException {
        JsonNode good = MAPPER.readTree(JsonReport.render(replicatedWithThresholds()));

        ObjectNode noLimiters = good.deepCopy();
        noLimiters.remove("limiters");
        ObjectNode seedAsText = good.deepCopy();
        seedAsText.put("seed", "7");
        ObjectNode nextVersion = good.deepCopy();
        nextVersion.put("schema_version", 2);
        ObjectNode countAsText = good.deepCopy();
        ((ObjectNode) countAsText.get("limiters").get(0).get("totals")).put("sent", "300");
        ObjectNode thresholdWithoutOutcome = good.deepCopy();
        ((ObjectNode) thresholdWithoutOutcome.get("thresholds").get(0)).remove("passed");
        ObjectNode intervalWithoutEnds = good.deepCopy();
        ((ObjectNode) intervalWithoutEnds.get("replications").get("figures").get(0)).remove("ci95_high");

        assertThat(errors(noLimiters)).singleElement().asString().contains("limiters");
        assertThat(errors(seedAsText)).singleElement().asString().contains("seed");
        assertThat(errors(nextVersion)).singleElement().asString().contains("schema_version");
        assertThat(errors(countAsText)).singleElement().asString().contains("sent");
        assertThat(errors(thresholdWithoutOutcome)).singleElement().asString().contains("passed");
        assertThat(errors(intervalWithoutEnds)).isNotEmpty().anySatisfy(e -> assertThat(e).contains("ci95_high"));
    }

    private RunResult replicatedWithThresholds() throws IOException {
        Path file = dir.resolve("schema.conf");
        Files.writeString(file, """
                name = schema
                duration = 20s
                seed = 3
                regions = [FRA, SYD]
                clients = [ { name = api, key = "user-{i}", count = 5, rate = 2, pops { FRA = 1, SYD = 1 } } ]
                limiters = [
                  { name = local, tier = cache, limit = 10, window = 10s, key = api-key }
                  { name = exact, tier = durable-object, limit = 10, window = 10s, key = api-key,
                    placement { policy = fixed, region = FRA } }
                ]
                """);
        Scenario scenario = ScenarioLoader.load(file, Path.of("regions.conf"));
        RunResult run = ParallelRuns.replicated(scenario, 3, DecisionListener.NONE, 1);
        List<Threshold> thresholds = List.of(
                new Threshold("exact.latency_p99_ms.SYD.upper < 300ms", new Figure("exact", "SYD", "", "",
                        "latency_p99_ms"), Threshold.Bound.UPPER, Threshold.Op.LT, 300),
                new Threshold("local.multiplication < 1.5", Figure.whole("local", "multiplication"),
                        Threshold.Bound.VALUE, Threshold.Op.LT, 1.5));
        return run.withThresholds(Threshold.check(thresholds, run));
    }
}
