package io.edgesim.model.algorithm;

/** Creates the counter that implements an {@link AlgorithmSpec}. */
final class Algorithms {

    private Algorithms() {
    }

    static RateCounter newCounter(AlgorithmSpec spec) {
        return switch (spec.kind()) {
            case FIXED_WINDOW -> new FixedWindowCounter(spec.limit(), spec.windowNanos());
            case SLIDING_WINDOW, SLIDING_LOG, TOKEN_BUCKET, GCRA ->
                    throw new UnsupportedOperationException(spec.kind().configName() + " is not implemented yet");
        };
    }
}
