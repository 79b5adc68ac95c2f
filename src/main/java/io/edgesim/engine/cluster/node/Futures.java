package io.edgesim.engine.cluster.node;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for what the cluster's members answer, with a timeout and a message that says what was awaited. */
public final class Futures {

    private Futures() {
    }

    /**
     * The value of {@code future}, once it completes within {@code timeout}.
     *
     * @throws IllegalStateException naming {@code what} when it does not complete in time, fails or is interrupted
     */
    public static <T> T await(CompletableFuture<T> future, Duration timeout, String what) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " took longer than " + ClusterSettings.shown(timeout), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " was interrupted", e);
        }
    }
}
