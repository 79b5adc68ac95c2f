package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.Collectors;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/daily-quota.conf: five per visitor per day, keyed on anon-token+ip, on a Durable Object per visitor. */
class DailyQuotaScenarioTest {

    private static final long QUOTA = 5;
    private static final String OFFICE_IP = "203.0.113.7";

    private final Scenario scenario = ShippedScenarios.load("daily-quota");
    private final RecordedDecisions decisions = new RecordedDecisions();
    private final RunResult result = ShippedScenarios.run(scenario, decisions);

    private long visitors() {
        return scenario.clients().stream().mapToLong(c -> ((ClientSpec.Population) c).count()).sum();
    }

    /** Accepted requests per key (anon-token|ip) over the day. */
    private Map<String, Long> acceptedPerVisitor() {
        return decisions.of("daily-quota").stream().filter(RecordedDecisions.Decision::accepted)
                .collect(Collectors.groupingBy(RecordedDecisions.Decision::key, Collectors.counting()));
    }

    @Test
    void everyVisitorGetsExactlyFiveThatDay() {
        LimiterResult quota = limiter(result, "daily-quota");
        Map<String, Long> perVisitor = acceptedPerVisitor();

        assertThat(perVisitor).hasSize((int) visitors());
        assertThat(perVisitor.values()).containsOnly(QUOTA);
        assertThat(quota.totals().accepted()).isEqualTo(QUOTA * visitors());
        assertThat(quota.exact().wronglyAccepted() + quota.exact().wronglyRejected()).isZero();
    }

    @Test
    void colleaguesBehindOneNatAreToldApartByTheirTokens() {
        Map<String, Long> office = acceptedPerVisitor().entrySet().stream()
                .filter(e -> e.getKey().endsWith("|" + OFFICE_IP))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));

        assertThat(office).hasSize(20);
        assertThat(office.values()).containsOnly(QUOTA);
    }

    @Test
    void eachVisitorHasAnObjectOfTheirOwn() {
        assertThat(limiter(result, "daily-quota").stageStats().get("0:durable-object").get("objects"))
                .isEqualTo(visitors());
    }
}
