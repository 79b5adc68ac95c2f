package io.edgesim.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.edgesim.engine.cluster.RunHost;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinCheck;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.region.RegionsLoader;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * `edgesim node`: a cluster member in a process of its own, holding the regions of its roles; it joins the cluster
 * through its seed nodes and waits, until SIGTERM makes it leave the cluster and stop.
 */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = "Starts a cluster node holding the given PoPs/regions, joins the cluster and waits; SIGTERM "
                + "makes it leave the cluster and stop. Nodes of one cluster need the same EDGESIM_CLUSTER_SECRET "
                + "in their environment (default: none), the same edgesim version, and TLS (--tls-keystore) on all of "
                + "them or on none.")
final class NodeCommand implements Callable<Integer> {

    private static final String PEKKO_LOGGER = "org.apache.pekko";
    // the codes a refused role lists: all 16 of regions.conf, the first of the whole edge's 340
    private static final int ROLES_LISTED = 20;
    private static final String ADDRESS_ALLOWED = "allowed: host:port with a host name or IPv4 address, e.g. "
            + "127.0.0.1:25520";
    // a host name or an IPv4 address: what a pekko:// address takes without brackets
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--roles", paramLabel = "CODES", required = true, split = ",",
            description = "The PoPs/regions this node holds, as IATA codes, e.g. SYD,NRT.")
    List<String> roles;

    @Option(names = "--regions", paramLabel = "FILE",
            description = "The regions file the roles are codes of, as the runs on this node use. Default: "
                    + "./regions.conf, else the regions.conf of the edgesim folder the launcher runs from or whose "
                    + "target/ holds the jar; regions/cloudflare.conf for every location.")
    Path regions;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address to bind and be reached at. Default: ${DEFAULT-VALUE} (this machine only); "
                    + "another host's nodes need this machine's address on their network.")
    String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "25520",
            description = "Port to bind, from 1 to 65535. Default: ${DEFAULT-VALUE}.")
    String port;

    @Option(names = "--seed-nodes", paramLabel = "HOST:PORT", split = ",",
            description = "Members to join through, e.g. 127.0.0.1:25520. Default: this node itself (it starts "
                    + "a cluster).")
    List<String> seedNodes;

    @CommandLine.Mixin
    TlsOptions tls;

    @Override
    public Integer call() {
        StandaloneNode.Options options = options();
        checkBindable(options.host(), options.port());
        ClusterSettings settings = ClusterSettings.load();
        var out = spec.commandLine().getOut();
        // while joining, Pekko logs each retry, its own account of a refusal, and the start-up of its parts cut
        // short by a SIGTERM; this command says each in one line
        Logger pekkoLog = (Logger) LoggerFactory.getLogger(PEKKO_LOGGER);
        Level level = pekkoLog.getLevel();
        pekkoLog.setLevel(Level.OFF);
        StandaloneNode node;
        try {
            node = StandaloneNode.start(options, settings);
        } catch (RuntimeException e) {
            // another process took the port between the check and Pekko's bind (two nodes started together)
            if (bindFailure(e)) {
                throw new InputException("--port: cannot listen on " + options.host() + ":" + options.port()
                        + ": another process took it as this node started; allowed: a free port on an address of "
                        + "this machine (--host)");
            }
            throw e;
        }
        try {
            // Pekko's own hook leaves the cluster; this one says so once that is done (nothing after a refusal)
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                node.awaitTermination();
                if (node.stoppedByJvmExit()) {
                    out.printf(node.wasUp() ? "node %s left the cluster%n" : "node %s was stopped before it joined "
                            + "the cluster%n", String.join(",", options.roles()));
                    out.flush();
                }
            }, "edgesim-node-stopped"));
        } catch (IllegalStateException e) {
            // stopped (SIGTERM) while starting: the JVM is already on its way out
            return 0;
        }
        // before it is Up: the shard coordinator writes its state to every member and would wait for this one
        try {
            RunHost.install(node.system(), settings);
        } catch (IllegalStateException e) {
            // stopped (SIGTERM) meanwhile: the shutdown hook says so
            return 0;
        }
        Duration timeout = settings.startupTimeout().multipliedBy(4);
        try {
            node.awaitUp(timeout);
            pekkoLog.setLevel(level);
        } catch (StandaloneNode.Refused e) {
            throw new InputException("node: the cluster at " + String.join(", ", options.seedNodes())
                    + " refused this node: its shared secret or protocol version (" + JoinCheck.PROTOCOL_VERSION
                    + ") differs; allowed: the same EDGESIM_CLUSTER_SECRET and edgesim version on every node");
        } catch (StandaloneNode.Stopped e) {
            // the shutdown hook says it was stopped; the JVM's exit waits for it
            return 0;
        } catch (IllegalStateException e) {
            node.leave();
            throw notUpInTime(options, timeout);
        }
        out.printf("node %s is Up at %s:%d; waiting for runs (SIGTERM to leave the cluster)%n",
                String.join(",", options.roles()), options.host(), options.port());
        out.flush();
        node.awaitTermination();
        return 0;
    }

    StandaloneNode.Options options() {
        List<String> codes = new ArrayList<>();
        for (String role : roles) {
            if (!role.matches("[A-Z][A-Z0-9]{2}")) {
                throw new InputException("--roles: '" + role + "' is not a region code; allowed: IATA codes (a "
                        + "capital, then two capitals or digits) separated by commas, e.g. SYD,NRT");
            }
            codes.add(role);
        }
        if (codes.isEmpty()) {
            // "--roles ," splits to nothing: a node of no region would hold nothing of a run
            throw new InputException("--roles: names no region; allowed: IATA codes (a capital, then two capitals or "
                    + "digits) separated by commas, e.g. SYD,NRT");
        }
        if (new HashSet<>(codes).size() != codes.size()) {
            throw new InputException("--roles: " + String.join(",", codes) + " names a region twice; allowed: "
                    + "distinct region codes");
        }
        checkRegionsOfFile(codes);
        int portNumber = port("--port", port);
        checkHost("--host", host);
        if (isWildcard(host)) {
            throw new InputException("--host: " + host + " is a wildcard address, which other nodes cannot reach "
                    + "this node at; allowed: this machine's address on the network the nodes share, e.g. "
                    + "127.0.0.1 or 10.0.0.5");
        }
        String self = host + ":" + portNumber;
        List<String> seeds = seedNodes == null ? List.of(self) : seedNodes;
        for (String seed : seeds) {
            checkAddress("--seed-nodes", seed);
        }
        return new StandaloneNode.Options(codes, host, portNumber, seeds, tls.tls());
    }

    // a role the runs' regions file does not have would hold nothing: a typo (SYN for SYD) or a code of another
    // world (--regions regions/cloudflare.conf) is told now, not as a region no node holds when a run starts
    private void checkRegionsOfFile(List<String> codes) {
        Path file = Paths.regionsFile(regions);
        if (regions == null && "no such file".equals(RegionsLoader.fileProblem(file))) {
            throw new InputException("--regions: missing, and the default " + file.toAbsolutePath().normalize()
                    + " does not exist; allowed: --regions FILE, or a folder with regions.conf to run from");
        }
        RegionMap map = RegionsLoader.load(file);
        List<String> unknown = codes.stream().filter(code -> !map.contains(code)).toList();
        if (unknown.isEmpty()) {
            return;
        }
        List<String> known = map.codes();
        String listed = known.size() <= ROLES_LISTED ? String.join(", ", known)
                : String.join(", ", known.subList(0, ROLES_LISTED)) + " and " + (known.size() - ROLES_LISTED)
                        + " more";
        throw new InputException("--roles: " + String.join(",", unknown) + (unknown.size() == 1 ? " is not a region"
                : " are not regions") + " of " + file + "; allowed: its " + known.size() + " codes (" + listed + ")"
                + (regions == null ? ", or another regions file with --regions FILE, e.g. regions/cloudflare.conf"
                        : ""));
    }

    // a node without --seed-nodes is its own seed: it joins itself, needing no other process, and is Up once its
    // system has started; only a starved process or a Pekko setting that holds members back keeps it waiting
    private InputException notUpInTime(StandaloneNode.Options options, Duration timeout) {
        String seconds = ClusterSettings.shown(timeout) + " (4 x edgesim.cluster.startup-timeout)";
        if (seedNodes == null) {
            return new InputException("node: this node started a cluster of its own (no --seed-nodes) and was not "
                    + "Up in it within " + seconds + "; allowed: a longer timeout on a busy machine, e.g. "
                    + "EDGESIM_JAVA_OPTS=-Dedgesim.cluster.startup-timeout=60s");
        }
        return new InputException("--seed-nodes: no member of " + String.join(", ", options.seedNodes())
                + " let this node join within " + seconds + "; allowed: the address of a running node, with TLS "
                + "(--tls-keystore) on both or on neither and each trusting the other's certificate");
    }

    // Pekko's transport says so in a RemoteTransportException ("Failed to bind TCP to [...]"), a BindException
    // among its causes
    static boolean bindFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof BindException
                    || (t.getMessage() != null && t.getMessage().startsWith("Failed to bind"))) {
                return true;
            }
        }
        return false;
    }

    // Pekko would fail its start with a stack trace; the address is the user's to fix
    private static void checkBindable(String host, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new InputException("--port: cannot listen on " + host + ":" + port + ": " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage().toLowerCase(Locale.ROOT)) + "; allowed: a free "
                    + "port on an address of this machine (--host)");
        }
    }

    /** Checks that {@code address} is "host:port" with a host name or IPv4 address and a port from 1 to 65535. */
    static void checkAddress(String flag, String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || !HOST.matcher(address.substring(0, colon)).matches()) {
            throw new InputException(flag + ": '" + address + "' is not an address; " + ADDRESS_ALLOWED);
        }
        port(flag, address.substring(colon + 1));
        if (isWildcard(address.substring(0, colon))) {
            throw new InputException(flag + ": " + address + " is a wildcard address, at which no node can be "
                    + "reached; allowed: the address a node listens at, as its --host, e.g. 127.0.0.1:25520");
        }
    }

    private static void checkHost(String flag, String host) {
        if (!HOST.matcher(host).matches()) {
            throw new InputException(flag + ": '" + host + "' is not a host; allowed: a host name or IPv4 address, "
                    + "e.g. 127.0.0.1");
        }
    }

    private static boolean isWildcard(String host) {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static int port(String flag, String text) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 1 || value > 65535) {
            throw new InputException(flag + ": '" + text + "' is not a port; allowed: a whole number from 1 to "
                    + "65535");
        }
        return value;
    }
}
