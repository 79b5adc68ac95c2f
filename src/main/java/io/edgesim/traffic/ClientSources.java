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
 * The clients of one population, source {@code c} being client {@code c}: each one's regular arrivals (constant or
 * Poisson over a possibly ramped rate) merged with its bursts, each request sent to a PoP as the population's
 * {@link PopChoice} says. All draws come from the client's own generator, {@code Seeds.random(seed, "client", name,
 * index)}, in the client's own request order, so a client's requests do not depend on any other client. A rate drawn
 * from a distribution and the PoPs kept with {@code pops-per-key} come from generators of their own
 * ({@link ClientRates}, {@link KeptPops}), drawn once before the first request.
 *
 * <p>Layout: what changes from request to request is kept in one {@code long[]}, a row of {@link #ROW} numbers (64
 * bytes) per client, rather than in an object per client. The merge picks clients at random among a million, so
 * every request of a large population reads its client's state from memory: from the row, whose address follows
 * from the client's number alone, the processor fetches it together with the client's other arrays (its fixed
 * headers, its kept PoPs) at once, where an object per client first had to be found through an array of references
 * and then read, one cache miss after the other.
 */
final class ClientSources implements Sources {

    // a client's row: its generator (Seeds.random(seed, "client", name, index), kept as its SplitMix64 state), the
    // cumulative rate its regular arrivals reached (a double's bits), the times of its next regular and burst
    // requests, its burst and request numbers, the hop segment it is in, and its PoP index (high half) with its
    // request number within the burst (low half)
    private static final int RANDOM = 0;
    private static final int CUMULATIVE = 1;
    private static final int REGULAR_NANOS = 2;
    private static final int BURST_NANOS = 3;
    private static final int BURST_NUMBER = 4;
    private static final int REQUEST_NUMBER = 5;
    private static final int HOP_SEGMENT = 6;
    private static final int POP_AND_BURST_REQUEST = 7;
    private static final int ROW = 8;

    private final ClientPlan plan;
    private final int count;
    private final long[] rows;
    // the population's profile when its clients share it (null: no regular requests), else null with each client's
    // own in profiles (null for a client that sends none)
    private final RateProfile profile;
    private final RateProfile[] profiles;
    // by client: header values that stay the same for all of a client's requests and that a limiter keys on,
    // expanded once (one String instance, whose hash key lookups compute once and find by identity); null arrays for
    // the others, which are expanded per request (a million clients should not each hold a string nobody looks up)
    private final String[] apiKeys;
    private final String[] ips;
    private final String[] xffs;
    private final String[] anonTokens;
    private final String[] paths;
    private final boolean sameKeys;

    ClientSources(ClientPlan plan, long seed) {
        Population population = plan.population();
        this.plan = plan;
        this.count = population.count();
        this.rows = new long[Math.multiplyExact(count, ROW)];
        this.profile = plan.rates() == null ? plan.profile() : null;
        this.profiles = plan.rates() == null ? null : new RateProfile[count];
        HeaderTemplates h = population.headers();
        boolean apiKey = plan.keyedOn(KeyKind.API_KEY);
        // X-Forwarded-For and the anonymous token fall back to, or combine with, the address
        boolean ip = plan.keyedOn(KeyKind.IP, KeyKind.XFF, KeyKind.ANON_TOKEN_IP);
        boolean xff = plan.keyedOn(KeyKind.XFF);
        boolean anonToken = plan.keyedOn(KeyKind.ANON_TOKEN_IP);
        boolean path = plan.keyedOn(KeyKind.PATH);
        this.apiKeys = apiKey ? fixed(h.apiKey()) : null;
        this.ips = ip ? fixed(h.ip()) : null;
        this.xffs = xff ? fixed(h.xff()) : null;
        this.anonTokens = anonToken ? fixed(h.anonToken()) : null;
        this.paths = path ? fixed(h.path()) : null;
        this.sameKeys = same(apiKey, h.apiKey()) && same(ip, h.ip()) && same(xff, h.xff())
                && same(anonToken, h.anonToken()) && same(path, h.path());
        for (int c = 0; c < count; c++) {
            start(c, seed);
        }
    }

    // the client's state before its first request: its first regular arrival, its first burst, its PoP
    private void start(int c, long seed) {
        Population population = plan.population();
        int at = c * ROW;
        if (profiles != null) {
            profiles[c] = plan.profileOf(c);
        }
        rows[at + RANDOM] = Seeds.derive(seed, "client", population.name(), c);
        rows[at + REGULAR_NANOS] = DONE;
        rows[at + BURST_NANOS] = DONE;
        if (profileOf(c) != null) {
            double cumulative = population.arrival() == Arrival.CONSTANT ? nextUniform(at) : exponential(at);
            rows[at + CUMULATIVE] = Double.doubleToRawLongBits(cumulative);
            rows[at + REGULAR_NANOS] = timeAt(c, cumulative);
        }
        if (population.burst() != null && plan.startNanos() < plan.endNanos()) {
            rows[at + BURST_NANOS] = plan.startNanos();
        }
        if (population.pops().mode() != PopChoice.Mode.PER_REQUEST) {
            setPopIndex(at, plan.picker().pick(c, nextUniform(at)));
        }
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public boolean sameKeys() {
        return sameKeys;
    }

    @Override
    public long nextNanos(int c) {
        int at = c * ROW;
        return Math.min(rows[at + REGULAR_NANOS], rows[at + BURST_NANOS]);
    }

    @Override
    public Request take(int c, long id) {
        int at = c * ROW;
        long regularNanos = rows[at + REGULAR_NANOS];
        long burstNanos = rows[at + BURST_NANOS];
        boolean regular = regularNanos <= burstNanos;
        long timeNanos = regular ? regularNanos : burstNanos;
        Population population = plan.population();
        String pop = plan.picker().code(popAt(c, timeNanos));
        long n = rows[at + REQUEST_NUMBER]++;
        HeaderTemplates h = population.headers();
        Request request = new Request(id, timeNanos, pop, population.name(), value(apiKeys, h.apiKey(), c, n),
                value(ips, h.ip(), c, n), value(xffs, h.xff(), c, n), value(anonTokens, h.anonToken(), c, n),
                value(paths, h.path(), c, n), population.cost(), population.plan());
        if (regular) {
            double cumulative = Double.longBitsToDouble(rows[at + CUMULATIVE])
                    + (population.arrival() == Arrival.CONSTANT ? 1 : exponential(at));
            rows[at + CUMULATIVE] = Double.doubleToRawLongBits(cumulative);
            rows[at + REGULAR_NANOS] = timeAt(c, cumulative);
        } else {
            nextBurstRequest(at);
        }
        return request;
    }

    private int popAt(int c, long timeNanos) {
        int at = c * ROW;
        PopChoice choice = plan.population().pops();
        switch (choice.mode()) {
            case PER_REQUEST -> setPopIndex(at, plan.picker().pick(c, nextUniform(at)));
            case PER_CLIENT -> {
            }
            case HOP -> {
                long segment = (timeNanos - plan.startNanos()) / choice.hopEveryNanos();
                while (rows[at + HOP_SEGMENT] < segment) {
                    rows[at + HOP_SEGMENT]++;
                    setPopIndex(at, plan.picker().pickOther(c, popIndex(at), () -> nextUniform(at)));
                }
            }
        }
        return popIndex(at);
    }

    private int popIndex(int at) {
        return (int) (rows[at + POP_AND_BURST_REQUEST] >>> 32);
    }

    private void setPopIndex(int at, int popIndex) {
        rows[at + POP_AND_BURST_REQUEST] = (long) popIndex << 32 | burstRequest(at);
    }

    private int burstRequest(int at) {
        return (int) rows[at + POP_AND_BURST_REQUEST];
    }

    private void nextBurstRequest(int at) {
        Burst burst = plan.population().burst();
        int burstRequest = burstRequest(at) + 1;
        if (burstRequest == burst.size()) {
            burstRequest = 0;
            rows[at + BURST_NUMBER]++;
        }
        rows[at + POP_AND_BURST_REQUEST] = (long) popIndex(at) << 32 | burstRequest;
        long t = plan.startNanos() + rows[at + BURST_NUMBER] * burst.everyNanos() + burst.offsetNanos(burstRequest);
        rows[at + BURST_NANOS] = t < plan.endNanos() ? t : DONE;
    }

    private RateProfile profileOf(int c) {
        return profiles == null ? profile : profiles[c];
    }

    private long timeAt(int c, double cumulativeRequests) {
        double seconds = profileOf(c).secondsAt(cumulativeRequests);
        if (Double.isNaN(seconds)) {
            return DONE;
        }
        long t = plan.startNanos() + Math.round(seconds * 1e9);
        return t < plan.endNanos() ? t : DONE;
    }

    private double exponential(int at) {
        return -Math.log(1 - nextUniform(at));
    }

    private double nextUniform(int at) {
        long state = SplitMix64.advance(rows[at + RANDOM]);
        rows[at + RANDOM] = state;
        return SplitMix64.uniform(state);
    }

    // whether a header keyed on or not, with template, is the same in all of a client's requests
    private static boolean same(boolean keyed, Template template) {
        return !keyed || template == null || !template.perRequest();
    }

    // each client's value of template, or null when it has none or expands it per request
    private String[] fixed(Template template) {
        if (template == null || template.perRequest()) {
            return null;
        }
        String[] values = new String[count];
        for (int c = 0; c < count; c++) {
            values[c] = template.expand(c, 0);
        }
        return values;
    }

    private static String value(String[] fixed, Template template, int c, long requestNumber) {
        if (fixed != null) {
            return fixed[c];
        }
        return template == null ? null : template.expand(c, requestNumber);
    }
}
