package io.edgesim.model.tier.remote;

import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;

/**
 * Decides which Durable Object serves a key and where it lives, for one limiter stage. Placement is fixed when the
 * object is created:
 * <ul>
 *   <li>{@code first-request}: homed in the Durable-Object-capable region nearest the PoP of the first request for
 *       the key, and remembered (the production default, and why an object can live far from its users);</li>
 *   <li>{@code fixed}: always {@code placement.region()};</li>
 *   <li>{@code location-hint}: the home of the hinted area ({@link RegionMap#areaHome}); regions.conf maps
 *       {@code sam} to an Eastern North America region, and {@code afr} and {@code me} to a Western Europe one
 *       (the documented nearby location is not published: an assumption);</li>
 *   <li>{@code per-area}: one object per key per area, named {@code key + "@" + area} after the area of the
 *       request's PoP, homed at that area's home (a regional instead of a global limit).</li>
 * </ul>
 * Single owner: {@code first-request} remembers homes, so one instance must see every key's first request.
 */
public final class PlacementPolicy {

    private final Placement placement;
    private final RegionMap regions;
    private final KeyArray<String> firstRequestHomes = new KeyArray<>();

    /**
     * Checks that a fixed region can home objects and that a hint names an area with a home.
     */
    public PlacementPolicy(Placement placement, RegionMap regions) {
        this.placement = placement;
        this.regions = regions;
        switch (placement.policy()) {
            case FIXED -> {
                if (placement.region() == null || !regions.region(placement.region()).durableObjects()) {
                    throw new IllegalArgumentException("region '" + placement.region()
                            + "' cannot home Durable Objects");
                }
            }
            case LOCATION_HINT -> {
                if (!RegionMap.AREAS.contains(placement.hint())) {
                    throw new IllegalArgumentException("unknown location hint '" + placement.hint() + "'; allowed: "
                            + String.join(", ", RegionMap.AREAS));
                }
                regions.areaHome(placement.hint());
            }
            case FIRST_REQUEST, PER_AREA -> {
            }
        }
    }

    /**
     * The object that serves {@code key} for a request landing in {@code requestPop}, and its home region;
     * {@code keyId} is the key's number in the run's {@link KeyIds} (first-request homes are kept by it).
     */
    public ObjectRoute route(String key, int keyId, String requestPop) {
        return switch (placement.policy()) {
            case FIRST_REQUEST -> new ObjectRoute(key, firstRequestHome(keyId, requestPop));
            case FIXED -> new ObjectRoute(key, placement.region());
            case LOCATION_HINT -> new ObjectRoute(key, regions.areaHome(placement.hint()));
            case PER_AREA -> {
                String area = regions.region(requestPop).area();
                yield new ObjectRoute(key + "@" + area, regions.areaHome(area));
            }
        };
    }

    /** Reads the first-request home of key number {@code keyId}, if it has one, changing nothing. */
    long touch(int keyId) {
        return placement.policy() == Placement.Policy.FIRST_REQUEST && firstRequestHomes.get(keyId) != null ? 1 : 0;
    }

    private String firstRequestHome(int keyId, String requestPop) {
        String home = firstRequestHomes.get(keyId);
        if (home == null) {
            home = regions.nearestDurableObjectRegion(requestPop);
            firstRequestHomes.put(keyId, home);
        }
        return home;
    }

    public Placement placement() {
        return placement;
    }
}
