package io.edgesim.result;

/** The Retry-After values rejected clients saw, whole seconds as the header carries them (at least 1). */
public record RetryAfterStats(long p50, long p90, long max) {
}
