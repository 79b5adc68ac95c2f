package io.edgesim.scenario;

import io.edgesim.model.tier.LimiterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The contract (a scenario's top-level {@code plans}) and what may enforce something else: every way a plan could be
 * left uncovered, or a setting could count nothing, is one line naming the setting; a limiter's own plans replace the
 * contract's numbers plan by plan, and a limit-factor scales them.
 */
class ContractErrorsTest {

    private static final String CONTRACT = """
            name = t
            duration = 60s
            regions = [FRA, AMS, SYD]
            plans {
              free { limit = 10, window = 60s }
              pro { limit = 100, window = 60s }
              enterprise { limit = 1000, window = 60s }
            }
            clients = [
              { name = f, key = "f", rate = 1, plan = free }
              { name = e, key = "e", rate = 1, plan = enterprise }
            ]
            """;

    static Stream<Arguments> badContracts() {
        return Stream.of(
                arguments("limiters = [ { name = l, tier = cache, limit = 5 } ]",
                        "limiters[0].limit: the contract (the scenario's plans) gives every key its numbers, so this "
                                + "limit would count nothing; allowed: leave it out; limit-factor or plans on the "
                                + "limiter or the stage to enforce other numbers than the contract's, or contract = "
                                + "off on the limiter"),
                arguments("limiters = [ { name = l, tier = binding, period = 10 } ]",
                        "limiters[0].period: 10s, while the contract counts plan 'free' per 60s; allowed: leave "
                                + "period out (the contract's window), or plans { free { limit } } on the stage or "
                                + "limiter for its own window"),
                arguments("limiters = [ { name = l, tier = cache, window = 10s, limit-factor = 2 } ]",
                        "limiters[0].window: 10s, while the contract counts plan 'free' per 60s; allowed: leave "
                                + "window out (the contract's window), or plans { free { limit } } on the stage or "
                                + "limiter for its own window"),
                arguments("limiters = [ { name = l, tier = durable-object, algorithm = gcra } ]",
                        "limiters[0].plans: limiter 'l' has no rate and burst for plan 'free' (client 'f') in its "
                                + "durable-object (gcra); allowed: plans { free { rate, burst } } in the limiter, its "
                                + "stage or the contract"),
                arguments("limiters = [ { name = w, tier = waf } ]",
                        "limiters[0].period: missing, and the contract's window 60s is not available to WAF rules on "
                                + "Cloudflare's free plan (the rule's plan); allowed: plan = pro or business or "
                                + "enterprise (periods of 60s), or a period the free plan has (10s) with the rule's "
                                + "own plans { NAME { limit } }"),
                arguments("limiters = [ { name = l, tier = cache, limit-factor = 2, plans { free { limit = 3 } } } ]",
                        "limiters[0].limit-factor: beside plans of its own, which replace what it would scale; "
                                + "allowed: limit-factor or plans, not both"),
                arguments("limiters = [ { name = l, tier = cache, limit-factor = 0 } ]",
                        "limiters[0].limit-factor: 0 is too small; allowed: a number greater than 0 and at "
                                + "most 1,000,000"),
                arguments("limiters = [ { name = l, tier = cache, contract = maybe } ]",
                        "limiters[0].contract: 'maybe' is not on or off; allowed: on (count and judge by the "
                                + "scenario's plans) or off (count every key by this limiter's own numbers)"),
                arguments("limiters = [ { name = l, tier = cache, reference { limit = 5 } } ]",
                        "limiters[0].reference.limit: the reference judges by the contract (the scenario's plans), "
                                + "so this limit would count nothing; allowed: algorithm, anchor, count, key"),
                arguments("clients = [ { name = x, key = x, rate = 1 } ]\nlimiters = [ { name = l, tier = cache } ]",
                        "clients[0].plan: missing: the scenario's plans are the customers' contract, and every "
                                + "client is a customer of one; allowed: a plan of the contract: enterprise, free, pro"),
                arguments("client-defaults { plan = fre }\nclients = [ { name = x, key = x, rate = 1 } ]\n"
                                + "limiters = [ { name = l, tier = cache } ]",
                        "client-defaults.plan (applied to clients[0]): 'fre' is not a plan of the contract; allowed: "
                                + "a plan of the contract: enterprise, free, pro"),
                arguments("clients = [ { name = x, key = x, rate = 1, plan = gold } ]\n"
                                + "limiters = [ { name = l, tier = cache } ]",
                        "clients[0].plan: 'gold' is not a plan of the contract; allowed: a plan of the contract: "
                                + "enterprise, free, pro"),
                arguments("plans.gold { limit = 100, window = 10s }\nlimiters = [ { name = l, tier = cache } ]",
                        "plans.gold.window: 10s, while plan 'enterprise' counts in 60s windows; allowed: one window "
                                + "for every plan of the contract"),
                arguments("limiters = [ { name = l, tier = cache, plans { enterprice { limit = 7 } } } ]",
                        "limiters[0].plans: 'enterprice' is not a plan of the contract (the scenario's plans), so no "
                                + "client can have it; allowed: a plan of the contract: enterprise, free, pro"),
                arguments("limiters = [ { name = l, tier = cache, contract = off, limit = 5, window = 60s, "
                                + "plans { gold { limit = 7 } } } ]",
                        "limiters[0].plans: 'gold' is not a plan of the contract (the scenario's plans), so no "
                                + "client can have it; allowed: a plan of the contract: enterprise, free, pro"),
                arguments("limiters = [ { name = l, chain = [ { tier = cache, plans { gold { limit = 7 } } } ] } ]",
                        "limiters[0].chain[0].plans: 'gold' is not a plan of the contract (the scenario's plans), so "
                                + "no client can have it; allowed: a plan of the contract: enterprise, free, pro"),
                arguments("plans.gold { rate = 5 }\nlimiters = [ { name = l, tier = cache } ]",
                        "plans.gold.burst: missing: a contract's plan gives rate and burst together; allowed: rate "
                                + "(tokens per second) and burst (a whole number from 1 to 9e15)"));
    }

    @ParameterizedTest
    @MethodSource("badContracts")
    void aSettingThatWouldCountNothingOrAnUncoveredPlanIsOneLine(String fragment, String expected,
                                                                @TempDir Path dir) {
        // a fragment's clients replace the contract's (a list written twice in one file is refused)
        String base = fragment.contains("clients = [") ? CONTRACT.substring(0, CONTRACT.indexOf("clients = ["))
                : CONTRACT;
        String message = ScenarioFixture.errorOf(dir, base + fragment + "\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": " + expected);
    }

    @Test
    void withoutAContractALimiterThatListsPlansCoversEveryClientPlan(@TempDir Path dir) {
        // the case: enterprise left out of one limiter's plans used to be capped at the limiter's own 100
        String message = ScenarioFixture.errorOf(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = p, key = p, rate = 1, plan = pro }, { name = e, key = e, rate = 1, plan = ent } ]
                limiters = [
                  { name = a, tier = cache, limit = 100, window = 60s, plans { pro { limit = 10 }, ent { limit = 50 } } }
                  { name = b, tier = cache, limit = 100, window = 60s, plans { pro { limit = 10 } } }
                ]
                """);

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": limiters[1].plans: limiter 'b' has no limit for "
                + "plan 'ent' (client 'e') in its cache (fixed-window); allowed: plans { ent { limit } } in the "
                + "limiter, its stage or the contract");
    }

    @Test
    void withoutAContractAChainWhosePlansAreOnItsStagesIsJudgedByItsLastStagesPlans(@TempDir Path dir) {
        // plans on every stage and none on the limiter: the reference takes them from the last stage, as it takes
        // the rest of what the limiter leaves out (it said "no limit for plan 'free' ... in its reference")
        Scenario scenario = ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = a, rate = 1, plan = free }, { name = b, key = b, rate = 2, plan = ent } ]
                limiters = [ { name = b, chain = [
                  { tier = cache, limit = 100, window = 60s, plans { free { limit = 10 }, ent { limit = 100 } } }
                  { tier = durable-object, limit = 100, window = 60s, plans { free { limit = 5 }, ent { limit = 50 } } }
                ] } ]
                """);

        LimiterSpec chain = scenario.limiters().get(0);
        assertThat(chain.reference().forPlan("free").limit()).isEqualTo(5);
        assertThat(chain.reference().forPlan("ent").limit()).isEqualTo(50);
    }

    @Test
    void aLimitFactorWithoutAContractIsOneLine(@TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, limit = 1, "
                + "window = 1s, limit-factor = 2 } ]\n"))
                .isEqualTo(dir.resolve("s.conf") + ": limiters[0].limit-factor: scales the contract, and this "
                        + "limiter counts under none; allowed: a scenario's plans { NAME { limit, window } } to "
                        + "scale, or leave limit-factor out");
    }

    @Test
    void ownPlansReplaceTheContractPlanByPlanAndTheReferenceKeepsTheContract(@TempDir Path dir) {
        Scenario scenario = ScenarioFixture.load(dir, CONTRACT + """
                limiters = [
                  { name = own, tier = cache, plans { enterprise { limit = 500 } } }
                  { name = shield, chain = [ { tier = cache, limit-factor = 2.5 }, { tier = binding } ] }
                ]
                """);

        LimiterSpec own = scenario.limiters().get(0);
        assertThat(own.stages().get(0).algorithm().forPlan("enterprise").limit()).isEqualTo(500);
        assertThat(own.stages().get(0).algorithm().forPlan("free").limit()).isEqualTo(10);
        assertThat(own.reference().forPlan("enterprise").limit()).isEqualTo(1000);
        LimiterSpec shield = scenario.limiters().get(1);
        assertThat(shield.stages().get(0).algorithm().forPlan("free").limit()).isEqualTo(25);
        assertThat(shield.stages().get(0).algorithm().forPlan("pro").limit()).isEqualTo(250);
        assertThat(shield.stages().get(1).algorithm().forPlan("pro").limit()).isEqualTo(100);
        assertThat(shield.stages().get(1).algorithm().windowNanos()).isEqualTo(60_000_000_000L);
        assertThat(shield.reference().forPlan("pro").limit()).isEqualTo(100);
        assertThat(shield.reference().describe()).isEqualTo("per plan free 10, pro 100, enterprise 1000 per 60s");
    }
}
