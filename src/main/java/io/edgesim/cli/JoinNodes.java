package io.edgesim.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.edgesim.engine.cluster.NodeRegions;
import io.edgesim.engine.cluster.RunHost;
import io.edgesim.engine.cluster.node.ClusterFailure;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinCheck;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * `run --join HOST:PORT`: joins the running nodes' cluster as the run's coordinator and says where each region
 * runs.
 */
final class JoinNodes {

    private JoinNodes() {
    }

    /**
     * Joins the nodes' cluster and prints which node holds which region of {@code scenario}; the run then runs there
     * ({@code ClusterEngine.OnNodes}). The caller leaves the cluster when the run is over.
     */
    static JoinedCluster join(String join, Scenario scenario, Optional<StandaloneNode.Tls> tlsStores,
            PrintWriter console) {
        for (LimiterSpec limiter : scenario.limiters()) {
            if (RunCommand.hasKv(limiter)) {
                throw new InputException("--join: limiter '" + limiter.name() + "' has a kv stage, whose store is "
                        + "one object in one member's memory and cannot be shared by node processes; allowed: a "
                        + "scenario without kv stages, or leave --join out");
            }
        }
        ClusterSettings settings = ClusterSettings.load();
        Duration timeout = settings.startupTimeout();
        JoinedCluster cluster;
        // while joining, Pekko logs each retry and its own account of a refusal; the refusal is one line here
        Logger pekkoLog = (Logger) LoggerFactory.getLogger("org.apache.pekko");
        Level level = pekkoLog.getLevel();
        pekkoLog.setLevel(Level.OFF);
        try {
            cluster = JoinedCluster.join(join, settings, timeout, tlsStores,
                    system -> RunHost.install(system, settings));
        } catch (StandaloneNode.Refused e) {
            throw new InputException("--join: the cluster at " + join + " refused this coordinator: its shared "
                    + "secret or protocol version (" + JoinCheck.PROTOCOL_VERSION + ") differs; allowed: the same "
                    + "EDGESIM_CLUSTER_SECRET and edgesim version as the nodes");
        } catch (StandaloneNode.Stopped e) {
            // SIGTERM while joining: the process is on its way out, with nothing run
            throw new InputException("--join: this coordinator was stopped before it joined the cluster at " + join);
        } catch (IllegalStateException e) {
            throw new InputException("--join: no node at " + join + " let this coordinator join within "
                    + ClusterSettings.shown(timeout) + " (edgesim.cluster.startup-timeout); allowed: the address of a "
                    + "running edgesim node, with TLS (--tls-keystore) on both or on neither and each trusting the "
                    + "other's certificate");
        } finally {
            pekkoLog.setLevel(level);
        }
        try {
            List<String> others = cluster.otherCoordinators();
            if (!others.isEmpty()) {
                throw new ClusterFailure("--join: another run is on these nodes (its coordinator's members at "
                        + String.join(", ", others) + "); runs on the same nodes take turns: start this one when "
                        + "that one has ended");
            }
            printHolders(join, scenario, cluster.holders(), console);
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    // the regions held by no node that the line names; beyond, it counts them
    private static final int HERE_NAMED = 10;

    static void printHolders(String join, Scenario scenario, Map<String, List<String>> holders,
            PrintWriter out) {
        out.printf("joined the cluster at %s%n", join);
        List<String> here = new ArrayList<>();
        for (String region : NodeRegions.of(scenario)) {
            List<String> nodes = holders.get(region);
            if (nodes == null) {
                here.add(region);
            } else if (nodes.size() > 1) {
                throw new InputException("--join: region " + region + " is held by the nodes at "
                        + String.join(" and ", nodes) + "; allowed: each region on one node (--roles)");
            } else {
                out.printf("  %s on the node at %s%n", region, nodes.get(0));
            }
        }
        if (here.size() > HERE_NAMED) {
            // the whole edge is 340 codes: a line of them all would fill a screen (the report's placement has each)
            out.printf("  %d regions held by no node: run in this process (%s and %d more)%n", here.size(),
                    String.join(", ", here.subList(0, HERE_NAMED)), here.size() - HERE_NAMED);
        } else if (!here.isEmpty()) {
            out.printf("  %s held by no node: runs in this process%n", String.join(", ", here));
        }
        out.flush();
    }
}
