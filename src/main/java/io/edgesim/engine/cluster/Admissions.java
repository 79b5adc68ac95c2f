package io.edgesim.engine.cluster;

import io.edgesim.engine.ExactReference;
import io.edgesim.model.Request;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.OriginServer;
import io.edgesim.model.tier.PlacementPolicy;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * The decisions of a run that need one owner, taken by the feeding thread for every request in arrival order: each
 * limiter's exact reference, and the routes of its remote stages. A first-request Durable Object must be homed by
 * whichever request for its key comes first; the model's {@link PlacementPolicy} remembers that, so one instance
 * per stage sees every request here.
 *
 * <p>Where the engines differ: the virtual engine routes a request when it leaves its PoP for the object, so a
 * request an earlier in-PoP stage refuses never homes an object; here every request the limiter sees is routed, in
 * arrival order. With first-request placement behind an in-PoP stage that refuses a key's very first requests, the
 * two engines can home that object differently. Not thread-safe.
 */
final class Admissions {

    private final List<LimiterSpec> limiters;
    private final ExactReference[] exact;
    private final Router[][] routers;

    Admissions(Scenario scenario) {
        this.limiters = scenario.limiters();
        this.exact = new ExactReference[limiters.size()];
        this.routers = new Router[limiters.size()][];
        for (int l = 0; l < limiters.size(); l++) {
            LimiterSpec limiter = limiters.get(l);
            exact[l] = new ExactReference(limiter);
            routers[l] = limiter.stages().stream().filter(stage -> stage.kind().remote())
                    .map(stage -> router(stage, scenario)).toArray(Router[]::new);
        }
    }

    /** The admissions of {@code request}, one per limiter that sees it; call in arrival order. */
    List<Admission> admit(Request request) {
        List<Admission> admissions = new ArrayList<>(limiters.size());
        for (int l = 0; l < limiters.size(); l++) {
            LimiterSpec limiter = limiters.get(l);
            if (!limiter.sees(request.client())) {
                continue;
            }
            boolean exactAllowed = exact[l].allows(request);
            long exactWindow = exact[l].window(request);
            List<ObjectRoute> routes = new ArrayList<>(routers[l].length);
            int remote = 0;
            for (StageSpec stage : limiter.stages()) {
                if (stage.kind().remote()) {
                    routes.add(routers[l][remote++].route(stage.key().extract(request), request.pop()));
                }
            }
            admissions.add(new Admission(l, exactAllowed, exactWindow, routes));
        }
        return admissions;
    }

    private static Router router(StageSpec stage, Scenario scenario) {
        if (stage.tier() instanceof TierSettings.DurableObject settings) {
            return new PlacementPolicy(settings.placement(), scenario.regions())::route;
        }
        OriginServer origin = new OriginServer(stage.algorithm(), (TierSettings.Origin) stage.tier());
        return (key, pop) -> origin.route(key);
    }

    /** Where a remote stage sends a request for {@code key} landing in {@code pop}. */
    @FunctionalInterface
    private interface Router {
        ObjectRoute route(String key, String pop);
    }
}
