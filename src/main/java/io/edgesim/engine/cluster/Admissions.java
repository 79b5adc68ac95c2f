package io.edgesim.engine.cluster;

import io.edgesim.engine.ExactReferences;
import io.edgesim.engine.cluster.actors.Admission;
import io.edgesim.model.Request;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.remote.PlacementPolicy;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The decisions of a run that need one owner, taken by the feeding thread for every request in arrival order: each
 * limiter's exact reference, and the routes of its remote stages. A first-request Durable Object must be homed by
 * whichever request for its key comes first; the model's {@link PlacementPolicy} remembers that, so one instance
 * per stage sees every request here. Keys are numbered here, once per request and kind, in the run's
 * {@link KeyIds} ({@link #keys()}), which the run's recorder counts by.
 *
 * <p>Where the engines differ: the virtual engine routes a request when it leaves its PoP for the object, so a
 * request an earlier in-PoP stage refuses never homes an object; here every request the limiter sees is routed, in
 * arrival order. With first-request placement behind an in-PoP stage that refuses a key's very first requests, the
 * two engines can home that object differently. Not thread-safe.
 */
final class Admissions {

    private final List<LimiterSpec> limiters;
    private final KeyIds keys = new KeyIds();
    private final ExactReferences exact;
    // per limiter, the remote tier of each remote stage, used only to route (they serve nothing here)
    private final RemoteTier[][] routers;
    // by reference, for the request being admitted: whether it was decided for it already, and its answers
    private final boolean[] decided;
    private final boolean[] allowed;
    private final int[] exactKeys;
    private final long[] windows;

    Admissions(Scenario scenario) {
        this.limiters = scenario.limiters();
        this.exact = new ExactReferences(limiters, keys);
        this.routers = new RemoteTier[limiters.size()][];
        for (int l = 0; l < limiters.size(); l++) {
            routers[l] = limiters.get(l).stages().stream().filter(stage -> stage.kind().remote())
                    .map(stage -> RemoteTier.of(stage, scenario.regions(), keys,
                            FaultTimeline.none(scenario.regions()), 0))
                    .toArray(RemoteTier[]::new);
        }
        int references = exact.count();
        this.decided = new boolean[references];
        this.allowed = new boolean[references];
        this.exactKeys = new int[references];
        this.windows = new long[references];
    }

    /** The numbering of the run's keys; read it from another thread only once the feeding is over. */
    KeyIds keys() {
        return keys;
    }

    /** The admissions of {@code request}, one per limiter that sees it; call in arrival order. */
    List<Admission> admit(Request request) {
        Arrays.fill(decided, false);
        List<Admission> admissions = new ArrayList<>(limiters.size());
        for (int l = 0; l < limiters.size(); l++) {
            LimiterSpec limiter = limiters.get(l);
            if (!limiter.sees(request.client())) {
                continue;
            }
            // a reference is decided at its first limiter, so that keys are numbered in the order they always were
            int r = exact.reference(l);
            if (!decided[r]) {
                decided[r] = true;
                exactKeys[r] = keys.idOf(exact.keyKind(r).extract(request), request.plan());
                allowed[r] = exact.allows(r, exactKeys[r], request.timeNanos(), request.cost());
                windows[r] = exact.window(r, exactKeys[r], request.timeNanos());
            }
            List<ObjectRoute> routes = new ArrayList<>(routers[l].length);
            int remote = 0;
            for (StageSpec stage : limiter.stages()) {
                if (stage.kind().remote()) {
                    String key = stage.key().extract(request);
                    routes.add(routers[l][remote++].route(key, keys.idOf(key, request.plan()), request.pop(),
                            request.id()));
                }
            }
            admissions.add(new Admission(l, exactKeys[r], allowed[r], windows[r], routes));
        }
        return admissions;
    }
}
