package io.edgesim.cli;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioWarnings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a swept setting changes anything, and the one line that says so when it does not.
 * <ul>
 *   <li>After the runs ({@link #sweepLine}): the results are the same when every run measured the same numbers:
 *       each limiter's counts in total, per region and over time, its latency percentiles per region, its refusals
 *       per stage, Retry-After figures, tier statistics, comparison with the exact count, multiplication, per-window
 *       and per-key figures and cost, what each fault did, and with replications their intervals. The limiters'
 *       descriptions ("100 per 60s") and the sample 429 response, which show the settings themselves, are left
 *       out.</li>
 *   <li>Before any run ({@link #overridden}, which {@code validate} asks about the sweep a scenario declares): a
 *       setting of a limiter that the plans replace for every client the limiter sees. The scenarios loaded at each
 *       value are compared by the numbers each limiter counts each client's keys with (its plan's when the limiter
 *       lists it, else its own) and by everything else in the limiters; a difference anywhere else means the
 *       setting may count, and nothing is said.</li>
 * </ul>
 */
final class SweepEffect {

    private SweepEffect() {
    }

    /**
     * What sweep.md says after its table (the console prints it too): {@link #sweepLine}, then each note the
     * scenarios loaded at the values have ({@link ScenarioWarnings}: "note: SETTING: TEXT", with the values it holds
     * at when not all), each once, as paragraphs; null when there is nothing to say.
     */
    static String note(String path, List<String> values, List<Scenario> scenarios, List<RunResult> runs) {
        List<String> paragraphs = new ArrayList<>();
        String unchanged = sweepLine(path, scenarios, runs);
        if (unchanged != null) {
            paragraphs.add(unchanged);
        }
        Map<String, List<String>> at = new LinkedHashMap<>();
        for (int i = 0; i < scenarios.size(); i++) {
            String value = values.get(i);
            ScenarioWarnings.of(scenarios.get(i)).forEach((setting, text) ->
                    at.computeIfAbsent(setting + ": " + text, k -> new ArrayList<>()).add(value));
        }
        at.forEach((note, where) -> paragraphs.add("note: " + note + (where.size() == values.size() ? ""
                : " (at " + path + " = " + String.join(", ", where) + ")")));
        return paragraphs.isEmpty() ? null : String.join("\n\n", paragraphs);
    }

    /**
     * "sweep: PATH changed no run: every value gave the same results (why)" when every run of {@code runs} measured
     * the same numbers (the why when {@link #overridden} can tell it from {@code scenarios}), else null.
     */
    static String sweepLine(String path, List<Scenario> scenarios, List<RunResult> runs) {
        if (runs.size() < 2 || !runs.stream().map(SweepEffect::figures).allMatch(figures(runs.get(0))::equals)) {
            return null;
        }
        String why = overridden(path, scenarios);
        return "sweep: " + path + " changed no run: every value gave the same results" + (why == null ? ""
                : " (" + why + ")");
    }

    /**
     * Why the setting at {@code path}, loaded at each value into {@code scenarios}, cannot change a run: "the plans
     * of limiter X replace it for every client it sees", "no client of limiter X has the plan it sets"; null when
     * it may change one (or this cannot tell).
     */
    static String overridden(String path, List<Scenario> scenarios) {
        if (!path.startsWith("limiters.") || scenarios.size() < 2) {
            // a setting elsewhere changes the traffic, the regions or the prices: only a run can tell
            return null;
        }
        Scenario first = scenarios.get(0);
        String why = null;
        for (Scenario other : scenarios.subList(1, scenarios.size())) {
            if (other.limiters().size() != first.limiters().size()) {
                return null;
            }
            for (int i = 0; i < first.limiters().size(); i++) {
                LimiterSpec a = first.limiters().get(i);
                LimiterSpec b = other.limiters().get(i);
                if (a.equals(b)) {
                    continue;
                }
                if (!counted(a, first.clients()).equals(counted(b, other.clients()))) {
                    return null;
                }
                why = withoutPlans(a).equals(withoutPlans(b))
                        ? "no client of limiter " + a.name() + " has the plan it sets"
                        : "the plans of limiter " + a.name() + " replace it for every client it sees";
            }
        }
        return why;
    }

    /** What a run of a limiter depends on: the limiter with each algorithm as the numbers its clients' keys get. */
    private static List<Object> counted(LimiterSpec limiter, List<ClientSpec> clients) {
        Set<String> plans = new LinkedHashSet<>();
        for (ClientSpec client : clients) {
            if (limiter.clients().isEmpty() || limiter.clients().contains(client.name())) {
                plans.add(client.plan());
            }
        }
        List<Object> out = new ArrayList<>(List.of(limiter.name(), limiter.clients(), limiter.referenceKey(),
                numbers(limiter.reference(), plans)));
        for (StageSpec stage : limiter.stages()) {
            out.add(List.of(stage.tier(), stage.key(), numbers(stage.algorithm(), plans)));
        }
        return out;
    }

    // the specs keys of these plans (null: none) are counted with, and how long a counter's state is kept, which
    // takes every plan's into account
    private static List<Object> numbers(AlgorithmSpec spec, Set<String> plans) {
        List<Object> out = new ArrayList<>();
        for (String plan : plans) {
            out.add(spec.forPlan(plan));
        }
        out.add(spec.stateLifetimeNanos());
        return out;
    }

    private static List<AlgorithmSpec> withoutPlans(LimiterSpec limiter) {
        List<AlgorithmSpec> out = new ArrayList<>(List.of(limiter.reference().withPlans(Map.of())));
        limiter.stages().forEach(s -> out.add(s.algorithm().withPlans(Map.of())));
        return out;
    }

    /** The numbers a run measured (see the class comment), comparable with equals. */
    private static List<Object> figures(RunResult run) {
        List<Object> out = new ArrayList<>(List.of(run.faults(), run.replications()));
        for (LimiterResult l : run.limiters()) {
            out.add(List.of(l.totals(), l.regions(), l.rejectedBy(), l.retryAfter(), l.stageStats(), l.exact(),
                    l.multiplication(), l.perWindow(), l.keys(), l.cost(), l.timeline()));
        }
        return out;
    }
}
