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

    ClientSource(Population population, int index, PopPicker picker, long durationNanos, long seed) {
        this.population = population;
        this.index = index;
        this.picker = picker;
        this.random = Seeds.random(seed, "client", population.name(), index);
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
        Request request = new Request(id, timeNanos, pop, population.name(), expand(h.apiKey(), n),
                expand(h.ip(), n), expand(h.xff(), n), expand(h.anonToken(), n), expand(h.path(), n),
                population.cost());
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

    private String expand(Template template, long requestNumber) {
        return template == null ? null : template.expand(index, requestNumber);
    }
}
