package io.edgesim.engine.cluster.actors;

import io.edgesim.model.tier.remote.ObjectRoute;

import java.util.List;

/**
 * What the feeder decided for one request and one limiter that sees it, before the request reaches its PoP: the
 * exact reference's answer (decided in arrival order) and where each of the limiter's remote stages will send it.
 * It goes with its request to the PoP's host (in an {@code Arrive}, to another process when the host is a node
 * process), which reads only the limiter and the routes; the key numbers are the coordinator's, read by its
 * {@code OutcomeSink} from the admission it kept.
 *
 * @param limiter      the limiter's index in the scenario
 * @param exactKey     the number of the request's key under the limiter's exact reference, in the numbering of
 *                     the run's {@code Admissions}
 * @param exactAllowed whether the exact reference lets the request through
 * @param exactWindow  the number of the reference window the request counts in (for the per-window figures)
 * @param remoteRoutes the object of each remote stage of the limiter, in stage order
 */
public record Admission(int limiter, int exactKey, boolean exactAllowed, long exactWindow,
                        List<ObjectRoute> remoteRoutes) {

    public Admission {
        remoteRoutes = List.copyOf(remoteRoutes);
    }
}
