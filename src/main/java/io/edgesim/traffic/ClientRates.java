package io.edgesim.traffic;

import io.edgesim.model.Seeds;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.ClientSpec.Population;
import io.edgesim.scenario.RateDistribution;

/**
 * The rate each client of a population draws once from the population's {@link RateDistribution}, computed when
 * asked rather than stored. Client {@code i} draws from its own generator, {@code Seeds.derive(seed, "rate", name,
 * i)}, so its rate depends on nothing but the seed, the population's name and settings and its index (a Zipf rate
 * also on the count). StrictMath makes the rates the same bits on every JVM. Rates are cut to
 * {@link ClientSpec#MAX_RATE_PER_SECOND}.
 */
final class ClientRates {

    private final RateDistribution distribution;
    private final String name;
    private final long seed;
    // Zipf: total / H(count, s), the rate of client 0
    private final double zipfFirst;

    private ClientRates(RateDistribution distribution, String name, long seed, double zipfFirst) {
        this.distribution = distribution;
        this.name = name;
        this.seed = seed;
        this.zipfFirst = zipfFirst;
    }

    /** The rates of {@code population}'s clients, which must have a distribution. */
    static ClientRates of(Population population, long seed) {
        RateDistribution d = population.rates();
        double zipfFirst = d instanceof RateDistribution.Zipf zipf
                ? zipf.totalPerSecond() / harmonic(population.count(), zipf.exponent()) : 0;
        return new ClientRates(d, population.name(), seed, zipfFirst);
    }

    /** H(n, s) = sum over k = 1..n of k^-s, summed from the smallest term so that rounding stays small. */
    static double harmonic(int n, double s) {
        double sum = 0;
        for (int k = n; k >= 1; k--) {
            sum += StrictMath.pow(k, -s);
        }
        return sum;
    }

    /** Requests per second of client {@code index} (0-based): 0 or more, at most the per-client maximum. */
    double perSecond(int index) {
        double rate;
        if (distribution instanceof RateDistribution.Zipf zipf) {
            rate = zipfFirst * StrictMath.pow(index + 1.0, -zipf.exponent());
        } else if (distribution instanceof RateDistribution.LogNormal logNormal) {
            rate = StrictMath.exp(StrictMath.log(logNormal.medianPerSecond())
                    + logNormal.sigma() * standardNormal(index));
        } else {
            RateDistribution.Pareto pareto = (RateDistribution.Pareto) distribution;
            long state = SplitMix64.advance(generator(index));
            rate = pareto.minPerSecond() / StrictMath.pow(1 - SplitMix64.uniform(state), 1 / pareto.alpha());
        }
        return Math.min(rate, ClientSpec.MAX_RATE_PER_SECOND);
    }

    /** A standard normal draw for client {@code index}: Box-Muller on the first two uniforms of its generator. */
    private double standardNormal(int index) {
        long first = SplitMix64.advance(generator(index));
        long second = SplitMix64.advance(first);
        return StrictMath.sqrt(-2 * StrictMath.log(1 - SplitMix64.uniform(first)))
                * StrictMath.cos(2 * StrictMath.PI * SplitMix64.uniform(second));
    }

    /** The initial state of client {@code index}'s rate generator. */
    private long generator(int index) {
        return Seeds.derive(seed, "rate", name, index);
    }
}
