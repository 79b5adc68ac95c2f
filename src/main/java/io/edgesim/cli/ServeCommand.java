package io.edgesim.cli;

import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.model.cost.CostModel;
import io.edgesim.report.ConsoleReport;
import io.edgesim.report.ReportWriter;
import io.edgesim.report.StagedOutput;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import io.edgesim.scenario.ScenarioWarnings;
import io.edgesim.serve.LiveEdge;
import io.edgesim.serve.ServeSettings;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * {@code edgesim serve}: the scenario's PoPs as HTTP listeners for live clients ({@link LiveEdge}), until Ctrl-C or
 * SIGTERM, then the report of every request taken. The two signals are caught here, not left to the JVM's shutdown,
 * so that the cluster keeps running while the requests in flight finish and the report is written.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serves the scenario's PoPs to real HTTP clients: one listener per PoP on 127.0.0.1, each "
                + "request through every limiter as the cluster engine sends it, answered with what the served "
                + "limiter decided (200, or its 429 with Retry-After, X-RateLimit-Scope, RateLimit-Policy and "
                + "RateLimit); GET /edgesim/stats gives the counts so far. Ctrl-C or SIGTERM writes the report.")
final class ServeCommand implements Callable<Integer> {

    static final int DEFAULT_PORT = 8401;
    static final int DEFAULT_MAX_CONNECTIONS = 1024;
    private static final int MOST_CONNECTIONS = 100_000;
    private static final int MAX_PORT = 65535;
    /** The assumption that marks a served run's report: its traffic came from HTTP clients. */
    static final String TRAFFIC = "traffic";
    static final String SERVED_LIMITER = "serve.limiter";
    static final String UPSTREAM = "serve.upstream";
    static final String MAX_CONNECTIONS = "serve.max-connections";
    static final String TURNED_AWAY = "serve.turned-away";
    static final String LIVE_TRAFFIC = "live: the HTTP requests edgesim serve answered, not the scenario's clients "
            + "(docs/serve.md)";

    /**
     * The scenario as served: the report's traffic is the requests served, not the scenario's clients, said with its
     * assumptions (which report.md prints and compare sets beside another run's); the note on how the scenario's
     * bursts would be billed, which report.md sets beside the bill, does not apply to them.
     */
    static Scenario served(Scenario loaded) {
        return loaded.withoutAssumption(CostModel.BURSTS_NOTE_SETTING).withAssumption(TRAFFIC, LIVE_TRAFFIC);
    }

    /**
     * The scenario with how the session is served in its assumptions, which its report and compare must tell apart
     * from another session's: the limiter that answers, the upstream, the connection limit.
     */
    static Scenario servedAs(Scenario scenario, int served, boolean limiterGiven, URI upstream, int connections,
                             boolean connectionsGiven) {
        return scenario.withAssumption(SERVED_LIMITER, scenario.limiters().get(served).name()
                        + (limiterGiven ? " (its decisions answered the clients; --limiter)"
                        : " (its decisions answered the clients; the scenario's first, by default)"))
                .withAssumption(UPSTREAM, upstream == null ? "none (edgesim answered 200 itself)"
                        : upstream + " (--upstream)")
                .withAssumption(MAX_CONNECTIONS, connections + (connectionsGiven ? " (--max-connections)"
                        : " (default)"));
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ScenarioInput input;

    @Option(names = "--port", paramLabel = "BASE",
            description = "The first PoP's port; the others follow in the scenario's PoP order. A whole number from "
                    + "1024 to 65535, or 0 for any free port per PoP. Default: " + DEFAULT_PORT + ".")
    String port;

    @Option(names = "--speed", paramLabel = "X",
            description = "Scenario time runs X times as fast as real time: injected latencies are waited out in "
                    + "1/X of their time, windows last 1/X of theirs. A number from 0.001 to 1000. Default: 1.")
    String speed;

    @Option(names = "--limiter", paramLabel = "NAME",
            description = "The limiter whose decision clients get; the others count the same requests side by side. "
                    + "Default: the scenario's first.")
    String limiter;

    @Option(names = "--upstream", paramLabel = "URL",
            description = "A request the served limiter lets through is passed on to the service at URL (method, "
                    + "path after URL's own, query, headers, body) and answered with its response; e.g. "
                    + "http://127.0.0.1:8080. Default: edgesim answers 200 itself.")
    String upstream;

    @Option(names = "--max-connections", paramLabel = "N",
            description = "The most connections open at once over all PoPs' listeners; one more gets 503 "
                    + "too_many_connections to its first request and is closed. 1 to 100000. Default: "
                    + DEFAULT_MAX_CONNECTIONS + ".")
    String maxConnections;

    @Option(names = "--out", paramLabel = "DIR", description = "Report folder. Default: reports/<scenario name>-serve/.")
    Path out;

    @Override
    public Integer call() throws InterruptedException {
        // logging set up here, before the HTTP server's and the actors' threads log at once: SLF4J then printed three
        // "SLF4J(W): ... intercepted and are now being replayed" lines on most starts
        LoggerFactory.getILoggerFactory();
        double scale = speed == null ? 1.0 : RunCommand.parseSpeed(speed);
        int basePort = basePort();
        URI upstreamUrl = upstreamUrl();
        int connections = maxConnections();
        ServeSettings limits = ServeSettings.load();
        Scenario scenario = served(input.load());
        if (basePort != 0 && basePort + scenario.pops().size() - 1 > MAX_PORT) {
            throw new InputException("--port: " + basePort + " leaves no port for the last of the scenario's "
                    + scenario.pops().size() + " PoPs; allowed: 1024 to " + (MAX_PORT - scenario.pops().size() + 1));
        }
        int served = LiveEdge.limiterIndex(scenario, limiter);
        if (served < 0) {
            throw new InputException("--limiter: '" + limiter + "' is not a limiter of " + input.scenarioFile
                    + "; allowed: " + scenario.limiters().stream().map(l -> l.name()).collect(Collectors.joining(", ")));
        }
        ClientSpec client = LiveEdge.client(scenario, served);
        if (client == null) {
            throw new InputException("--limiter: '" + scenario.limiters().get(served).name() + "' sees none of the "
                    + "clients of " + input.scenarioFile + "; allowed: a limiter that sees one of them");
        }
        scenario = servedAs(scenario, served, limiter != null, upstreamUrl, connections, maxConnections != null);
        Path dir = OutputFolder.prepare("--out", out != null ? out : defaultFolder(scenario.name()),
                "result.json");
        OutputClash.folderAgainstInputs("--out", dir, ScenarioLoader.inputFiles(scenario));
        PrintWriter console = spec.commandLine().getOut();
        LiveEdge edge;
        try {
            edge = LiveEdge.start(scenario, input.text(scenario.seed()),
                    new LiveEdge.Serving(served, client, scale, basePort, upstreamUrl, connections, limits),
                    ClusterSettings.load());
        } catch (IllegalArgumentException e) {
            throw new InputException("--port: " + e.getMessage() + "; allowed: free ports, e.g. --port 0");
        }
        edge.listeners().forEach((pop, uri) -> console.println(pop + " " + uri));
        console.printf("serving %s: limiter %s answers, speed %s; GET %s on any port gives the counts so far; "
                        + "Ctrl-C or SIGTERM stops and writes %s%n", scenario.name(),
                scenario.limiters().get(served).name(), scale, LiveEdge.STATS_PATH, dir);
        String planNote = planNote(scenario, client);
        if (planNote != null) {
            console.println(planNote);
        }
        console.flush();
        long started = System.nanoTime();
        long stopping = started;
        RunResult result;
        try {
            awaitInterruptOrTerm();
            stopping = System.nanoTime();
        } finally {
            result = edge.stop(ClusterSettings.load().drainTimeout().multipliedBy(2));
        }
        String turnedAway = edge.turnedAway();
        if (turnedAway != null) {
            result = result.withAssumption(TURNED_AWAY, turnedAway);
        }
        // the session, scaled to a month, as a run is: shorter than an object's or KV's window, it is billed as
        // that window's start over and over (served() dropped the scenario's own note, of its own duration)
        // (the session's length to the millisecond: "the 11.357s run", not 11.357122623s)
        Optional<String> shortSession = ScenarioWarnings.shorterThanAWindow(scenario.limiters(),
                Math.round(result.durationSeconds() * 1e3) * 1_000_000L);
        if (shortSession.isPresent()) {
            result = result.withAssumption(CostModel.BURSTS_NOTE_SETTING, shortSession.get());
        }
        try (StagedOutput report = StagedOutput.folder(dir)) {
            ReportWriter.write(result, report.path());
            report.commit();
        } catch (IOException e) {
            throw OutputFolder.cannotWrite("--out", dir, e);
        }
        console.print(ConsoleReport.render(result));
        // how late the injected latencies were waited out: whether the latency figures can be trusted
        console.printf("%n%s%s%n", edge.fidelity().describe(), RunCommand.lateLine(result.cluster().orElseThrow(),
                "the default of run's --lateness-tolerance"));
        if (turnedAway != null) {
            console.printf("%nturned away: %s%n", turnedAway);
        }
        // serving: from the listeners' opening to Ctrl-C or SIGTERM, not the drain and the report after it
        console.printf("%nwrote %s (%s) after %.1f s of serving%n", dir, ReportWriter.contents(result),
                (stopping - started) / 1e9);
        console.flush();
        return 0;
    }

    /** Where serving the scenario named {@code name} writes its report without --out: reports/NAME-serve. */
    static Path defaultFolder(String name) {
        return Path.of("reports", name + "-serve");
    }

    private URI upstreamUrl() {
        if (upstream == null) {
            return null;
        }
        URI url;
        try {
            url = new URI(upstream);
        } catch (URISyntaxException e) {
            url = null;
        }
        if (url == null || !"http".equals(url.getScheme()) || url.getHost() == null || url.getQuery() != null
                || url.getFragment() != null) {
            throw new InputException("--upstream: '" + upstream + "' is not a service URL; allowed: http://HOST[:PORT]"
                    + "[/PATH], e.g. http://127.0.0.1:8080");
        }
        // URI takes any digits for a port; the HTTP client refused them on each request, a 500 and a stack trace
        if (url.getPort() == 0 || url.getPort() > MAX_PORT) {
            throw new InputException("--upstream: '" + upstream + "' has port " + url.getPort() + "; allowed: a "
                    + "port from 1 to " + MAX_PORT + ", or none (80)");
        }
        return url;
    }

    /**
     * The line saying which plan every served request is counted under, when the scenario's clients have several (the
     * report's per-key figures judge each key by it, whatever plan the scenario gives the key's client), else null.
     */
    static String planNote(Scenario scenario, ClientSpec served) {
        long plans = scenario.clients().stream().map(ClientSpec::plan).filter(Objects::nonNull).distinct().count();
        return plans < 2 ? null : "every request counts as sent by client " + served.name() + ", of plan "
                + served.plan() + ": each key is counted and judged by that plan's limits (docs/serve.md)";
    }

    private int maxConnections() {
        if (maxConnections == null) {
            return DEFAULT_MAX_CONNECTIONS;
        }
        return WholeNumbers.from1To("--max-connections", maxConnections, MOST_CONNECTIONS, "connections");
    }

    private int basePort() {
        if (port == null) {
            return DEFAULT_PORT;
        }
        int value;
        try {
            value = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value != 0 && (value < 1024 || value > MAX_PORT)) {
            // below 1024 are the ports only root may open, and serve opens one per PoP from the first
            String problem = value > 0 && value < 1024 ? "'" + port + "' is a privileged port (below 1024)"
                    : "'" + port + "' is not a port";
            throw new InputException("--port: " + problem + "; allowed: a whole number from 1024 to " + MAX_PORT
                    + ", or 0 for any free port per PoP");
        }
        return value;
    }

    // Ctrl-C (INT) or SIGTERM: caught, so that the JVM does not begin its shutdown under the running cluster
    private static void awaitInterruptOrTerm() throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        Signal.handle(new Signal("INT"), signal -> stop.countDown());
        Signal.handle(new Signal("TERM"), signal -> stop.countDown());
        stop.await();
    }
}
