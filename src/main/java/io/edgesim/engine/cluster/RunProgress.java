package io.edgesim.engine.cluster;

/**
 * Where a cluster run stands, for a progress bar: a snapshot, readable from any thread while the run goes on.
 *
 * @param phase          what the engine is doing: "starting", "running", "draining", "stopping" or "done"
 * @param scenarioNanos  scenario time reached, between 0 and the duration
 * @param durationNanos  the scenario's duration
 * @param requests       requests fed to their PoPs so far
 * @param accepted       limiter decisions so far that let a request through (over all limiters)
 */
public record RunProgress(String phase, long scenarioNanos, long durationNanos, long requests, long accepted) {

    /** Before the run starts. */
    static RunProgress starting(long durationNanos) {
        return new RunProgress("starting", 0, durationNanos, 0, 0);
    }
}
