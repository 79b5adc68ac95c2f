package io.edgesim.scenario;

/**
 * Extra requests a client sends in bursts, on top of its rate: at the client's start and every {@code everyNanos}
 * after, {@code size} requests evenly spaced over {@code spreadNanos} (all at once when the spread is 0).
 *
 * @param everyNanos  time between the starts of two bursts, greater than 0
 * @param size        requests per burst, at least 1
 * @param spreadNanos time over which one burst's requests are spaced, 0 or more
 */
public record Burst(long everyNanos, int size, long spreadNanos) {

    public Burst {
        if (everyNanos <= 0 || size < 1 || spreadNanos < 0) {
            throw new IllegalArgumentException("invalid burst");
        }
    }

    /** Offset of request {@code k} (0-based) from the start of its burst. */
    public long offsetNanos(int k) {
        return spreadNanos * k / size;
    }
}
