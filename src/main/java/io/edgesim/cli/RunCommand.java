package io.edgesim.cli;

import io.edgesim.engine.cluster.ClusterEngine;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.engine.virtual.ParallelRuns;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.report.ConsoleReport;
import io.edgesim.report.DecisionsCsv;
import io.edgesim.report.ReportWriter;
import io.edgesim.report.StagedOutput;
import io.edgesim.report.ThresholdText;
import io.edgesim.result.ClusterRun;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioWarnings;
import io.edgesim.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * `edgesim run SCENARIO`: runs a scenario on the virtual or the cluster engine, prints a table per limiter and writes
 * the report folder. A cluster run draws a progress bar on a terminal and prints how late its deadlines were met;
 * a virtual run with --replications also runs the following seeds and adds their means and intervals.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs a scenario and writes DIR/result.json, DIR/report.md and DIR/by-region.csv.")
final class RunCommand implements Callable<Integer> {

    // below, a second of scenario time takes over a quarter of an hour; above, a real millisecond of lateness in
    // delivering a message is a second of scenario time
    private static final double MIN_SPEED = 0.001;
    private static final double MAX_SPEED = 1000;
    private static final int MAX_MEMBERS = ClusterSettings.MAX_MEMBERS;
    private static final double MAX_TOLERANCE_MS = 60_000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ScenarioInput input;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "virtual",
            description = "virtual (deterministic, virtual time) or cluster (Pekko cluster, real time). "
                    + "Default: ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--speed", paramLabel = "X",
            description = "Cluster engine only: scenario time runs X times as fast as real time (every duration, "
                    + "window, latency and TTL takes 1/X of its time; reports stay in scenario time). A number "
                    + "from 0.001 to 1000. Default: 1. Messages are handled a median ~0.1 ms after their deadline, "
                    + "with tails of milliseconds that grow with the request rate; X multiplies that error in "
                    + "scenario time. Use a value below 1 for scenarios beyond ~2,000 requests a second.")
    String speed;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed; overrides the scenario's.")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Report folder. Default: reports/<scenario name>/ "
            + "(virtual engine), reports/<scenario name>-cluster/ (cluster engine).")
    Path out;

    @Option(names = "--lateness-tolerance", paramLabel = "MS",
            description = "Cluster engine only: the largest p99 of how late (ms of scenario time) messages carrying "
                    + "an injected latency may be handled before the run's latency figures are flagged as not "
                    + "faithful. A number from 0 to 60000. Default: 5 %% of the smallest injected one-way delay or "
                    + "2 ms, whichever is larger.")
    String latenessTolerance;

    private static final String DECISIONS_ALLOWED = "; allowed: a file in a folder that exists or can be created, "
            + "and can be written";

    @Option(names = "--decisions", paramLabel = "FILE",
            description = "Also write one CSV row per request per limiter to FILE (with --replications, of the run "
                    + "at the scenario's seed). A named pipe, a device or /dev/stdout is written as a stream; with "
                    + "/dev/stdout the table goes to standard error, e.g. --decisions /dev/stdout | gzip > d.csv.gz.")
    Path decisions;

    // the members a cluster run in this process starts (--members or its default), 0 otherwise
    private int memberCount;

    // standard output carries the decisions: what the run prints goes to standard error
    private boolean decisionsOnStandardOutput;

    // the thresholds of --fail-if, read against the scenario before the run
    private List<Threshold> thresholds = List.of();

    @Option(names = "--replications", paramLabel = "N",
            description = "Virtual engine only: also run seeds seed+1 .. seed+N-1, in parallel on all cores, and "
                    + "add the mean and 95 %% interval of each limiter's figures over the N runs to the report (the "
                    + "rest of the report is the run at the scenario's seed). A whole number from "
                    + Replicas.MIN + " to " + Replicas.MAX + ".")
    String replications;

    @Option(names = "--join", paramLabel = "HOST:PORT",
            description = "Cluster engine only: run on the cluster of running `edgesim node` processes, joined "
                    + "through the node at HOST:PORT: each PoP and object home runs on the node that holds its "
                    + "region (--roles), the others in this process, which feeds the traffic and writes the "
                    + "report. The nodes stay up for the next run.")
    String join;

    @Option(names = "--members", paramLabel = "N",
            description = "Cluster engine only, without --join: the cluster members this process starts for the "
                    + "run's regions (its PoPs, then its object homes), region i on member i mod N; each PoP keeps "
                    + "its own PoP actor and each object stays on the member of its home region. A whole number "
                    + "from 1 to " + MAX_MEMBERS + " (more do not form in time on a small machine: run node "
                    + "processes and --join instead); with fewer regions, one member per region. Default: "
                    + "edgesim.cluster.members (8). A scenario with a kv stage runs on 1 member (its store is one "
                    + "object in one member's memory).")
    String members;

    @CommandLine.Mixin
    TlsOptions tls;

    @Option(names = "--fail-if", paramLabel = "EXPR",
            description = "A threshold on a figure of the run, e.g. 'durable-object.latency_p99_ms.SYD < 300ms' or "
                    + "'per-location.keys_over_limit_share < 1%%' (repeatable): "
                    + "LIMITER.FIGURE[.REGION|.plan:PLAN][.mean|.lower|.upper] OP NUMBER[ms|s|%%|x], OP one of "
                    + "< <= > >= == !=. With --replications the mean over the runs, or the named end of its 95 %% "
                    + "interval. A threshold that fails is one line on standard error, and the exit status is 3 "
                    + "after the report is written.")
    List<String> failIf;

    /** Writes the report folder; a test puts one here that fails as a full disk would. */
    ReportWriting reportWriter = ReportWriter::write;

    /** How a report reaches its (staging) folder. */
    interface ReportWriting {
        void write(RunResult result, Path dir) throws IOException;
    }

    @Override
    public Integer call() {
        if (!engine.equals(VirtualEngine.NAME) && !engine.equals(ClusterEngine.NAME)) {
            throw new InputException("--engine: '" + engine + "' is not an engine; allowed: virtual, cluster");
        }
        double scale = speed();
        Double toleranceMs = latenessTolerance();
        int runs = Replicas.parse(replications, engine);
        if (join != null) {
            checkJoin();
        }
        checkMembers();
        Optional<StandaloneNode.Tls> tlsStores = tlsStores();
        Scenario scenario = input.load();
        if (seed != null) {
            scenario = scenario.withSeed(seed);
        }
        Replicas.requireSeeds(scenario.seed(), runs);
        memberCount = engine.equals(ClusterEngine.NAME) && join == null ? memberCount(scenario) : 0;
        thresholds = FailIf.parse(failIf, scenario, replications != null);
        Path dir = OutputFolder.prepare("--out", out != null ? out : defaultFolder(scenario.name(), engine),
                "result.json");
        List<Path> inputs = ScenarioLoader.inputFiles(scenario);
        OutputClash.folderAgainstInputs("--out", dir, inputs);
        if (decisions != null) {
            checkDecisions(inputs, dir);
            decisionsOnStandardOutput = isStandardOutput(decisions);
        }
        // the outputs are checked before joining: a bad --out is one line at once, not after the join
        try (JoinedCluster nodes = join == null ? null : JoinNodes.join(join, scenario, tlsStores, console())) {
            return run(scenario, dir, nodes, scale, toleranceMs, runs);
        }
    }

    private int run(Scenario scenario, Path dir, JoinedCluster nodes, double scale, Double toleranceMs, int runs) {
        long started = System.nanoTime();
        RunResult result;
        String fidelity = null;
        // every output is written beside its place and moved there only when all of them are complete
        try (StagedOutput decisionsFile = decisions == null ? null : stage("--decisions", decisions, false);
             StagedOutput report = stage("--out", dir, true)) {
            try (DecisionListener listener = decisionsFile == null ? DecisionListener.NONE
                    : openDecisions(decisionsFile)) {
                if (engine.equals(ClusterEngine.NAME)) {
                    ClusterSettings settings = ClusterSettings.load();
                    ClusterEngine.Hosting hosting = nodes != null ? new ClusterEngine.OnNodes(nodes)
                            : new ClusterEngine.InProcess(memberCount);
                    ClusterEngine cluster = new ClusterEngine(scenario, input.text(scenario.seed()), listener, scale,
                            settings, hosting);
                    try (ProgressBar bar = ProgressBar.start(cluster::progress, spec.commandLine().getErr())) {
                        result = cluster.run();
                    }
                    if (toleranceMs != null) {
                        result = result.withCluster(result.cluster().orElseThrow().withToleranceMs(toleranceMs));
                    }
                    fidelity = cluster.fidelity().describe() + lateLine(result.cluster().orElseThrow(),
                            "--lateness-tolerance") + leftLine(result.cluster().orElseThrow());
                } else if (replications != null) {
                    result = ParallelRuns.replicated(scenario, runs, listener, ParallelRuns.defaultThreads());
                } else {
                    // the decisions file lists decisions as requests finish: request by request
                    result = (decisionsFile == null ? new VirtualEngine(scenario)
                            : new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST, listener)).run();
                }
            } catch (UncheckedIOException e) {
                throw cannotWriteDecisions(decisionsFile, e.getCause());
            }
            result = result.withThresholds(Threshold.check(thresholds, result));
            try {
                reportWriter.write(result, report.path());
            } catch (IOException | UncheckedIOException e) {
                throw OutputFolder.cannotWrite("--out", dir, asIo(e));
            }
            if (decisionsFile != null) {
                try {
                    decisionsFile.commit();
                } catch (IOException e) {
                    throw cannotWriteDecisions(decisionsFile, e);
                }
            }
            try {
                report.commit();
            } catch (IOException e) {
                throw OutputFolder.cannotWrite("--out", dir, e);
            }
        } catch (IOException e) {
            // deleting a staging copy failed: the outputs are in place, only a hidden sibling may be left
            throw OutputFolder.cannotWrite("--out", dir, e);
        }
        double wallSeconds = (System.nanoTime() - started) / 1e9;
        PrintWriter console = console();
        console.print(ConsoleReport.render(result));
        if (fidelity != null) {
            console.printf("%n%s%n", fidelity);
        }
        Map<String, String> warnings = ScenarioWarnings.of(scenario);
        if (!warnings.isEmpty()) {
            console.println();
            warnings.forEach((setting, text) -> console.printf("note: %s: %s%n", setting, text));
        }
        console.printf("%nwrote %s (%s)%s in %.2f s of wall time%n", dir, ReportWriter.contents(result),
                decisions == null ? "" : " and " + decisions, wallSeconds);
        if (out == null) {
            String replaced = replacedShippedReport(dir, scenario);
            if (replaced != null) {
                console.println(replaced);
            }
        }
        console.flush();
        return failedThresholds(result);
    }

    // one line per failed threshold on standard error; the exit status
    private int failedThresholds(RunResult result) {
        PrintWriter err = spec.commandLine().getErr();
        result.thresholds().stream().filter(o -> !o.passed())
                .forEach(o -> err.println("edgesim: " + ThresholdText.failure(o, result, "")));
        err.flush();
        return result.thresholdsHeld() ? 0 : Main.EXIT_THRESHOLD_FAILED;
    }

    // parsed here, not by picocli, so that a bad value is one line like every other bad input
    private double speed() {
        if (speed == null) {
            return 1.0;
        }
        if (!engine.equals(ClusterEngine.NAME)) {
            throw new InputException("--speed: only the cluster engine runs in real time; add --engine cluster "
                    + "or leave --speed out");
        }
        return parseSpeed(speed);
    }

    /** The value of a --speed flag (run, serve); bad input otherwise. */
    static double parseSpeed(String speed) {
        double value;
        try {
            value = Double.parseDouble(speed);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value >= MIN_SPEED && value <= MAX_SPEED)) {
            throw new InputException("--speed: '" + speed + "' is not a speed; allowed: a number from " + MIN_SPEED
                    + " to " + (long) MAX_SPEED + ", e.g. 0.5 or 2");
        }
        return value;
    }

    // parsed here, not by picocli, so that a bad value is one line like every other bad input
    private int memberCount(Scenario scenario) {
        if (members == null) {
            return ClusterSettings.load().members();
        }
        int value = WholeNumbers.from1To("--members", members, MAX_MEMBERS, "members");
        for (LimiterSpec limiter : scenario.limiters()) {
            if (value > 1 && hasKv(limiter)) {
                throw new InputException("--members: limiter '" + limiter.name() + "' has a kv stage, whose store "
                        + "is one object in one member's memory; allowed: --members 1, or a scenario without kv "
                        + "stages");
            }
        }
        return value;
    }

    static boolean hasKv(LimiterSpec limiter) {
        return limiter.stages().stream().anyMatch(stage -> stage.kind() == TierKind.KV);
    }

    private void checkMembers() {
        if (members != null && !engine.equals(ClusterEngine.NAME)) {
            throw new InputException("--members: only the cluster engine has members; add --engine cluster or leave "
                    + "--members out");
        }
        if (members != null && join != null) {
            throw new InputException("--members: a run on nodes (--join) holds its regions on the nodes and one "
                    + "member of its own; allowed: --members without --join");
        }
    }

    private void checkJoin() {
        if (!engine.equals(ClusterEngine.NAME)) {
            throw new InputException("--join: only the cluster engine runs on nodes; add --engine cluster or leave "
                    + "--join out");
        }
        NodeCommand.checkAddress("--join", join);
    }

    private Optional<StandaloneNode.Tls> tlsStores() {
        if (join == null && tls.given()) {
            throw new InputException((tls.keyStore != null ? "--tls-keystore" : "--tls-truststore") + ": only a "
                    + "coordinator joining nodes uses TLS; add --engine cluster --join HOST:PORT or leave the --tls "
                    + "options out");
        }
        return join == null ? Optional.empty() : tls.tls();
    }

    /**
     * "note: reports/NAME is the report of scenarios/NAME.conf, ..." when a run without --out of another file (one of
     * the user's own that includes a shipped scenario and keeps its name) wrote into that scenario's report folder;
     * else null.
     */
    static String replacedShippedReport(Path dir, Scenario scenario) {
        Path shipped = Path.of("scenarios", scenario.name() + ".conf");
        try {
            if (!dir.equals(Path.of("reports", scenario.name())) || !Files.exists(shipped)
                    || Files.isSameFile(shipped, scenario.source())) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        return "note: " + dir + " is the report of " + shipped + ", which this run of " + scenario.source()
                + " (named " + scenario.name() + " too) replaced; give the scenario a name of its own (name = ...) "
                + "or --out DIR (git checkout " + dir + " brings the committed report back)";
    }

    /** The report folder of a run without --out: a cluster run never replaces the virtual engine's report. */
    static Path defaultFolder(String scenarioName, String engine) {
        return Path.of("reports", engine.equals(ClusterEngine.NAME) ? scenarioName + "-cluster" : scenarioName);
    }

    private Double latenessTolerance() {
        if (latenessTolerance == null) {
            return null;
        }
        if (!engine.equals(ClusterEngine.NAME)) {
            throw new InputException("--lateness-tolerance: only the cluster engine delivers messages late; add "
                    + "--engine cluster or leave --lateness-tolerance out");
        }
        double value;
        try {
            value = Double.parseDouble(latenessTolerance);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value >= 0 && value <= MAX_TOLERANCE_MS)) {
            throw new InputException("--lateness-tolerance: '" + latenessTolerance + "' is not a tolerance; "
                    + "allowed: a number of milliseconds from 0 to " + (long) MAX_TOLERANCE_MS + ", e.g. 2 or 0.5");
        }
        return value;
    }

    // one line when the latency figures are flagged, nothing otherwise; serve, which has no --lateness-tolerance,
    // prints it too, with its tolerance named as the default
    static String lateLine(ClusterRun run, String tolerance) {
        if (!run.latencyFlagged()) {
            return "";
        }
        return String.format(Locale.ROOT, "%nlatency figures not faithful: injected latencies were handled late by "
                + "a p99 of %.2f ms, above the tolerance of %.2f ms (%s); marked in report.md",
                run.injected().p99Ms(), run.toleranceMs(), tolerance);
    }

    // one line naming the nodes a run on node processes lost (the placement marks them), nothing otherwise
    static String leftLine(ClusterRun run) {
        Map<String, List<String>> left = new LinkedHashMap<>();
        String mark = " " + ClusterEngine.LEFT;
        run.placement().forEach((region, member) -> {
            if (member.endsWith(mark)) {
                left.computeIfAbsent(member.substring(0, member.length() - mark.length()), m -> new ArrayList<>())
                        .add(region);
            }
        });
        if (left.isEmpty()) {
            return "";
        }
        List<String> named = new ArrayList<>();
        left.forEach((member, regions) -> named.add(member + " (" + String.join(",", regions) + ")"));
        return String.format(Locale.ROOT, "%n%d of %d nodes left the cluster during the run: %s; the requests that "
                + "reached their PoPs until they were gone failed, the report lacks their part of the delivery "
                + "lateness, and bills the calls their Durable Objects answered as served ones", left.size(),
                run.nodes(), String.join(", ", named));
    }

    // a file, not an input of the run, not inside the report folder (which is replaced whole)
    private void checkDecisions(List<Path> inputs, Path dir) {
        if (decisions.toString().isEmpty()) {
            throw new InputException("--decisions: the file name is empty; allowed: a file path, e.g. decisions.csv");
        }
        if (Files.isDirectory(decisions)) {
            throw new InputException("--decisions: cannot write " + decisions + ": it is a folder, not a file"
                    + DECISIONS_ALLOWED);
        }
        OutputClash.fileAgainstInputs("--decisions", decisions, inputs);
        OutputClash.fileOutsideFolder("--decisions", decisions, "--out", dir);
        // a folder that cannot take the file is said now, not after the run
        OutputFolder.checkFile("--decisions", decisions, DECISIONS_ALLOWED);
        OutputFolder.checkReplaceable("--decisions", decisions, DecisionsCsv.HEADER, "a decisions table");
    }

    private static StagedOutput stage(String flag, Path target, boolean folder) {
        try {
            return folder ? StagedOutput.folder(target) : StagedOutput.file(target);
        } catch (IOException e) {
            throw OutputFolder.cannotWrite(flag, target, e);
        }
    }

    private DecisionListener openDecisions(StagedOutput file) {
        try {
            return new DecisionsCsv(file.open());
        } catch (IOException e) {
            throw cannotWriteDecisions(file, e);
        }
    }

    private WriteFailure cannotWriteDecisions(StagedOutput file, IOException e) {
        return file.stream() ? OutputFolder.cannotWriteStream("--decisions", decisions, e)
                : OutputFolder.cannotWrite("--decisions", decisions, e);
    }

    private PrintWriter console() {
        return decisionsOnStandardOutput ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }

    // the same file as this process's standard output (a pipe, a terminal, a redirected file), by any name
    private static boolean isStandardOutput(Path path) {
        Path standardOutput = Path.of("/dev/stdout");
        try {
            return Files.exists(path) && Files.exists(standardOutput) && Files.isSameFile(path, standardOutput);
        } catch (IOException e) {
            return false;
        }
    }

    private static IOException asIo(Exception e) {
        return e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
    }
}
