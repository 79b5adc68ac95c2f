package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.model.Seeds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.scenario.Arrival;
import io.edgesim.scenario.Burst;
import io.edgesim.scenario.ClientSpec.Population;
import io.edgesim.scenario.HeaderTemplates;
import io.edgesim.scenario.PopChoice;
import io.edgesim.scenario.Template;

/**
 * One client of a population: its regular arrivals (constant or Poisson over a possibly ramped rate) merged with its
 * bursts, each request sent to a PoP as the population's {@link PopChoice} says. All draws come from the client's
 * own generator, {@code Seeds.random(seed, "client", name, index)}, in the client's own request order, so a client's
 * requests do not depend on any other client. A rate drawn from a distribution and the PoPs kept with
 * {@code pops-per-key} come from generators of their own ({@link ClientRates}, {@link KeptPops}), drawn once before
 * the first request.
 */
final class ClientSource implements Source {

    private final ClientPlan plan;
    private final int index;
    // the population's profile, or this client's own when it drew its rate; null: no regular requests
    private final RateProfile profile;
    // the client's generator, Seeds.random(seed, "client", name, index), kept as its SplitMix64 state
    private long randomState;
    private double cumulative;
    private long regularNanos = DONE;
    private long burstNumber;
    private int burstRequest;
    private long burstNanos = DONE;
    private long requestNumber;
    private int popIndex;
    private long hopSegment;
    // header values that stay the same for all of this client's requests and that a limiter keys on, expanded once
    // (one String instance, whose hash key lookups compute once and find by identity); null for the others, which
    // are expanded per request (a million clients should not each hold a string nobody looks up)
    private final String apiKey;
    private final String ip;
    private final String xff;
    private final String anonToken;
    private final String path;

    ClientSource(ClientPlan plan, int index, long seed) {
        Population population = plan.population();
        this.plan = plan;
        this.index = index;
        this.profile = plan.profileOf(index);
        this.randomState = Seeds.derive(seed, "client", population.name(), index);
        HeaderTemplates h = population.headers();
        this.apiKey = plan.keyedOn(KeyKind.API_KEY) ? fixed(h.apiKey()) : null;
        // X-Forwarded-For and the anonymous token fall back to, or combine with, the address
        this.ip = plan.keyedOn(KeyKind.IP, KeyKind.XFF, KeyKind.ANON_TOKEN_IP) ? fixed(h.ip()) : null;
        this.xff = plan.keyedOn(KeyKind.XFF) ? fixed(h.xff()) : null;
        this.anonToken = plan.keyedOn(KeyKind.ANON_TOKEN_IP) ? fixed(h.anonToken()) : null;
        this.path = plan.keyedOn(KeyKind.PATH) ? fixed(h.path()) : null;
        if (profile != null) {
            cumulative = population.arrival() == Arrival.CONSTANT ? nextUniform() : exponential();
            regularNanos = timeAt(cumulative);
        }
        if (population.burst() != null && plan.startNanos() < plan.endNanos()) {
            burstNanos = plan.startNanos();
        }
        if (population.pops().mode() != PopChoice.Mode.PER_REQUEST) {
            popIndex = plan.picker().pick(index, nextUniform());
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
        Population population = plan.population();
        String pop = plan.picker().code(popAt(timeNanos));
        long n = requestNumber++;
        HeaderTemplates h = population.headers();
        Request request = new Request(id, timeNanos, pop, population.name(), value(apiKey, h.apiKey(), n),
                value(ip, h.ip(), n), value(xff, h.xff(), n), value(anonToken, h.anonToken(), n),
                value(path, h.path(), n), population.cost(), population.plan());
        if (regular) {
            cumulative += population.arrival() == Arrival.CONSTANT ? 1 : exponential();
            regularNanos = timeAt(cumulative);
        } else {
            nextBurstRequest();
        }
        return request;
    }

    private int popAt(long timeNanos) {
        PopChoice choice = plan.population().pops();
        switch (choice.mode()) {
            case PER_REQUEST -> popIndex = plan.picker().pick(index, nextUniform());
            case PER_CLIENT -> {
            }
            case HOP -> {
                long segment = (timeNanos - plan.startNanos()) / choice.hopEveryNanos();
                while (hopSegment < segment) {
                    hopSegment++;
                    popIndex = plan.picker().pickOther(index, popIndex, this::nextUniform);
                }
            }
        }
        return popIndex;
    }

    private void nextBurstRequest() {
        Burst burst = plan.population().burst();
        if (++burstRequest == burst.size()) {
            burstRequest = 0;
            burstNumber++;
        }
        long t = plan.startNanos() + burstNumber * burst.everyNanos() + burst.offsetNanos(burstRequest);
        burstNanos = t < plan.endNanos() ? t : DONE;
    }

    private long timeAt(double cumulativeRequests) {
        double seconds = profile.secondsAt(cumulativeRequests);
        if (Double.isNaN(seconds)) {
            return DONE;
        }
        long t = plan.startNanos() + Math.round(seconds * 1e9);
        return t < plan.endNanos() ? t : DONE;
    }

    private double exponential() {
        return -Math.log(1 - nextUniform());
    }

    private double nextUniform() {
        randomState = SplitMix64.advance(randomState);
        return SplitMix64.uniform(randomState);
    }

    private String fixed(Template template) {
        return template == null || template.perRequest() ? null : template.expand(index, 0);
    }

    private String value(String fixed, Template template, long requestNumber) {
        return fixed != null || template == null ? fixed : template.expand(index, requestNumber);
    }
}
