package io.edgesim.engine.cluster.node;

import org.apache.pekko.actor.Address;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The coordinator of a run on running {@code edgesim node} processes: a member of their cluster with the role
 * {@link #ROLE} (no region), joined through one of them, that reads from the cluster's membership which node holds
 * which region (a node's roles are its region codes).
 */
public final class JoinedCluster implements AutoCloseable {

    /** The coordinator's cluster role; not a region code, so no object is ever homed on it. */
    public static final String ROLE = "coordinator";

    private final StandaloneNode member;
    private final Address self;
    private final Duration shutdownTimeout;

    private JoinedCluster(StandaloneNode member, Address self, Duration shutdownTimeout) {
        this.member = member;
        this.self = self;
        this.shutdownTimeout = shutdownTimeout;
    }

    /**
     * Joins the cluster through {@code target} ("host:port") from a free port of {@code settings.host()} and waits
     * until this member is Up; with {@code tls}, over Artery TLS as the nodes started with it.
     *
     * @throws StandaloneNode.Refused when the cluster refused the join (another secret or protocol version)
     * @throws StandaloneNode.Stopped when the process was told to stop (SIGTERM) before the member was Up
     * @throws IllegalStateException  when nothing let it join within {@code timeout} (the member is stopped)
     */
    public static JoinedCluster join(String target, ClusterSettings settings, Duration timeout,
                                     Optional<StandaloneNode.Tls> tls) {
        StandaloneNode.Options options = new StandaloneNode.Options(List.of(ROLE), settings.host(), 0,
                List.of(target), tls);
        StandaloneNode member = StandaloneNode.start(options, settings);
        try {
            Address self = member.awaitUp(timeout);
            return new JoinedCluster(member, self, settings.shutdownTimeout());
        } catch (RuntimeException e) {
            try {
                stop(member, settings.shutdownTimeout());
            } catch (IllegalStateException notStopped) {
                e.addSuppressed(notStopped);
            }
            throw e;
        }
    }

    /**
     * The regions the nodes hold, by code in alphabetical order, each with "host:port" of the node that holds it:
     * every member Up in this member's view other than coordinators.
     */
    public Map<String, String> holders() {
        Map<String, String> holders = new TreeMap<>();
        for (Member node : Cluster.get(member.system()).state().getMembers()) {
            if (node.status() != MemberStatus.up() || node.address().equals(self) || node.hasRole(ROLE)) {
                continue;
            }
            for (String role : regionRoles(node)) {
                holders.put(role, hostPort(node.address()));
            }
        }
        return holders;
    }

    // Pekko gives every member a "dc-<data center>" role besides its own
    private static List<String> regionRoles(Member node) {
        List<String> roles = new ArrayList<>();
        node.getRoles().forEach(role -> {
            if (!role.startsWith("dc-")) {
                roles.add(role);
            }
        });
        return roles;
    }

    static String hostPort(Address address) {
        return address.host().get() + ":" + address.port().get();
    }

    /** Leaves the cluster and waits (up to the shutdown timeout) until this member has stopped. */
    @Override
    public void close() {
        stop(member, shutdownTimeout);
    }

    private static void stop(StandaloneNode member, Duration timeout) {
        member.leave();
        ClusterNode.await(member.system().getWhenTerminated().toCompletableFuture(), timeout, "leaving the cluster");
    }
}
