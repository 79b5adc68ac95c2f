package io.edgesim.result;

import java.util.List;

/**
 * A limiter's outcomes over scenario time in equal buckets (at most a few hundred, so a day-long run stays small).
 *
 * @param bucketSeconds width of each bucket
 * @param accepted      accepted requests per bucket (by arrival time)
 * @param rejected      rejected requests per bucket
 * @param failed        failed requests per bucket
 * @param failedOpen    of those, the ones the limiter let through anyway (failed open), per bucket
 */
public record Timeline(double bucketSeconds, List<Long> accepted, List<Long> rejected, List<Long> failed,
                       List<Long> failedOpen) {

    /** Requests let through (accepted plus failed open) in bucket {@code i}. */
    public long letThrough(int i) {
        return accepted.get(i) + failedOpen.get(i);
    }
}
