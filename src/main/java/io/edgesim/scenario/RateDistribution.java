package io.edgesim.scenario;

/**
 * How the clients of a population get their rates when {@code rate} is a distribution rather than a number: each
 * client draws its rate (requests per second) once, from a generator derived from the seed, the population and its
 * index, and keeps it for the whole run. A drawn rate above {@link ClientSpec#MAX_RATE_PER_SECOND} is cut to it.
 */
public sealed interface RateDistribution
        permits RateDistribution.Zipf, RateDistribution.LogNormal, RateDistribution.Pareto {

    /**
     * Zipf's law over the clients, nothing drawn: client {@code i} (0-based) sends
     * {@code totalPerSecond * (i + 1)^-exponent / H(count, exponent)}, H the generalised harmonic number, so the
     * population sends {@code totalPerSecond} in all and client 0 the most.
     *
     * @param totalPerSecond requests per second of the whole population, greater than 0
     * @param exponent       the law's exponent s, 0 or more (0: every client the same rate)
     */
    record Zipf(double totalPerSecond, double exponent) implements RateDistribution {

        public Zipf {
            if (!(totalPerSecond > 0) || !(exponent >= 0) || Double.isInfinite(totalPerSecond)
                    || Double.isInfinite(exponent)) {
                throw new IllegalArgumentException("invalid zipf rates: total " + totalPerSecond + ", exponent "
                        + exponent);
            }
        }
    }

    /**
     * Log-normal rates: {@code exp(ln(medianPerSecond) + sigma * Z)}, Z standard normal.
     *
     * @param medianPerSecond the median rate, greater than 0
     * @param sigma           standard deviation of the rate's logarithm, 0 or more
     */
    record LogNormal(double medianPerSecond, double sigma) implements RateDistribution {

        public LogNormal {
            if (!(medianPerSecond > 0) || !(sigma >= 0) || Double.isInfinite(medianPerSecond)
                    || Double.isInfinite(sigma)) {
                throw new IllegalArgumentException("invalid lognormal rates: median " + medianPerSecond + ", sigma "
                        + sigma);
            }
        }
    }

    /**
     * Pareto rates: {@code minPerSecond / U^(1 / alpha)}, U uniform in (0, 1]; the median is
     * {@code minPerSecond * 2^(1 / alpha)}.
     *
     * @param minPerSecond the smallest rate, greater than 0
     * @param alpha        the tail index, greater than 0 (smaller: heavier tail)
     */
    record Pareto(double minPerSecond, double alpha) implements RateDistribution {

        public Pareto {
            if (!(minPerSecond > 0) || !(alpha > 0) || Double.isInfinite(minPerSecond) || Double.isInfinite(alpha)) {
                throw new IllegalArgumentException("invalid pareto rates: min " + minPerSecond + ", alpha " + alpha);
            }
        }
    }
}
