package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.model.Seeds;
import io.edgesim.scenario.Arrival;
import io.edgesim.scenario.Burst;
import io.edgesim.scenario.ClientSpec.Population;
import io.edgesim.scenario.HeaderTemplates;
import io.edgesim.scenario.PopChoice;
import io.edgesim.scenario.Template;

import java.util.SplittableRandom;

/**
 * One client of a population: its regular arrivals (constant or Poisson over a possibly ramped rate) merged with its
 * bursts, each request sent to a PoP as the population's {@link PopChoice} says. All draws come from the client's
 * own generator, {@code Seeds.random(seed, "client", name, index)}, in the client's own request order, so a client's
 * requests do not depend on any other client.
 */
final class ClientSource implements Source {

    private final Population population;
    private final int index;
    private final SplittableRandom random;
    private final PopPicker picker;
    private final long startNanos;
    private final long endNanos;
    private final RateProfile profile;
    private double cumulative;
    private long regularNanos = DONE;
    private long burstNumber;
    private int burstRequest;
    private long burstNanos = DONE;
    private long requestNumber;
    private int popIndex;
    private long hopSegment;
    // header values that stay the same for all of this client's requests, expanded once (and so one String
    // instance, whose hash limiters' maps compute once)
    private final String apiKey;
    private final String ip;
    private final String xff;
    private final String anonToken;
    private final String path;

    ClientSource(Population population, int index, PopPicker picker, long durationNanos, long seed) {
        this.population = population;
        this.index = index;
        this.picker = picker;
        this.random = Seeds.random(seed, "client", population.name(), index);
        HeaderTemplates h = population.headers();
        this.apiKey = fixed(h.apiKey());
        this.ip = fixed(h.ip());
        this.xff = fixed(h.xff());
        this.anonToken = fixed(h.anonToken());
        this.path = fixed(h.path());
        this.startNanos = population.startNanos();
        // the ramp is defined up to stop even when the run ends first
        this.endNanos = Math.min(population.stopNanos(), durationNanos);
        if (population.ratePerSecond() > 0) {
            profile = new RateProfile(population.ratePerSecond(), population.rampToPerSecond(),
                    (population.stopNanos() - startNanos) / 1e9);
            cumulative = population.arrival() == Arrival.CONSTANT ? random.nextDouble() : exponential();
            regularNanos = timeAt(cumulative);
        } else {
            profile = null;
        }
        if (population.burst() != null && startNanos < endNanos) {
            burstNanos = startNanos;
        }
        if (population.pops().mode() != PopChoice.Mode.PER_REQUEST) {
            popIndex = picker.pick(random);
        }
    }

    @Override
    public long nextNanos() {
        return Math.min(regularNanos, burstNanos);
    }

    @Override
    public Request take(long id) {
        boolean regular = regularNanos <= burstNanos;
        long timeNanos = regular ? regularNanos : burstNanos;
        String pop = picker.code(popAt(timeNanos));
        long n = requestNumber++;
        HeaderTemplates h = population.headers();
        Request request = new Request(id, timeNanos, pop, population.name(), value(apiKey, h.apiKey(), n),
                value(ip, h.ip(), n), value(xff, h.xff(), n), value(anonToken, h.anonToken(), n),
                value(path, h.path(), n), population.cost());
        if (regular) {
            cumulative += population.arrival() == Arrival.CONSTANT ? 1 : exponential();
            regularNanos = timeAt(cumulative);
        } else {
            nextBurstRequest();
        }
        return request;
    }

    private int popAt(long timeNanos) {
        PopChoice choice = population.pops();
        switch (choice.mode()) {
            case PER_REQUEST -> popIndex = picker.pick(random);
            case PER_CLIENT -> {
            }
            case HOP -> {
                long segment = (timeNanos - startNanos) / choice.hopEveryNanos();
                while (hopSegment < segment) {
                    hopSegment++;
                    popIndex = picker.pickOther(popIndex, random);
                }
            }
        }
        return popIndex;
    }

    private void nextBurstRequest() {
        Burst burst = population.burst();
        if (++burstRequest == burst.size()) {
            burstRequest = 0;
            burstNumber++;
        }
        long t = startNanos + burstNumber * burst.everyNanos() + burst.offsetNanos(burstRequest);
        burstNanos = t < endNanos ? t : DONE;
    }

    private long timeAt(double cumulativeRequests) {
        double seconds = profile.secondsAt(cumulativeRequests);
        if (Double.isNaN(seconds)) {
            return DONE;
        }
        long t = startNanos + Math.round(seconds * 1e9);
        return t < endNanos ? t : DONE;
    }

    private double exponential() {
        return -Math.log(1 - random.nextDouble());
    }

    private String fixed(Template template) {
        return template == null || template.perRequest() ? null : template.expand(index, 0);
    }

    private String value(String fixed, Template template, long requestNumber) {
        return fixed != null || template == null ? fixed : template.expand(index, requestNumber);
    }
}
