package io.edgesim.cli;

import io.edgesim.model.tier.TierKind;
import io.edgesim.result.Figure;
import io.edgesim.result.RunFigures;
import io.edgesim.result.Threshold;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The --fail-if flag of `run` and `sweep`: thresholds on a run's figures, read against the scenario before anything
 * runs, so that a name that is not in it is one line of bad input. The grammar:
 * <pre>
 * LIMITER.FIGURE[.REGION | .plan:PLAN][.mean | .lower | .upper] OP NUMBER[UNIT]
 * </pre>
 * FIGURE is a name result.json uses for the figure ({@link RunFigures}): a whole-run one without REGION or plan, a
 * per-region one (sent, let_through, latency_p50_ms, latency_p90_ms, latency_p99_ms) with a REGION, a per-plan one
 * with plan:PLAN. OP is one of {@code < <= > >= == !=}; UNIT is ms or s for a latency, % for a share, x for a
 * multiplication or worst key, or none (the figure's own unit: milliseconds, a fraction, a ratio). mean, lower and
 * upper name the mean over the replications and the ends of its 95 % interval, and need --replications.
 */
final class FailIf {

    static final String GRAMMAR = "LIMITER.FIGURE[.REGION|.plan:PLAN][.mean|.lower|.upper] OP NUMBER[ms|s|%|x], "
            + "OP one of < <= > >= == !=, e.g. durable-object.latency_p99_ms.SYD < 300ms";

    private static final List<String> OPERATORS = List.of("<", "<=", ">", ">=", "==", "!=");
    // the first run of comparison characters: one of OPERATORS, or a mistake such as =< or =
    private static final Pattern OPERATOR = Pattern.compile("[<>=!]+");
    private static final Pattern COMPARISON = Pattern.compile("^\\s*(.+?)\\s*(<=|>=|==|!=|<|>)\\s*(.*?)\\s*$");
    private static final Pattern NUMBER = Pattern.compile(
            "^([-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\\s*(ms|s|%|x)?$");
    private static final String PLAN = "plan:";

    private FailIf() {
    }

    /**
     * The thresholds {@code expressions} name, checked against {@code scenario}'s limiters, regions and plans;
     * {@code replicated} says whether --replications is given (an interval's bound needs it).
     */
    static List<Threshold> parse(List<String> expressions, Scenario scenario, boolean replicated) {
        return parse(expressions, List.of(scenario), replicated);
    }

    /**
     * The thresholds {@code expressions} name, read against every run of a sweep ({@code scenarios}, one per value):
     * a limiter, region or plan may be named when some value has it (a sweep of {@code limiters} may name a limiter
     * of one value only; at the others the threshold has no value and fails).
     */
    static List<Threshold> parse(List<String> expressions, List<Scenario> scenarios, boolean replicated) {
        List<Threshold> out = new ArrayList<>();
        if (expressions == null) {
            return out;
        }
        Set<String> limiters = new LinkedHashSet<>();
        Set<String> withObjects = new LinkedHashSet<>();
        // the limiters that count by plans (the contract, or plans of their own): those with per-plan figures
        Set<String> withPlans = new LinkedHashSet<>();
        Set<String> regions = new LinkedHashSet<>();
        Set<String> plans = new LinkedHashSet<>();
        for (Scenario scenario : scenarios) {
            scenario.limiters().forEach(l -> limiters.add(l.name()));
            // the limiters whose hot objects are measured (hot_objects, ...): those with a durable-object stage
            scenario.limiters().stream().filter(l -> l.stages().stream()
                            .anyMatch(stage -> stage.kind() == TierKind.DURABLE_OBJECT))
                    .forEach(l -> withObjects.add(l.name()));
            scenario.limiters().stream().filter(l -> !l.plans().isEmpty()).forEach(l -> withPlans.add(l.name()));
            regions.addAll(scenario.pops());
            scenario.clients().stream().map(ClientSpec::plan).filter(Objects::nonNull).forEach(plans::add);
        }
        for (String expression : expressions) {
            out.add(new Reading(expression, List.copyOf(limiters), List.copyOf(withObjects), List.copyOf(withPlans),
                    List.copyOf(regions), List.copyOf(plans)).threshold(replicated));
        }
        return out;
    }

    /** One expression being read, with what its names may be. */
    private record Reading(String expression, List<String> limiters, List<String> withObjects,
                           List<String> withPlans, List<String> regions, List<String> plans) {

        Threshold threshold(boolean replicated) {
            Matcher operator = OPERATOR.matcher(expression);
            if (operator.find() && !OPERATORS.contains(operator.group())) {
                throw bad("'" + operator.group() + "' is not a comparison", String.join(" ", OPERATORS));
            }
            Matcher m = COMPARISON.matcher(expression);
            if (!m.matches()) {
                throw bad("no comparison", GRAMMAR);
            }
            String left = m.group(1);
            Threshold.Op op = Arrays.stream(Threshold.Op.values()).filter(o -> o.symbol().equals(m.group(2)))
                    .findFirst().orElseThrow();
            // the longest limiter name the left side starts with: a limiter's name may hold a dot
            String limiter = limiters.stream().filter(l -> left.startsWith(l + "."))
                    .max(Comparator.comparingInt(String::length)).orElse(null);
            if (limiter == null) {
                String written = left.contains(".") ? left.substring(0, left.indexOf('.')) : left;
                throw bad("'" + written + "' is not a limiter of the scenario", String.join(", ", limiters)
                        + InputException.didYouMean(written, limiters));
            }
            List<String> parts = new ArrayList<>(Arrays.asList(left.substring(limiter.length() + 1).split("\\.", -1)));
            String name = parts.remove(0);
            if (!RunFigures.MEASURES.containsKey(name)) {
                throw bad("'" + name + "' is not a figure", String.join(", ", RunFigures.MEASURES.keySet().stream()
                        .sorted().toList()) + InputException.didYouMean(name, RunFigures.MEASURES.keySet()));
            }
            Threshold.Bound bound = Threshold.Bound.VALUE;
            String last = parts.isEmpty() ? null : parts.get(parts.size() - 1);
            for (Threshold.Bound b : Threshold.Bound.NAMED) {
                if (b.word().equals(last)) {
                    bound = b;
                    parts.remove(parts.size() - 1);
                }
            }
            if (bound != Threshold.Bound.VALUE && !replicated) {
                throw bad("." + bound.word() + " reads the replications' interval, and there are none",
                        "add --replications N, or leave ." + bound.word() + " out to read the run's value");
            }
            if (replicated && bound == Threshold.Bound.VALUE) {
                // with replications a figure without a bound reads the mean, and result.json says so
                bound = Threshold.Bound.MEAN;
            }
            // a plan's name may hold a dot: everything after plan: is its name
            String place = String.join(".", parts);
            String region = "";
            String plan = "";
            if (place.startsWith(PLAN)) {
                plan = place.substring(PLAN.length());
                if (!plans.contains(plan)) {
                    throw bad("'" + plan + "' is not a plan of the scenario's clients", plans.isEmpty()
                            ? "no plan: the scenario's clients have none" : String.join(", ", plans)
                            + InputException.didYouMean(plan, plans));
                }
                if (!withPlans.contains(limiter)) {
                    throw bad("limiter " + limiter + " counts every key by its own numbers, not by plans: it has no "
                            + "per-plan figures", withPlans.isEmpty() ? "no limiter of this scenario counts by plans"
                            : "a plan of a limiter that counts by them: " + String.join(", ", withPlans));
                }
            } else if (parts.size() > 1) {
                throw bad("names " + String.join(" and ", parts) + ": a figure is read in one region or one plan",
                        GRAMMAR);
            } else if (!place.isEmpty() && !regions.contains(place)) {
                List<String> words = new ArrayList<>(regions);
                Threshold.Bound.NAMED.forEach(b -> words.add(b.word()));
                throw bad("'" + place + "' is not a region of the scenario nor a bound", "a region ("
                        + String.join(", ", regions) + "), plan:PLAN, mean, lower or upper"
                        + InputException.didYouMean(place, words));
            } else {
                region = place;
            }
            checkMeasuredThere(name, limiter, region, plan);
            double limit = limit(m.group(3), name);
            if (Double.isInfinite(limit)) {
                // 1e308s: a number, but not once in milliseconds
                throw bad("'" + m.group(3) + "' is too large for a number (the largest is about 1.8e308)",
                        "a smaller number");
            }
            return new Threshold(expression.strip(), new Figure(limiter, region, plan, "", name), bound, op, limit);
        }

        private void checkMeasuredThere(String name, String limiter, String region, String plan) {
            List<String> here;
            String where;
            if (!region.isEmpty()) {
                here = names(RunFigures.REGION);
                where = "in a region";
            } else if (!plan.isEmpty()) {
                here = names(RunFigures.PLAN);
                where = "for a plan";
            } else {
                here = new ArrayList<>(names(RunFigures.LIMITER));
                where = "over the whole run";
                if (names(RunFigures.HOT).contains(name) && !withObjects.contains(limiter)) {
                    throw bad(name + " is measured for a limiter with a durable-object stage, and " + limiter
                            + " has none", withObjects.isEmpty() ? "no limiter of this scenario has one"
                            : "the limiters " + String.join(", ", withObjects));
                }
                if (withObjects.contains(limiter)) {
                    here.addAll(names(RunFigures.HOT));
                }
            }
            if (here.contains(name)) {
                return;
            }
            List<String> elsewhere = new ArrayList<>();
            if (names(RunFigures.REGION).contains(name)) {
                elsewhere.add(limiter + "." + name + ".REGION");
            }
            if (names(RunFigures.PLAN).contains(name)) {
                elsewhere.add(limiter + "." + name + ".plan:PLAN");
            }
            if (names(RunFigures.LIMITER).contains(name)) {
                elsewhere.add(limiter + "." + name);
            }
            throw bad(name + " is not measured " + where, elsewhere.isEmpty()
                    ? "figures measured " + where + ": " + String.join(", ", here) : String.join(" or ", elsewhere));
        }

        // the limit in the figure's unit: a latency in ms, a share as a fraction
        private double limit(String written, String name) {
            Matcher m = NUMBER.matcher(written);
            String unit = RunFigures.unit(name).strip();
            boolean share = name.endsWith("_share");
            String allowed = "a number" + (share ? " (a fraction) or a percentage, e.g. 0.01 or 1%"
                    : unit.equals("ms") ? " of milliseconds, or with ms or s, e.g. 300ms or 0.3s"
                    : unit.equals("x") ? ", with or without x, e.g. 1.5x" : ", without a unit, e.g. 100");
            if (!m.matches()) {
                throw bad("'" + written + "' is not a limit", allowed);
            }
            double value = Double.parseDouble(m.group(1));
            String given = m.group(2);
            if (Double.isInfinite(value)) {
                throw bad("'" + written + "' is too large for a number (the largest is about 1.8e308)", allowed);
            }
            if (value < 0 && !share) {
                // no figure is below 0: such a threshold would hold or fail whatever the run
                throw bad("'" + written + "' is below 0, and " + name + " never is", allowed);
            }
            if (share) {
                // a share is at most 1 (100 %): 50 meant 50 % would hold or fail whatever the run
                double fraction = "%".equals(given) ? value / 100 : value;
                if (given == null || given.equals("%")) {
                    if (fraction < 0) {
                        throw bad("'" + written + "' is below 0, and a share is at least that", "a fraction from 0 "
                                + "to 1, or a percentage from 0% to 100%, e.g. 0.01 or 1%");
                    }
                    if (fraction > 1) {
                        throw bad("'" + written + "' is above " + (given == null ? "1" : "100%") + ", and a share "
                                + "is at most that" + (given == null ? " (without %, a share is a fraction)" : ""),
                                "a fraction from 0 to 1, or a percentage from 0% to 100%, e.g. 0.01 or 1%");
                    }
                    return fraction;
                }
            }
            if (given == null) {
                return value;
            }
            if (given.equals("ms") && unit.equals("ms")) {
                return value;
            }
            if (given.equals("s") && unit.equals("ms")) {
                return value * 1000;
            }
            if (given.equals("x") && unit.equals("x")) {
                return value;
            }
            throw bad("'" + written + "': " + name + " is not measured in " + given, allowed);
        }

        private InputException bad(String problem, String allowed) {
            return new InputException("--fail-if: '" + expression + "': " + problem + "; allowed: " + allowed);
        }
    }

    private static List<String> names(List<? extends RunFigures.Measure<?>> measures) {
        return measures.stream().map(RunFigures.Measure::name).toList();
    }
}
