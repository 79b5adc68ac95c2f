package io.edgesim.scenario;

import java.nio.file.Path;

/**
 * A source of requests in a scenario: a population of clients described by rules, or a recorded trace replayed as
 * it is. The traffic package turns each into a time-ordered stream.
 */
public sealed interface ClientSpec permits ClientSpec.Population, ClientSpec.Trace {

    /**
     * The most requests per second one client sends, a bound that keeps a run finite (its requests stay at least a
     * microsecond apart): {@code rate} and {@code ramp-to} may not exceed it, drawn rates are cut to it.
     */
    double MAX_RATE_PER_SECOND = 1_000_000;

    /** Unique name within the scenario; limiters can be restricted to some clients by it. */
    String name();

    /** The plan (contract tier) of every request of this source, or null for none; see {@code LimiterSpec}. */
    String plan();

    /**
     * {@code count} clients built from one description. Client {@code i} (0-based) sends requests at
     * {@code ratePerSecond} from {@code startNanos} until {@code stopNanos} (clipped to the run), the rate changing
     * linearly to {@code rampToPerSecond} over that time (equal rates: no ramp); with {@code rates} each client
     * sends instead at a rate of its own drawn from that distribution, without a ramp. {@code burst}, when not null,
     * adds extra requests; {@code pops} says where each request lands. Times are nanoseconds of scenario time.
     *
     * @param name            population name, also {@code {name}} in templates and Request.client
     * @param count           number of clients, at least 1
     * @param headers         what each request carries (templates over client index and request number)
     * @param cost            tokens each request costs, at least 1
     * @param arrival         constant spacing or Poisson arrivals
     * @param ratePerSecond   requests per second per client at start; 0 for a burst-only population and with
     *                        {@code rates}
     * @param rampToPerSecond requests per second per client reached at stop (0 or more); 0 with {@code rates}
     * @param rates           the distribution each client draws its rate from, or null: every client at
     *                        {@code ratePerSecond}
     * @param startNanos      when the clients start sending
     * @param stopNanos       when they stop (exclusive), after startNanos
     * @param burst           extra requests in bursts, or null
     * @param pops            which PoP each request lands in
     * @param plan            the clients' plan (contract tier), or null for none
     */
    record Population(String name, int count, HeaderTemplates headers, int cost, Arrival arrival, double ratePerSecond,
                      double rampToPerSecond, RateDistribution rates, long startNanos, long stopNanos, Burst burst,
                      PopChoice pops, String plan) implements ClientSpec {

        public Population {
            if (count < 1 || cost < 1 || ratePerSecond < 0 || rampToPerSecond < 0 || stopNanos <= startNanos) {
                throw new IllegalArgumentException("invalid population '" + name + "'");
            }
            if (rates != null && (ratePerSecond != 0 || rampToPerSecond != 0)) {
                throw new IllegalArgumentException("population '" + name + "' has both a rate and a distribution");
            }
            if (ratePerSecond == 0 && rates == null && burst == null) {
                throw new IllegalArgumentException("population '" + name + "' sends nothing");
            }
        }

        /** True when the rate changes over the clients' active time. */
        public boolean ramped() {
            return rampToPerSecond != ratePerSecond;
        }
    }

    /**
     * Replay of a recorded trace: a CSV file with header {@code time_ms,pop,key[,cost][,ip][,xff][,anon_token][,path]}
     * (columns found by name), rows in nondecreasing time. Rows at or after the end of the run are dropped.
     *
     * @param name unique name, Request.client of every replayed request
     * @param file the CSV file, already resolved against the scenario's folder
     * @param plan the plan (contract tier) of every row, or null for none
     * @param rowsWithoutApiKey its rows without an API key, -1 when the file was not read with the scenario
     * @param rowsWithoutIp     its rows without an address, -1 likewise
     */
    record Trace(String name, Path file, String plan, long rowsWithoutApiKey, long rowsWithoutIp)
            implements ClientSpec {

        /** A trace whose file was not read with the scenario. */
        public Trace(String name, Path file, String plan) {
            this(name, file, plan, -1, -1);
        }
    }
}
