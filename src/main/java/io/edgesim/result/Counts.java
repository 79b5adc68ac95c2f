package io.edgesim.result;

/**
 * Request counts; always {@code sent == accepted + rejected + failed}.
 *
 * @param failedOpen how many of the failed requests were let through anyway (the limiter failed open)
 */
public record Counts(long sent, long accepted, long rejected, long failed, long failedOpen) {

    public Counts {
        if (sent != accepted + rejected + failed) {
            throw new IllegalArgumentException("counts do not add up: sent " + sent + " != " + accepted + " + "
                    + rejected + " + " + failed);
        }
    }

    /** Requests that reached the application: accepted plus failed open. */
    public long letThrough() {
        return accepted + failedOpen;
    }
}
