package io.edgesim.engine.virtual;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.ServeResult;

import java.util.Map;

/**
 * A remote tier as the virtual engine drives it: route a key to its home, serve it there, report usage. Keys come
 * with their number in the run's {@link io.edgesim.model.key.KeyIds}.
 */
interface RemoteStage {

    /** Where the request for {@code key} from {@code pop} goes (may fix a first-request home). */
    ObjectRoute route(String key, int keyId, String pop);

    /** Serves a request that reached its home at {@code arrivalNanos}; arrivals per route in time order. */
    ServeResult serve(ObjectRoute route, int keyId, long arrivalNanos, int cost);

    /**
     * The same, answered into {@code into} (reused from request to request; no object is made for the answer);
     * returns when the reply leaves the server.
     */
    long serve(ObjectRoute route, int keyId, long arrivalNanos, int cost, StageVerdict into);

    Usage usage();

    /** Statistics for the report ("objects" -> how many Durable Objects were created). */
    Map<String, Long> stats();
}
