package io.edgesim.model.tier.remote;

/**
 * Where a request for a remote counter goes.
 *
 * @param objectName the Durable Object's name (the key, plus the area for per-area objects), or the origin key
 * @param homeRegion the region whose node serves it
 */
public record ObjectRoute(String objectName, String homeRegion) {
}
