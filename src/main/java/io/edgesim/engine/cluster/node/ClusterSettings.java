package io.edgesim.engine.cluster.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import io.edgesim.scenario.InputException;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * Validated settings of the cluster engine, read once from edgesim-cluster.conf (edgesim.cluster.*, defaults there)
 * together with the Pekko configuration every node starts from.
 *
 * @param nodeConfig        the Pekko configuration template of every node (resolved, with Pekko's own defaults and
 *                          the values {@link JoinCheck} compares)
 * @param host              address the nodes bind to
 * @param executorThreads   threads of the executor all nodes share, at least 1
 * @param shardsPerRegion   shards per home region, at least 1
 * @param startupTimeout    longest wait for all members Up and for the warm-up
 * @param shutdownTimeout   longest wait for all nodes to terminate
 * @param delayLineSpinNanos real nanoseconds the delay line spins before a deadline instead of parking, 0 or more
 * @param feederLookahead   how long before its arrival (real time) a request is handed to the delay line
 * @param startLeadIn       real time between starting the scenario clock and scenario time 0, at least the lookahead
 * @param drainTimeout      longest real time without any request completing, once all traffic is fed
 * @param warmUpRequests    requests of warm-up traffic before the clock starts, 0 or more
 * @param warmUpInterval    real time between two warm-up requests
 * @param members           members a run in this process starts for its regions without --members, at least 1
 *                          (one per region when it has fewer)
 */
public record ClusterSettings(Config nodeConfig, String host, int executorThreads, int shardsPerRegion,
                              Duration startupTimeout, Duration shutdownTimeout, long delayLineSpinNanos,
                              Duration feederLookahead, Duration startLeadIn, Duration drainTimeout,
                              int warmUpRequests, Duration warmUpInterval, int members) {

    /** The resource holding the defaults. */
    public static final String RESOURCE = "edgesim-cluster.conf";
    /**
     * The most members a run starts in this process: each is an ActorSystem whose gossip, heartbeats and failure
     * detector share the machine, and on 2 cores 32 members took 22 s to be Up (global-botnet's 340 regions, a quiet
     * machine) against the 30 s startup timeout, while 64 did not form. More regions than that spread over more
     * members is what node processes are for ({@code edgesim node}, {@code run --join}).
     */
    public static final int MAX_MEMBERS = 32;

    private static final String PREFIX = "edgesim.cluster.";

    /** Reads edgesim-cluster.conf, with -D system properties overriding it. */
    public static ClusterSettings load() {
        return fromConfig(ConfigFactory.load(ConfigFactory.parseResources(RESOURCE)));
    }

    /**
     * Reads and validates the settings from {@code config} (which must hold edgesim.cluster and pekko).
     *
     * @throws InputException naming the setting when a value is missing, of the wrong type or out of range
     */
    public static ClusterSettings fromConfig(Config config) {
        try {
            ClusterSettings settings = new ClusterSettings(
                    JoinCheck.withJoinKeys(config, config.getString(PREFIX + "secret")),
                    config.getString(PREFIX + "host"),
                    atLeast(config, "executor-threads", 1),
                    atLeast(config, "shards-per-region", 1),
                    positive(config, "startup-timeout"),
                    positive(config, "shutdown-timeout"),
                    config.getDuration(PREFIX + "delay-line.spin").toNanos(),
                    positive(config, "feeder.lookahead"),
                    positive(config, "feeder.lead-in"),
                    positive(config, "drain-timeout"),
                    atLeast(config, "warm-up.requests", 0),
                    positive(config, "warm-up.interval"),
                    atLeast(config, "members", 1));
            if (settings.members > MAX_MEMBERS) {
                throw InputException.at(RESOURCE, PREFIX + "members", "must be at most " + MAX_MEMBERS + ", was "
                        + settings.members);
            }
            if (settings.delayLineSpinNanos < 0) {
                throw InputException.at(RESOURCE, PREFIX + "delay-line.spin", "must be 0 or more");
            }
            if (settings.startLeadIn.compareTo(settings.feederLookahead) < 0) {
                throw InputException.at(RESOURCE, PREFIX + "feeder.lead-in", "must be at least feeder.lookahead ("
                        + settings.feederLookahead.toMillis() + " ms), was " + settings.startLeadIn.toMillis() + " ms");
            }
            return settings;
        } catch (ConfigException e) {
            throw InputException.at(RESOURCE, null, e.getMessage());
        }
    }

    /** The same settings with the delay line spinning {@code spinNanos} before each deadline. */
    public ClusterSettings withDelayLineSpinNanos(long spinNanos) {
        return new ClusterSettings(nodeConfig, host, executorThreads, shardsPerRegion, startupTimeout,
                shutdownTimeout, spinNanos, feederLookahead, startLeadIn, drainTimeout, warmUpRequests,
                warmUpInterval, members);
    }

    /** A timeout as messages show it: "30 s", "1500 ms", or "0.25 ms" below a millisecond. */
    public static String shown(Duration timeout) {
        long nanos = timeout.toNanos();
        if (nanos >= 1_000_000_000L && nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + " s";
        }
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + " ms"
                : BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString() + " ms";
    }

    private static int atLeast(Config config, String name, int minimum) {
        int value;
        try {
            value = config.getInt(PREFIX + name);
        } catch (ConfigException.WrongType e) {
            throw InputException.at(RESOURCE, PREFIX + name, "'" + config.getValue(PREFIX + name).unwrapped()
                    + "' is not a whole number; allowed: a whole number of at least " + minimum);
        }
        if (value < minimum) {
            throw InputException.at(RESOURCE, PREFIX + name, "must be at least " + minimum + ", was " + value);
        }
        return value;
    }

    private static Duration positive(Config config, String name) {
        Duration value = config.getDuration(PREFIX + name);
        if (value.isNegative() || value.isZero()) {
            throw InputException.at(RESOURCE, PREFIX + name, "must be a duration greater than 0, was " + value);
        }
        return value;
    }
}
