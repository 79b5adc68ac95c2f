package io.edgesim.report;

import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;

import java.util.List;

/**
 * How reports say a threshold's outcome (--fail-if): "durable-object.latency_p99_ms.SYD < 300ms: held (251.5 ms)",
 * "FAILED (no value: exact has no latency sample in SYD)". One line per threshold, on the console, in report.md and in a
 * sweep's sweep.md.
 */
public final class ThresholdText {

    private ThresholdText() {
    }

    /** "EXPR: held (251.5 ms, the mean over 3 runs)" or "EXPR: FAILED (...)". */
    public static String line(Threshold.Outcome outcome, RunResult run) {
        return outcome.threshold().expression() + ": " + verdict(outcome, run);
    }

    /** "held (251.5 ms, the mean over 3 runs)" or "FAILED (...)". */
    static String verdict(Threshold.Outcome outcome, RunResult run) {
        return (outcome.passed() ? "held" : "FAILED") + " (" + read(outcome, run) + ")";
    }

    /**
     * "threshold failed: EXPR: durable-object latency p99 in SYD was 312.4 ms, the mean over 3 runs"; {@code at}
     * names the sweep's value after "failed" (" at limiters.local.limit = 200"), or is "".
     */
    public static String failure(Threshold.Outcome outcome, RunResult run, String at) {
        String read = read(outcome, run);
        return "threshold failed" + at + ": " + outcome.threshold().expression() + ": "
                + outcome.threshold().figure().describe() + (Double.isNaN(outcome.value()) ? " had " : " was ")
                + read;
    }

    /** The console's block: one line per threshold; "" when there are none. */
    static String console(RunResult run) {
        List<Threshold.Outcome> outcomes = run.thresholds();
        if (outcomes.isEmpty()) {
            return "";
        }
        long held = outcomes.stream().filter(Threshold.Outcome::passed).count();
        StringBuilder out = new StringBuilder("thresholds (--fail-if): " + held + " of " + outcomes.size()
                + " held\n");
        outcomes.forEach(o -> out.append(line(o, run)).append('\n'));
        return out.toString();
    }

    // the value read and which value it is
    private static String read(Threshold.Outcome outcome, RunResult run) {
        Threshold t = outcome.threshold();
        if (Double.isNaN(outcome.value())) {
            String limiter = t.figure().limiter();
            // a sweep of limiters may name a limiter that one value's run does not have
            if (run.limiters().stream().noneMatch(l -> l.name().equals(limiter))) {
                return "no value: the run has no limiter " + limiter;
            }
            String name = t.figure().name();
            String region = t.figure().region();
            // the figures a run can lack, with why
            return name.equals("multiplication") ? "no value: the exact count accepted nothing, so the "
                    + "multiplication is undefined"
                    : !region.isEmpty() && !run.regions().contains(region) ? "no value: the run has no region "
                    + region
                    : name.startsWith("latency_") && !region.isEmpty() ? "no value: " + limiter + " has no latency "
                    + "sample in " + region
                    : !t.figure().plan().isEmpty() ? "no value: no key of plan " + t.figure().plan() + " sent "
                    + limiter + " a request"
                    : "no value: the run has no such figure";
        }
        String value = value(t.figure().name(), outcome.value(), t.limit());
        int n = run.replications().map(r -> r.n()).orElse(0);
        return value + switch (t.bound()) {
            case VALUE, MEAN -> n == 0 ? "" : ", the mean over " + n + (n == 1 ? " run" : " runs");
            case LOWER -> ", the low end of the 95 % interval over " + n + " runs";
            case UPPER -> ", the high end of the 95 % interval over " + n + " runs";
        };
    }

    /**
     * {@link #value(String, double)}, with more decimals where that would print the threshold's own number although
     * the value is not it: "held (1.04545%)" for a value of 1.04545 % against "< 1.0455%", not "held (1.0455%)";
     * "FAILED (7.217 ms)" for a latency of 7.217 ms against "== 7.22ms", not "FAILED (7.22 ms)".
     */
    static String value(String name, double value, double limit) {
        String shown = value(name, value);
        if (value == limit) {
            return shown;
        }
        double scale = name.endsWith("_share") ? 100 : 1;
        for (int decimals = 5; decimals <= 12 && shown.equals(value(name, limit)); decimals++) {
            shown = (name.equals("usd_per_month") ? "$" : "") + Numbers.upTo(scale * value, decimals)
                    + (name.endsWith("_share") ? "%" : name.equals("usd_per_month") ? "" : RunFigures.unit(name));
        }
        return shown;
    }

    /** One value of the figure {@code name} with its unit: "251.5 ms", "1.20%", "3.00x", "166", "$8.6342". */
    static String value(String name, double value) {
        if (name.endsWith("_share")) {
            return Numbers.upTo(100 * value, 4) + "%";
        }
        if (name.equals("usd_per_month")) {
            return "$" + Numbers.upTo(value, 4);
        }
        String unit = RunFigures.unit(name);
        return unit.equals(" ms") ? Numbers.ms(value) + " ms" : Numbers.upTo(value, 4) + unit;
    }
}
