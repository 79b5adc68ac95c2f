package io.edgesim.result;

/** Test fixture: what tests read from a {@link RunResult}. */
public final class RunResults {

    private RunResults() {
    }

    /** The limiter named {@code name} in {@code run} (the test fails when there is none). */
    public static LimiterResult limiter(RunResult run, String name) {
        return run.limiters().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no limiter " + name + " in " + run.limiters().stream()
                        .map(LimiterResult::name).toList()));
    }
}
