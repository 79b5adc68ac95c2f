package io.edgesim.report;

import io.edgesim.model.response.RateLimitResponse;
import io.edgesim.result.DecisionListener;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The --decisions file: one CSV row per request per limiter, in the order the engine completed them. retry_after_s is
 * what the Retry-After header would carry ({@link RateLimitResponse#retryAfterSeconds(long)}: whole seconds, rounded
 * up, at least 1), 0 when the deciding stage gave no wait (an allowed request), and {@value #NEVER} for a request
 * that can never pass, whose 429 carries no Retry-After (the report counts those as {@code retry_after_s.never}).
 * time_ms is cut to the microsecond, latency_ms rounded to it (empty when not known: a request lost with a node of
 * the cluster).
 */
public final class DecisionsCsv implements DecisionListener {

    public static final String HEADER = "limiter,time_ms,pop,key,cost,allowed,remaining,retry_after_s,latency_ms";

    /** retry_after_s of a request that can never pass. */
    public static final String NEVER = "never";

    private final BufferedWriter out;

    /** Writes the header and then a row per decision to {@code stream}, buffered; {@link #close} closes the stream. */
    public DecisionsCsv(OutputStream stream) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
        out.write(HEADER);
        out.write('\n');
    }

    @Override
    public void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed,
                        long remaining, long retryAfterNanos, long latencyNanos) {
        String retryAfterSeconds = retryAfterNanos <= 0 ? "0"
                : RateLimitResponse.neverPasses(retryAfterNanos) ? NEVER
                : Long.toString(RateLimitResponse.retryAfterSeconds(retryAfterNanos));
        try {
            out.write(Csv.field(limiter) + ',' + instant(timeNanos) + ',' + pop + ',' + Csv.field(key) + ',' + cost
                    + ',' + allowed + ',' + remaining + ',' + retryAfterSeconds + ','
                    + (latencyNanos < 0 ? "" : millis(latencyNanos)) + '\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A time of the run in ms to the microsecond, cut rather than rounded (a request 1 ns before the end of a 10 s
     * run is at 9999.999, not 10000.000, outside the run); exact for any non-negative time.
     */
    static String instant(long nanos) {
        long micros = nanos / 1_000;
        long fraction = micros % 1_000;
        return micros / 1_000 + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".") + fraction;
    }

    // a duration in ms, rounded to the microsecond
    private static String millis(long nanos) {
        return Numbers.fixed(nanos / 1e6, 3);
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
