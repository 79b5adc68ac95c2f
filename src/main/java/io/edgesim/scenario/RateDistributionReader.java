package io.edgesim.scenario;

import io.edgesim.scenario.config.ConfigReader;
import java.util.List;

/**
 * Reads a population's {@code rate { distribution = ..., ... }} into a {@link RateDistribution}: the distribution's
 * name first, then only its own parameters, each required and in range.
 */
final class RateDistributionReader {

    static final String DISTRIBUTIONS = "zipf, lognormal, pareto";
    private static final double MAX_TOTAL_PER_SECOND = (double) ClientReader.MAX_COUNT
            * ClientSpec.MAX_RATE_PER_SECOND;
    private static final String TOTAL = "requests per second of the whole population, greater than 0 and at most "
            + "10,000,000,000,000";
    private static final String EXPONENT = "a number from 0 to 10";
    private static final String PER_CLIENT = "requests per second per client, greater than 0 and at most 1,000,000";
    private static final String SIGMA = "a number from 0 to 10";
    private static final String ALPHA = "a number greater than 0 and at most 100";

    private RateDistributionReader() {
    }

    static RateDistribution read(ConfigReader r) {
        if (!r.has("distribution")) {
            throw r.error("distribution", "missing", DISTRIBUTIONS);
        }
        String name = r.string("distribution");
        return switch (name) {
            case "zipf" -> {
                r.rejectUnknownKeys(List.of("distribution", "total", "exponent"));
                yield new RateDistribution.Zipf(r.positiveNumber("total", MAX_TOTAL_PER_SECOND, TOTAL),
                        fromZero(r, "exponent", 10, EXPONENT));
            }
            case "lognormal" -> {
                r.rejectUnknownKeys(List.of("distribution", "median", "sigma"));
                yield new RateDistribution.LogNormal(
                        r.positiveNumber("median", ClientSpec.MAX_RATE_PER_SECOND, PER_CLIENT),
                        fromZero(r, "sigma", 10, SIGMA));
            }
            case "pareto" -> {
                r.rejectUnknownKeys(List.of("distribution", "min", "alpha"));
                yield new RateDistribution.Pareto(r.positiveNumber("min", ClientSpec.MAX_RATE_PER_SECOND, PER_CLIENT),
                        r.positiveNumber("alpha", 100, ALPHA));
            }
            default -> throw r.error("distribution", "'" + name + "' is not a rate distribution", DISTRIBUTIONS);
        };
    }

    /** A number from 0 to {@code max}. */
    private static double fromZero(ConfigReader r, String key, double max, String allowed) {
        double d = r.number(key, allowed);
        if (!(d >= 0)) {
            throw r.error(key, r.shown(key) + " is negative", allowed);
        }
        if (d > max) {
            throw r.error(key, r.shown(key) + " is too large", allowed);
        }
        return d;
    }
}
